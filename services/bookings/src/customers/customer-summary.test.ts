/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * The directory's stored figures against a computation from scratch (rfm.ts over every booking),
 * keyset paging under each sort, search, and the rescoring job.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ownerTx } from '@venue/service-kit/testing';
import {
  futureDate,
  OTHER,
  OTHER_HALL,
  OWNER,
  ROOM,
  unstartedHarness,
  useHarness,
} from '../testing/harness.ts';
import { addDays, venueToday, zonedInstant } from '../shared/time.ts';
import { computeRfm } from './rfm.ts';

const h = unstartedHarness();

/** Every customer of the tenant, read page by page through the API. */
async function everyCustomer(token: string, query = '') {
  const all: any[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res = await h.call(
      'GET',
      `/api/customers?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`,
      token,
    );
    assert.equal(res.status, 200, res.text);
    all.push(...res.body.items);
    cursor = res.body.nextCursor;
    if (!cursor) break;
  }
  return all;
}

/** The figures computeRfm gives over the tenant's bookings as they stand, on the clock's date. */
async function fromScratch(tenantId: string) {
  const { customers, bookings, timezone } = await h.t.kit.db.tenantTx(tenantId, async (tx) => ({
    customers: (await tx.query<{ id: string; tier: string }>(`SELECT id, tier FROM customers`)).rows,
    bookings: (
      await tx.query<{ customer_id: string; d: string; p: number | string; status: string }>(
        `SELECT customer_id, to_char(booking_date, 'YYYY-MM-DD') AS d, calculated_price_cents AS p, status FROM bookings`,
      )
    ).rows,
    timezone: (await tx.query<{ timezone: string }>(`SELECT timezone FROM tenant_settings`)).rows[0]!
      .timezone,
  }));
  const today = venueToday(h.clock.now, timezone);
  const results = computeRfm(
    customers.map((c) => ({
      key: c.id,
      tier: c.tier,
      bookings: bookings
        .filter((b) => b.customer_id === c.id)
        .map((b) => ({ date: b.d, spendCents: Number(b.p), status: b.status })),
    })),
    today,
  );
  return new Map(results.map((r) => [r.key, r]));
}

/**
 * The directory's stored counts per segment, VIP and not-for-profit (migration 018) against a
 * count of the tenant's customer rows, and the headline figures a page shows from them.
 */
async function assertGroupsInStep(tenantId: string, token: string) {
  const { stored, counted } = await h.t.kit.db.tenantTx(tenantId, async (tx) => ({
    stored: (
      await tx.query(
        `SELECT segment, vip, nfp, customers::int AS n FROM customer_groups WHERE customers <> 0 ORDER BY 1, 2, 3`,
      )
    ).rows,
    counted: (
      await tx.query(
        `SELECT segment, vip, tier = 'nonprofit' AS nfp, count(*)::int AS n FROM customers GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
    ).rows,
  }));
  assert.deepEqual(stored, counted);
  const all = await everyCustomer(token);
  const page = await h.call('GET', '/api/customers?limit=1', token);
  assert.deepEqual(
    [page.body.total, page.body.stats.total, page.body.stats.vip, page.body.stats.atRisk],
    [
      all.length,
      all.length,
      all.filter((c) => c.tags.includes('VIP')).length,
      all.filter((c) => c.segment === 'At-Risk').length,
    ],
  );
}

/**
 * The stored figures equal the computation from scratch; with `scores`, the relative RFM scores
 * and segments too (those are exact after the job, approximate between runs).
 */
async function assertMatchesScratch(tenantId: string, token: string, scores: boolean) {
  const want = await fromScratch(tenantId);
  const got = await everyCustomer(token);
  assert.equal(got.length, want.size);
  for (const c of got) {
    const w = want.get(c.id)!;
    const label = `${c.id} (${c.name})`;
    assert.equal(c.totalBookings, w.totalBookings, `totalBookings of ${label}`);
    assert.equal(c.lifetimeSpendCents, w.lifetimeSpendCents, `lifetimeSpendCents of ${label}`);
    assert.equal(c.lastActiveDays, w.lastActiveDays, `lastActiveDays of ${label}`);
    assert.equal(c.frequency12m, w.frequency12m, `frequency12m of ${label}`);
    assert.equal(c.monetary12mCents, w.monetary12mCents, `monetary12mCents of ${label}`);
    assert.equal(c.clvCents, w.clvCents, `clvCents of ${label}`);
    assert.deepEqual(c.tags, w.tags, `tags of ${label}`);
    if (scores) {
      assert.equal(c.rfm, w.rfm, `rfm of ${label}`);
      assert.equal(c.segment, w.segment, `segment of ${label}`);
    }
    const one = await h.call('GET', `/api/customers/${c.id}`, token);
    assert.equal(one.body.avgSpendPerBookingCents, w.avgSpendPerBookingCents, `average of ${label}`);
    const dates = one.body.bookings.map((b: any) => b.date).sort();
    assert.equal(one.body.firstBookingDate, dates[0] ?? null);
    assert.equal(one.body.lastBookingDate, dates[dates.length - 1] ?? null);
    assert.equal(
      one.body.cancelledBookings,
      one.body.bookings.filter((b: any) => b.status === 'cancelled').length,
    );
  }
  await assertGroupsInStep(tenantId, token);
  return got;
}

const status = (id: string, to: string) =>
  h.call('PUT', `/api/bookings/${id}/status`, h.tokens.owner, { status: to });

describe('customer figures', () => {
  useHarness(h);

  describe('customer figures kept in step with bookings', () => {
    it('match a computation from scratch after creates, status changes, edits and anonymisation; the job rescores', async () => {
      const made: Record<string, string[]> = {};
      let day = 5;
      const book = async (
        email: string,
        name: string,
        hoursLong: number,
        over: Record<string, unknown> = {},
      ) => {
        const res = await h.create({
          customerEmail: email,
          customerName: name,
          bookingDate: futureDate(day),
          startTime: '08:00',
          endTime: `${String(8 + hoursLong).padStart(2, '0')}:00`,
          ...over,
        });
        day += 7; // spread over the year: the clock moves past some of them below
        assert.equal(res.status, 201, res.text);
        (made[email] ??= []).push(res.body.booking.id);
        return res.body.booking;
      };
      await book('ann@example.com', 'Ann', 8);
      await book('ann@example.com', 'Ann', 8);
      await book('ann@example.com', 'Ann', 9);
      await book('bob@example.com', 'Bob', 2);
      await book('bob@example.com', 'Bob', 3, { status: 'confirmed' });
      await book('cat@example.com', 'Cat', 1);
      await book('nfp@example.org', 'Charity', 4, { customerTier: 'nonprofit' });
      for (let i = 0; i < 5; i++) await book('five@example.com', 'Five Times', 1);
      await book('gone@example.com', 'Gone', 6, { status: 'cancelled' });
      await assertMatchesScratch(OWNER, h.tokens.owner, false);

      // status changes: cancel, confirm and complete, a hold
      const [ann1, ann2] = made['ann@example.com']!;
      assert.equal((await status(ann1!, 'cancelled')).status, 200);
      assert.equal((await status(made['bob@example.com']![0]!, 'confirmed')).status, 200);
      assert.equal((await status(made['bob@example.com']![1]!, 'completed')).status, 200);
      assert.equal(
        (await h.call('POST', `/api/bookings/${made['cat@example.com']![0]}/accept`, h.tokens.owner, {}))
          .status,
        200,
      );
      await assertMatchesScratch(OWNER, h.tokens.owner, false);

      // edits: a longer booking (price), and one moved to another customer's e-mail
      const longer = await h.call('PUT', `/api/bookings/${ann2}`, h.tokens.owner, { endTime: '19:00' });
      assert.equal(longer.status, 200, longer.text);
      const moved = await h.call('PUT', `/api/bookings/${made['five@example.com']![0]}`, h.tokens.owner, {
        customerEmail: 'cat@example.com',
        customerName: 'Cat',
      });
      assert.equal(moved.status, 200, moved.text);
      await assertMatchesScratch(OWNER, h.tokens.owner, false);

      // anonymisation keeps the figures (the bookings keep their dates and prices)
      const bob = (await everyCustomer(h.tokens.owner)).find((c) => c.email === 'bob@example.com');
      assert.equal((await h.call('POST', `/api/customers/${bob.id}/anonymise`, h.tokens.owner)).status, 200);
      const after = await assertMatchesScratch(OWNER, h.tokens.owner, false);
      assert.equal(after.find((c) => c.id === bob.id).name, 'Anonymous');

      // the job: scores relative to the tenant's best, exact after a run
      assert.equal(await h.t.kit.runJob('customer-rfm'), true);
      const scored = await assertMatchesScratch(OWNER, h.tokens.owner, true);
      assert.ok(new Set(scored.map((c) => c.rfm)).size > 1, 'the scores differ between customers');
      const list = await h.call('GET', '/api/customers', h.tokens.owner);
      assert.ok(list.body.scoresComputedAt);

      // a year on: the window and recency moved with the venue's date, the job follows
      const realNow = h.clock.now;
      try {
        h.clock.now = new Date(realNow.getTime() + 400 * 86_400_000);
        assert.equal(await h.t.kit.runJob('customer-rfm'), true);
        const later = await assertMatchesScratch(OWNER, h.tokens.owner, true);
        assert.ok(
          later.some((c) => c.frequency12m < c.totalBookings),
          'some bookings left the window',
        );
      } finally {
        h.clock.now = realNow;
      }
      await h.t.kit.runJob('customer-rfm');
      await assertMatchesScratch(OWNER, h.tokens.owner, true);
    });

    it('a booking written after a run makes the next run rescore the tenant', async () => {
      assert.equal(await h.t.kit.runJob('customer-rfm'), true);
      const before = await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query<{ computed_at: Date | string }>(`SELECT computed_at FROM customer_rfm_state`),
      );
      await h.t.kit.runJob('customer-rfm'); // nothing changed: not rescored
      const same = await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query<{ computed_at: Date | string }>(`SELECT computed_at FROM customer_rfm_state`),
      );
      assert.deepEqual(same.rows, before.rows);
      const big = await h.create({
        customerEmail: 'whale@example.com',
        customerName: 'Whale',
        bookingDate: futureDate(300),
        selectedHall: ROOM,
        startTime: '06:00',
        endTime: '23:00',
        guestCount: 5,
      });
      assert.equal(big.status, 201, big.text);
      await h.t.kit.runJob('customer-rfm');
      const moved = await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query<{ computed_at: Date | string }>(`SELECT computed_at FROM customer_rfm_state`),
      );
      assert.notDeepEqual(moved.rows, before.rows);
      await assertMatchesScratch(OWNER, h.tokens.owner, true);
    });
  });

  describe('customer figures under concurrent writes', () => {
    it('bookings of one customer created, cancelled and moved at once all count (races are real on the server)', async () => {
      const email = 'busy@example.com';
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          h.create({
            customerEmail: email,
            customerName: 'Busy',
            selectedHall: ROOM,
            guestCount: 5,
            bookingDate: futureDate(100 + i),
            startTime: '09:00',
            endTime: `${10 + i}:00`,
          }),
        ),
      );
      for (const r of created) assert.equal(r.status, 201, r.text);
      const ids = created.map((r) => r.body.booking.id as string);
      const busy = (await everyCustomer(h.tokens.owner)).find((c) => c.email === email);
      assert.equal(busy.totalBookings, 8);
      // cancels, confirmations and a move to another customer, all at once
      const results = await Promise.all([
        status(ids[0]!, 'cancelled'),
        status(ids[1]!, 'cancelled'),
        status(ids[2]!, 'confirmed'),
        status(ids[3]!, 'confirmed'),
        h.call('PUT', `/api/bookings/${ids[4]}`, h.tokens.owner, {
          customerEmail: 'elsewhere@example.com',
          customerName: 'Elsewhere',
        }),
        h.call('PUT', `/api/bookings/${ids[5]}`, h.tokens.owner, { endTime: '20:00' }),
        h.create({
          customerEmail: email,
          customerName: 'Busy',
          selectedHall: ROOM,
          guestCount: 5,
          bookingDate: futureDate(120),
        }),
      ]);
      for (const r of results) assert.ok(r.status === 200 || r.status === 201, r.text);
      const got = await assertMatchesScratch(OWNER, h.tokens.owner, false);
      assert.equal(got.find((c) => c.email === email).totalBookings, 8 - 2 - 1 + 1);
    });
  });

  describe('lapsed holds are not spend (issue 24 item 7)', () => {
    it('expired holds and cancelled bookings count in no spend, CLV, monetary score or VIP tag', async () => {
      const hold = async (email: string, name: string, day: number, hoursLong: number) => {
        const res = await h.create({
          customerEmail: email,
          customerName: name,
          bookingDate: futureDate(day),
          startTime: '08:00',
          endTime: `${String(8 + hoursLong).padStart(2, '0')}:00`,
        });
        assert.equal(res.status, 201, res.text);
        const id = res.body.booking.id as string;
        const acc = await h.call('POST', `/api/bookings/${id}/accept`, h.tokens.owner, { holdHours: 24 });
        assert.equal(acc.status, 200, acc.text);
        return id;
      };
      // $2,700 of holds (over the $2,000 VIP line) and five holds (the 12-month VIP count), all lapsing
      for (let i = 0; i < 3; i++) await hold('lapsed-big@example.com', 'Lapsed Big', 140 + i, 9);
      for (let i = 0; i < 5; i++) await hold('lapsed-many@example.com', 'Lapsed Many', 150 + i, 1);
      // a declined request (a cancellation with its reason) of $1,500
      const declined = await h.create({
        customerEmail: 'declined@example.com',
        customerName: 'Declined',
        bookingDate: futureDate(160),
        startTime: '06:00',
        endTime: '21:00',
      });
      assert.equal(declined.status, 201, declined.text);
      const decline = await h.call(
        'POST',
        `/api/bookings/${declined.body.booking.id}/decline`,
        h.tokens.owner,
        {
          reason: 'unavailable',
        },
      );
      assert.equal(decline.status, 200, decline.text);

      const realNow = h.clock.now;
      try {
        h.clock.now = new Date(realNow.getTime() + 26 * 3_600_000);
        assert.equal(await h.t.kit.runJob('expire-holds'), true);
        assert.equal(await h.t.kit.runJob('customer-rfm'), true);
        const all = await assertMatchesScratch(OWNER, h.tokens.owner, true);
        for (const email of ['lapsed-big@example.com', 'lapsed-many@example.com', 'declined@example.com']) {
          const c = all.find((x) => x.email === email);
          const label = `${email}: ${JSON.stringify(c)}`;
          assert.equal(c.totalBookings, 0, label);
          assert.equal(c.lifetimeSpendCents, 0, label);
          assert.equal(c.monetary12mCents, 0, label);
          assert.equal(c.frequency12m, 0, label);
          assert.equal(c.clvCents, 0, label);
          assert.equal(c.monetary, 1, label);
          assert.deepEqual(c.tags, [], label);
          const one = await h.call('GET', `/api/customers/${c.id}`, h.tokens.owner);
          assert.ok(
            one.body.bookings.every((b: any) => b.status === 'expired' || b.status === 'cancelled'),
            label,
          );
        }
      } finally {
        h.clock.now = realNow;
      }
      await h.t.kit.runJob('customer-rfm');
      await assertMatchesScratch(OWNER, h.tokens.owner, true);
    });

    it('a customer active today is not At-Risk, on days across the year', async () => {
      const zone = 'Australia/Sydney';
      const realNow = h.clock.now;
      const start = venueToday(realNow, zone);
      try {
        // eight venue days over a year, one of them each side of a daylight-saving change
        for (const [i, offset] of [3, 47, 95, 131, 188, 230, 277, 340].entries()) {
          const day = addDays(start, offset);
          h.clock.now = zonedInstant(day, '06:00', zone);
          const email = `today-${i}@example.com`;
          // one small booking today, beside customers who spent far more
          const res = await h.create({
            customerEmail: email,
            customerName: `Today ${i}`,
            selectedHall: ROOM,
            guestCount: 5,
            bookingDate: day,
            startTime: '20:00',
            endTime: '21:00',
          });
          assert.equal(res.status, 201, res.text);
          assert.equal(await h.t.kit.runJob('customer-rfm'), true);
          const all = await assertMatchesScratch(OWNER, h.tokens.owner, true);
          const c = all.find((x) => x.email === email);
          assert.equal(c.lastActiveDays, 0, `${day}: ${JSON.stringify(c)}`);
          assert.notEqual(c.segment, 'At-Risk', `${day}: ${JSON.stringify(c)}`);
          const page = await h.call('GET', `/api/customers?segment=At-Risk&search=${email}`, h.tokens.owner);
          assert.equal(page.status, 200, page.text);
          assert.equal(page.body.total, 0, `${day}: listed as At-Risk`);
        }
      } finally {
        h.clock.now = realNow;
      }
      await h.t.kit.runJob('customer-rfm');
    });
  });

  describe('migration 019 on rows stored under the old rules', () => {
    it('recomputes every customer: lapsed holds out of the figures, recent customers out of At-Risk', async () => {
      // the rows as migration 005's rules left them: the lapsed holds counted, the default At-Risk
      await ownerTx(h.t.kit.db, async (tx) => {
        await tx.query(
          `UPDATE customers SET total_bookings = 3, lifetime_spend_cents = 270000, frequency_12m = 3,
                monetary_12m_cents = 270000, clv_cents = 675000, vip = true, monetary = 5
          WHERE email = 'lapsed-big@example.com'`,
        );
        await tx.query(`UPDATE customers SET segment = 'At-Risk' WHERE email LIKE 'today-%'`);
      });
      const stale = await everyCustomer(h.tokens.owner);
      assert.equal(stale.find((c) => c.email === 'lapsed-big@example.com').lifetimeSpendCents, 270000);
      const text = await readFile(
        new URL('../../migrations/019_lapsed_holds_not_spend.sql', import.meta.url),
        'utf8',
      );
      const backfill = text.slice(text.lastIndexOf('DO $$'));
      await ownerTx(h.t.kit.db, (tx) => tx.query(backfill));
      const all = await assertMatchesScratch(OWNER, h.tokens.owner, true);
      const big = all.find((c) => c.email === 'lapsed-big@example.com');
      assert.deepEqual([big.lifetimeSpendCents, big.clvCents, big.tags], [0, 0, []]);
      const today = all.filter((c) => c.email.startsWith('today-'));
      assert.equal(today.length, 8);
      assert.ok(
        today.every((c) => c.segment !== 'At-Risk' || c.recency <= 3),
        JSON.stringify(today),
      );
    });
  });

  describe('directory paging, sorting and search', () => {
    const SORTS = ['name', 'rfm', 'clv', 'lastActive', 'bookings', 'spend'] as const;
    const keyOf: Record<(typeof SORTS)[number], (c: any) => string | number> = {
      name: (c) => c.name.toLowerCase(),
      rfm: (c) => c.recency + c.frequency + c.monetary,
      clv: (c) => c.clvCents,
      // ascending Last Active = most recent first; never active last
      lastActive: (c) => (c.lastActiveDate ? -Date.parse(c.lastActiveDate) : Number.MAX_SAFE_INTEGER),
      bookings: (c) => c.totalBookings,
      spend: (c) => c.lifetimeSpendCents,
    };

    it('seeds customers of the other tenant with ties in every sort', async () => {
      for (let i = 0; i < 23; i++) {
        const n = String(i % 20).padStart(2, '0'); // names 00–02 twice: ties by name
        const res = await h.create(
          {
            selectedHall: OTHER_HALL,
            customerName: `Member ${n}`,
            customerEmail: `member${i}@club${i % 3}.example.org`,
            customerPhone: `+61 412 000 ${String(100 + i)}`,
            bookingDate: futureDate(3 + (i % 9)),
            startTime: `${String(6 + Math.floor(i / 9) * 5).padStart(2, '0')}:00`,
            endTime: `${String(7 + Math.floor(i / 9) * 5 + (i % 4)).padStart(2, '0')}:00`,
            guestCount: 10,
            status: i % 7 === 0 ? 'cancelled' : 'pending',
          },
          h.tokens.other,
        );
        assert.equal(res.status, 201, res.text);
      }
      assert.equal(await h.t.kit.runJob('customer-rfm'), true);
    });

    for (const sort of SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        it(`pages by cursor through every customer once, in ${sort} ${order} order, as page numbers do`, async () => {
          const seen: any[] = [];
          let cursor: string | null = null;
          let pages = 0;
          let total: number;
          do {
            const res = await h.call(
              'GET',
              `/api/customers?sort=${sort}&order=${order}&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
              h.tokens.other,
            );
            assert.equal(res.status, 200, res.text);
            assert.ok(res.body.items.length <= 4);
            total = res.body.total;
            seen.push(...res.body.items);
            assert.equal(res.body.hasMore, res.body.nextCursor !== null);
            cursor = res.body.nextCursor;
            pages += 1;
          } while (cursor && pages < 50);
          assert.equal(total, 23);
          assert.equal(seen.length, 23);
          assert.equal(new Set(seen.map((c) => c.id)).size, 23);
          const sign = order === 'asc' ? 1 : -1;
          for (let i = 1; i < seen.length; i++) {
            const [a, b] = [keyOf[sort](seen[i - 1]), keyOf[sort](seen[i])];
            if (a === b) assert.equal(sign * (seen[i - 1].id < seen[i].id ? -1 : 1), -1, 'ties by id');
            else if (sort !== 'name') assert.equal(a < b ? sign : -sign, 1, `${a} then ${b}`);
          }
          // page numbers give the same order
          const byPage: any[] = [];
          for (let page = 1; page <= 6; page++) {
            const res = await h.call(
              'GET',
              `/api/customers?sort=${sort}&order=${order}&limit=4&page=${page}`,
              h.tokens.other,
            );
            byPage.push(...res.body.items);
          }
          assert.deepEqual(
            byPage.map((c) => c.id),
            seen.map((c) => c.id),
          );
        });
      }
    }

    it('orders names as the database collates them, every customer once', async () => {
      const names = (await everyCustomer(h.tokens.other, '&sort=name')).map((c) => c.name);
      assert.deepEqual(names.slice(0, 6), [
        'Member 00',
        'Member 00',
        'Member 01',
        'Member 01',
        'Member 02',
        'Member 02',
      ]);
      assert.equal(names[names.length - 1], 'Member 19');
    });

    it('searches by partial name, e-mail and phone, case-insensitive, wildcards taken literally', async () => {
      const find = async (q: string) => {
        const res = await h.call(
          'GET',
          `/api/customers?search=${encodeURIComponent(q)}&limit=100`,
          h.tokens.other,
        );
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.total, res.body.items.length);
        return res.body.items.map((c: any) => c.email).sort();
      };
      assert.deepEqual(await find('BER 1'), (await find('member 1')).sort());
      assert.equal((await find('ember 1')).length, 10); // Member 10–19
      assert.deepEqual(await find('member22@'), ['member22@club1.example.org']);
      assert.equal((await find('CLUB2.EXAMPLE')).length, 7);
      assert.deepEqual(await find('000 105'), ['member5@club2.example.org']);
      assert.deepEqual(await find('%'), []);
      assert.deepEqual(await find('member_'), []);
      assert.deepEqual(await find('  member22@  '), ['member22@club1.example.org']);
      // the other tenant's customers are not found
      const owner = await h.call('GET', '/api/customers?search=member', h.tokens.owner);
      assert.equal(owner.body.total, 0);
    });

    it('filters by segment and tag with exact totals and keyset paging', async () => {
      const all = await everyCustomer(h.tokens.other);
      for (const segment of new Set(all.map((c) => c.segment))) {
        const res = await h.call(
          'GET',
          `/api/customers?segment=${segment}&limit=2&sort=clv&order=desc`,
          h.tokens.other,
        );
        assert.equal(res.body.total, all.filter((c) => c.segment === segment).length);
        const paged = await everyCustomer(h.tokens.other, `&segment=${segment}`);
        assert.equal(paged.length, res.body.total);
      }
      const vip = await h.call('GET', '/api/customers?tag=VIP', h.tokens.other);
      assert.equal(vip.body.total, all.filter((c) => c.tags.includes('VIP')).length);
      assert.equal(vip.body.stats.vip, vip.body.total);
      assert.equal(vip.body.stats.total, 23);
      await assertGroupsInStep(OTHER, h.tokens.other);
    });

    it('the stored counts follow customers moved between groups and deleted, in bulk', async () => {
      await h.t.kit.db.tenantTx(OTHER, (tx) =>
        tx.query(`UPDATE customers SET segment = 'Champions', vip = NOT vip WHERE clv_cents % 3 = 0`),
      );
      await assertGroupsInStep(OTHER, h.tokens.other);
      await h.t.kit.db.tenantTx(OTHER, (tx) =>
        tx.query(
          `UPDATE customers SET tier = 'nonprofit' WHERE id IN (SELECT id FROM customers ORDER BY id LIMIT 4)`,
        ),
      );
      await assertGroupsInStep(OTHER, h.tokens.other);
      const gone = await h.t.kit.db.tenantTx(OTHER, (tx) =>
        tx.query(`DELETE FROM customers WHERE id IN (SELECT id FROM customers ORDER BY id DESC LIMIT 3)`),
      );
      assert.equal(gone.rowCount, 3);
      await assertGroupsInStep(OTHER, h.tokens.other);
      assert.equal((await h.call('GET', '/api/customers?limit=1', h.tokens.other)).body.stats.total, 20);
    });

    it('refuses a forged or mismatched cursor and unknown sorts with a 400 naming the field', async () => {
      const first = await h.call('GET', '/api/customers?sort=clv&limit=2', h.tokens.other);
      const cursor = first.body.nextCursor;
      const other = await h.call('GET', `/api/customers?sort=spend&limit=2&cursor=${cursor}`, h.tokens.other);
      assert.equal(other.status, 400);
      assert.match(other.body.message, /cursor/);
      const forged = Buffer.from(JSON.stringify({ s: 'clv', o: 'asc', k: "1'; --", id: 'x' })).toString(
        'base64url',
      );
      const bad = await h.call('GET', `/api/customers?sort=clv&cursor=${forged}`, h.tokens.other);
      assert.equal(bad.status, 400);
      assert.equal((await h.call('GET', '/api/customers?cursor=%%%', h.tokens.other)).status, 400);
      const sort = await h.call('GET', '/api/customers?sort=shoe', h.tokens.other);
      assert.equal(sort.status, 400);
      assert.match(sort.body.message, /^sort/);
      assert.equal((await h.call('GET', '/api/customers?segment=Gold', h.tokens.other)).status, 400);
      assert.equal((await h.call('GET', '/api/customers?limit=1000', h.tokens.other)).status, 400);
    });
  });
});
