/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * One winner in every race (issue 8): simultaneous status moves, bulk actions, moves into one
 * slot and new customers, over real HTTP with the requests in flight together. On PGlite the
 * service runs one transaction at a time, so these pass trivially there; on PostgreSQL
 * (TEST_DATABASE_URL) the pool has DB_POOL_MAX connections (10 by default, see
 * packages/service-kit/src/db/pg.ts), so up to ten requests truly overlap in the database.
 */
import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { CONFLICT_MESSAGE } from '../availability/conflicts.ts';
import { futureDate, ROOM, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();
const server = Boolean(process.env.TEST_DATABASE_URL);

/** How many of each status, e.g. "200×1 409×9", for the messages and the test's output. */
function tally(statuses: number[]): string {
  const by = new Map<number, number>();
  for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
  return [...by.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
}

/** Outbox rows of `type` whose data matches every `match` key (text comparison). */
async function outboxCount(type: string, match: Record<string, string>): Promise<number> {
  const keys = Object.keys(match);
  const { rows } = await h.t.kit.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE type = $1 ${keys.map((k, i) => `AND data->>'${k}' = $${i + 2}`).join(' ')}`,
    [type, ...keys.map((k) => match[k]!)],
  );
  return rows[0]!.n;
}

const statusEvents = (id: string, to: string) => outboxCount('booking.status_changed', { id, to });
const audits = (code: string, action: string) => outboxCount('audit.recorded', { target: code, action });
/** What comms turns into the customer's e-mail (issue 12): a decline's reason, a change request's message. */
const declineEvents = (id: string) =>
  outboxCount('booking.status_changed', { id, to: 'cancelled' }).then(async (all) =>
    all === 0
      ? 0
      : (
          await h.t.kit.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox WHERE type = 'booking.status_changed' AND data->>'id' = $1 AND data ? 'declineReason'`,
            [id],
          )
        ).rows[0]!.n,
  );
const changeRequestEvents = (id: string) =>
  h.t.kit.db
    .query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'booking.updated' AND data->>'id' = $1 AND data ? 'changesRequested'`,
      [id],
    )
    .then((r) => r.rows[0]!.n);

/** Holds every priced request (the quote comes after the application's conflict check) until `n` wait. */
function gateAfterCheck(n: number) {
  let waiting: Array<() => void> = [];
  h.state.gate = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length >= n) {
        waiting.forEach((r) => r());
        waiting = [];
      } else setTimeout(resolve, server ? 5000 : 100); // PGlite: the others cannot arrive while one holds the database
    });
}

let day = 200;
/** A fresh pending booking on its own day, so tests never meet each other's slots. */
async function pending(over: Record<string, unknown> = {}) {
  const res = await h.create({ bookingDate: futureDate(day++), ...over });
  assert.equal(res.status, 201, res.text);
  return res.body.booking;
}

/** `n` copies of one request at once; asserts exactly one 200 and the rest 409 naming `now`. */
async function oneWinner(
  t: TestContext,
  n: number,
  send: () => Promise<{ status: number; body: any; text: string }>,
  now: RegExp,
) {
  const results = await Promise.all(Array.from({ length: n }, send));
  const statuses = results.map((r) => r.status);
  t.diagnostic(`${n} at once → ${tally(statuses)}`);
  assert.equal(statuses.filter((s) => s === 200).length, 1, `${tally(statuses)} ${results[0]!.text}`);
  assert.equal(statuses.filter((s) => s === 409).length, n - 1, tally(statuses));
  for (const r of results.filter((x) => x.status === 409)) assert.match(r.body.message, now);
  return results.find((r) => r.status === 200)!;
}

describe('races between requests', () => {
  useHarness(h);

  describe('one winner per status move', () => {
    it('ten simultaneous confirms of one pending booking: one 200, nine 409, one event, one audit entry', async (t) => {
      const b = await pending();
      const put = () =>
        h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'confirmed' });
      const won = await oneWinner(t, 10, put, /already confirmed by someone else.*confirmed now/i);
      assert.equal(won.body.booking.status, 'confirmed');
      assert.equal(await statusEvents(b.id, 'confirmed'), 1);
      assert.equal(await audits(b.bookingCode, 'booking_confirmed'), 1);
    });

    it('ten simultaneous accepts of one request: one hold, one event, one audit entry', async (t) => {
      const b = await pending();
      const post = () => h.call('POST', `/api/bookings/${b.id}/accept`, h.tokens.owner, { holdHours: 48 });
      await oneWinner(t, 10, post, /already accepted by someone else.*tentative now/i);
      assert.equal(await statusEvents(b.id, 'tentative'), 1);
      assert.equal(await audits(b.bookingCode, 'booking_accepted'), 1);
    });

    it('ten simultaneous declines: one cancellation, one decline e-mail, one event', async (t) => {
      const b = await pending();
      const post = () =>
        h.call('POST', `/api/bookings/${b.id}/decline`, h.tokens.owner, { reason: 'policy' });
      await oneWinner(t, 10, post, /cancelled/i);
      assert.equal(await statusEvents(b.id, 'cancelled'), 1);
      assert.equal(await audits(b.bookingCode, 'booking_cancelled'), 1);
      assert.equal(await declineEvents(b.id), 1, 'the losers published nothing comms would e-mail');
    });

    it('ten simultaneous cancels, then ten simultaneous completes of a confirmed booking', async (t) => {
      const c = await pending();
      const cancel = () =>
        h.call('PUT', `/api/bookings/${c.id}/status`, h.tokens.owner, {
          status: 'cancelled',
          reason: 'race',
        });
      await oneWinner(t, 10, cancel, /already cancelled by someone else.*cancelled now/i);
      assert.equal(await statusEvents(c.id, 'cancelled'), 1);
      assert.equal(await audits(c.bookingCode, 'booking_cancelled'), 1);

      const d = await pending();
      const confirm = await h.call('PUT', `/api/bookings/${d.id}/status`, h.tokens.owner, {
        status: 'confirmed',
      });
      assert.equal(confirm.status, 200);
      const complete = () =>
        h.call('PUT', `/api/bookings/${d.id}/status`, h.tokens.owner, { status: 'completed' });
      await oneWinner(t, 10, complete, /already completed by someone else.*completed now/i);
      assert.equal(await statusEvents(d.id, 'completed'), 1);
      assert.equal(await audits(d.bookingCode, 'booking_completed'), 1);
    });

    it('confirm, accept, decline and cancel racing on one request: the status events chain without a repeat', async (t) => {
      const b = await pending();
      const results = await Promise.all([
        ...Array.from({ length: 3 }, () =>
          h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'confirmed' }),
        ),
        ...Array.from({ length: 3 }, () =>
          h.call('POST', `/api/bookings/${b.id}/accept`, h.tokens.owner, { holdHours: 24 }),
        ),
        ...Array.from({ length: 2 }, () =>
          h.call('POST', `/api/bookings/${b.id}/decline`, h.tokens.owner, { reason: 'other' }),
        ),
        ...Array.from({ length: 2 }, () =>
          h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'cancelled' }),
        ),
      ]);
      const statuses = results.map((r) => r.status);
      t.diagnostic(`10 mixed moves → ${tally(statuses)}`);
      assert.ok(
        statuses.every((s) => s === 200 || s === 409),
        tally(statuses),
      );
      // Each winner moved the booking on from the status the previous winner left: the events
      // form one chain pending → … with no status entered twice.
      const { rows } = await h.t.kit.db.query<{ from: string; to: string }>(
        `SELECT data->>'from' AS "from", data->>'to' AS "to" FROM outbox
        WHERE type = 'booking.status_changed' AND data->>'id' = $1 ORDER BY seq`,
        [b.id],
      );
      t.diagnostic(`chain: ${rows.map((r) => `${r.from}→${r.to}`).join(', ')}`);
      assert.equal(rows.length, statuses.filter((s) => s === 200).length);
      let at = 'pending';
      for (const r of rows) {
        assert.equal(r.from, at);
        at = r.to;
      }
      assert.equal(new Set(rows.map((r) => r.to)).size, rows.length);
    });

    it('request changes racing a confirm never e-mails the customer about a confirmed booking', async (t) => {
      const b = await pending({ customerEmail: 'changes-race@example.com' });
      const results = await Promise.all([
        h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'confirmed' }),
        ...Array.from({ length: 4 }, () =>
          h.call('POST', `/api/bookings/${b.id}/request-changes`, h.tokens.owner, {
            message: 'More chairs?',
          }),
        ),
      ]);
      t.diagnostic(`confirm + 4 change requests → ${tally(results.map((r) => r.status))}`);
      assert.equal(results[0]!.status, 200);
      const asked = results.slice(1).filter((r) => r.status === 200).length;
      for (const r of results.slice(1).filter((x) => x.status === 409))
        assert.match(r.body.message, /confirmed/);
      assert.equal(
        await changeRequestEvents(b.id),
        asked,
        'one e-mail (event) per answered request, none for the refused',
      );
      assert.equal(await audits(b.bookingCode, 'booking_changes_requested'), asked);
    });
  });

  describe('bulk accept and decline: each id has one winner', () => {
    it('five simultaneous bulk accepts of the same three requests (in different orders): each id accepted once', async (t) => {
      const ids = [(await pending()).id, (await pending()).id, (await pending()).id] as string[];
      const orders = [ids, [...ids].reverse(), [ids[1], ids[2], ids[0]], [ids[2], ids[0], ids[1]], ids];
      const results = await Promise.all(
        orders.map((order) =>
          h.call('POST', '/api/bookings/bulk/accept', h.tokens.owner, { ids: order, holdHours: 24 }),
        ),
      );
      t.diagnostic(`bulk statuses ${tally(results.map((r) => r.status))}`);
      for (const r of results) assert.equal(r.status, 200, r.text);
      const succeeded = results.flatMap((r) => r.body.succeeded as string[]);
      t.diagnostic(`accepted ${succeeded.length} of ${orders.length * ids.length} requested`);
      assert.deepEqual([...succeeded].sort(), [...ids].sort());
      for (const f of results.flatMap((r) => r.body.failed as { message: string }[]))
        assert.match(f.message, /tentative now/);
      for (const id of ids) assert.equal(await statusEvents(id, 'tentative'), 1);
    });

    it('five simultaneous bulk declines of the same two requests: each id declined once, one e-mail each', async (t) => {
      const ids = [(await pending()).id, (await pending()).id] as string[];
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          h.call('POST', '/api/bookings/bulk/decline', h.tokens.owner, {
            ids: i % 2 ? [...ids].reverse() : ids,
            reason: 'unavailable',
          }),
        ),
      );
      for (const r of results) assert.equal(r.status, 200, r.text);
      const succeeded = results.flatMap((r) => r.body.succeeded as string[]);
      t.diagnostic(`declined ${succeeded.length} of ${5 * ids.length} requested`);
      assert.deepEqual([...succeeded].sort(), [...ids].sort());
      for (const id of ids) {
        assert.equal(await statusEvents(id, 'cancelled'), 1);
        assert.equal(await declineEvents(id), 1);
      }
    });
  });

  describe('one winner per slot', () => {
    it('forty overlapping creates in one slot: one 201, thirty-nine 409, one booking.created', async (t) => {
      const date = futureDate(day++);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          h.create({
            bookingDate: date,
            startTime: '10:00',
            endTime: '12:00',
            customerEmail: `slot${i}@example.com`,
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      t.diagnostic(`40 creates → ${tally(statuses)}`);
      assert.equal(statuses.filter((s) => s === 201).length, 1, tally(statuses));
      assert.equal(statuses.filter((s) => s === 409).length, 39, tally(statuses));
      for (const r of results.filter((x) => x.status === 409)) assert.equal(r.body.message, CONFLICT_MESSAGE);
      assert.equal(await outboxCount('booking.created', { bookingDate: date }), 1);
    });

    for (const how of ['PATCH /move', 'PUT'] as const) {
      it(`two simultaneous moves (${how}) into one slot: one 200, one 409, nothing recorded for the loser`, async (t) => {
        const date = futureDate(day++);
        const a = await pending({ bookingDate: date, startTime: '08:00', endTime: '09:00' });
        const b = await pending({ bookingDate: date, startTime: '14:00', endTime: '15:00' });
        const to = { bookingDate: date, startTime: '11:00', endTime: '12:00' };
        // Both pass the application's check before either writes: only the constraint decides.
        gateAfterCheck(2);
        let results;
        try {
          results = await Promise.all(
            [a, b].map((x) =>
              how === 'PUT'
                ? h.call('PUT', `/api/bookings/${x.id}`, h.tokens.owner, to)
                : h.call('PATCH', `/api/bookings/${x.id}/move`, h.tokens.owner, to),
            ),
          );
        } finally {
          h.state.gate = undefined;
        }
        const statuses = results.map((r) => r.status);
        t.diagnostic(`2 moves into 11:00–12:00 → ${tally(statuses)}`);
        assert.deepEqual([...statuses].sort(), [200, 409], results.map((r) => r.text).join(' | '));
        const loser = results[0]!.status === 409 ? a : b;
        const winner = loser === a ? b : a;
        assert.equal(results[loser === a ? 0 : 1]!.body.message, CONFLICT_MESSAGE);
        assert.equal(await outboxCount('booking.updated', { id: winner.id }), 1);
        assert.equal(await outboxCount('booking.updated', { id: loser.id }), 0);
        assert.equal(await audits(winner.bookingCode, 'booking_updated'), 1);
        assert.equal(await audits(loser.bookingCode, 'booking_updated'), 0);
        const kept = await h.call('GET', `/api/bookings/${loser.id}`, h.tokens.owner);
        assert.equal(kept.body.startTime, loser.startTime, 'the loser stays where it was');
        // And it still holds its old slot: nobody else can book it.
        assert.equal(
          (await h.create({ bookingDate: date, startTime: loser.startTime, endTime: loser.endTime })).status,
          409,
        );
      });
    }

    it('a move racing a cancel of the same booking never leaves the cancelled booking holding a slot', async (t) => {
      const date = futureDate(day++);
      const b = await pending({ bookingDate: date, startTime: '08:00', endTime: '09:00' });
      // The move waits after its checks (priced, not yet written) while the cancel commits. On
      // PGlite the cancel cannot start while the move holds the database, so the move is let go
      // after 100 ms and the two simply run one after the other.
      let release!: () => void;
      let arrived!: () => void;
      const atGate = new Promise<void>((r) => (arrived = r));
      h.state.gate = () =>
        new Promise<void>((r) => {
          release = r;
          arrived();
          setTimeout(r, server ? 5000 : 100);
        });
      let move, cancel;
      try {
        const moving = h.call('PATCH', `/api/bookings/${b.id}/move`, h.tokens.owner, {
          bookingDate: date,
          startTime: '17:00',
          endTime: '18:00',
        });
        await atGate;
        cancel = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'cancelled' });
        release();
        move = await moving;
      } finally {
        h.state.gate = undefined;
      }
      t.diagnostic(`move ${move.status}, cancel ${cancel.status}: ${move.body.message ?? 'moved'}`);
      assert.equal(cancel.status, 200, cancel.text);
      if (server) {
        assert.equal(move.status, 409, move.text);
        assert.match(move.body.message, /cancelled/);
      }
      const now = await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner);
      assert.equal(now.body.status, 'cancelled');
      // Neither the old nor the new time is held by the cancelled booking.
      for (const [startTime, endTime] of [
        ['08:00', '09:00'],
        ['17:00', '18:00'],
      ])
        assert.equal((await h.create({ bookingDate: date, startTime, endTime })).status, 201);
    });
  });

  describe('new customers never collide', () => {
    it('thirty simultaneous creates for new customers whose e-mails share their first letters: 30 × 201, 30 customers', async (t) => {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          h.create({
            selectedHall: ROOM,
            guestCount: 5,
            bookingDate: futureDate(400 + i),
            customerName: `Samuel Twin ${i}`,
            customerEmail: `samecustomer${i}@example.com`,
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      t.diagnostic(`30 creates → ${tally(statuses)}`);
      assert.deepEqual(statuses, Array(30).fill(201), results.find((r) => r.status !== 201)?.text);
      const ids = new Set(results.map((r) => r.body.booking.customerId));
      t.diagnostic(`distinct customer ids: ${ids.size} (${[...ids].slice(0, 3).join(', ')}, …)`);
      assert.equal(ids.size, 30);
      const list = await h.call('GET', '/api/customers?search=samecustomer&limit=100', h.tokens.owner);
      assert.equal(list.body.total, 30);
    });

    it('ten simultaneous first bookings by one new customer make one customer', async (t) => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          h.create({
            selectedHall: ROOM,
            guestCount: 5,
            bookingDate: futureDate(500 + i),
            customerEmail: 'Only.Once@example.com',
          }),
        ),
      );
      t.diagnostic(`10 creates → ${tally(results.map((r) => r.status))}`);
      assert.deepEqual(
        results.map((r) => r.status),
        Array(10).fill(201),
      );
      assert.equal(new Set(results.map((r) => r.body.booking.customerId)).size, 1);
    });
  });
});
