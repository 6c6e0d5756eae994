import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { settingsChangedEvent } from '@venue/service-kit/testing';
import {
  futureDate,
  HALL,
  OTHER,
  OTHER_HALL,
  OWNER,
  unstartedHarness,
  useHarness,
} from '../testing/harness.ts';

const h = unstartedHarness();
const NOT_YET = "This venue's settings have not reached Bookings yet. Try again in a minute.";

/** Rows of `table` for `tenantId` (system scope: row-level security would hide nothing here anyway). */
async function count(table: 'bookings' | 'customers' | 'outbox', tenantId: string): Promise<number> {
  const column = table === 'outbox' ? 'tenant_id::uuid' : 'tenant_id';
  const { rows } = await h.t.kit.db.systemTx((tx) =>
    tx.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [tenantId]),
  );
  return Number(rows[0]!.n);
}

const forget = (tenantId: string) =>
  h.t.kit.db.systemTx((tx) => tx.query(`DELETE FROM tenant_settings WHERE tenant_id = $1`, [tenantId]));

describe("bookings' copy of the tenant's settings", () => {
  useHarness(h);
  it('without a copy: writes answer 503 and store nothing, reads that need the clock answer 503', async () => {
    await forget(OTHER);
    const before = {
      bookings: await count('bookings', OTHER),
      customers: await count('customers', OTHER),
      outbox: await count('outbox', OTHER),
    };
    const created = await h.create({ selectedHall: OTHER_HALL, guestCount: 10 }, h.tokens.other);
    assert.equal(created.status, 503);
    assert.equal(created.body.message, NOT_YET);
    const check = await h.call('POST', '/api/bookings/check', h.tokens.other, {
      resourceId: OTHER_HALL,
      bookingDate: futureDate(20),
      startTime: '10:00',
      endTime: '11:00',
    });
    assert.equal(check.status, 503);
    for (const path of ['/api/bookings', '/api/bookings/stats', '/api/customers', '/api/bookings/export.csv'])
      assert.equal((await h.call('GET', path, h.tokens.other)).status, 503, path);
    const d = futureDate(20);
    assert.equal((await h.call('GET', `/api/calendar?from=${d}&to=${d}`, h.tokens.other)).status, 503);
    assert.deepEqual(
      {
        bookings: await count('bookings', OTHER),
        customers: await count('customers', OTHER),
        outbox: await count('outbox', OTHER),
      },
      before,
    );
    // the first snapshot lets it through
    await h.settings(OTHER);
    assert.equal((await h.create({ selectedHall: OTHER_HALL, guestCount: 10 }, h.tokens.other)).status, 201);
  });

  it('a booking made after a change of time zone, GST or hold length uses the new ones', async () => {
    const date = futureDate(40);
    const sydney = (await h.create({ bookingDate: date, startTime: '09:00', endTime: '10:00' })).body.booking;
    assert.match(sydney.startsAt, /T09:00:00\.000\+1[01]:00$/);

    await h.settings(OWNER, { timezone: 'Australia/Perth', holdExpiryHours: 72, taxRatePercent: 15 });
    try {
      const perth = await h.create({
        bookingDate: date,
        startTime: '12:00',
        endTime: '13:00',
        status: 'tentative',
      });
      assert.equal(perth.status, 201);
      // 12:00 on the venue's (Perth) clock, and the hold runs the new 72 hours
      assert.match(perth.body.booking.startsAt, /T12:00:00\.000\+08:00$/);
      const hold = await h.t.kit.db.systemTx((tx) =>
        tx.query<{ hours: number | string }>(
          `SELECT extract(epoch FROM hold_expires_at - created_at) / 3600 AS hours FROM bookings WHERE id = $1`,
          [perth.body.booking.id],
        ),
      );
      assert.ok(Math.abs(Number(hold.rows[0]!.hours) - 72) < 0.1, String(hold.rows[0]!.hours));
      const confirmed = await h.call('PUT', `/api/bookings/${perth.body.booking.id}/status`, h.tokens.owner, {
        status: 'confirmed',
      });
      assert.equal(confirmed.status, 200);
      // $100 an hour with 15 % GST included: 10000 − 10000/1.15 = 1304 cents
      assert.equal(confirmed.body.booking.payment_details.gstCents, 1304);
    } finally {
      await h.settings(OWNER, { timezone: 'Australia/Sydney' });
    }
  });

  it('keeps the newest version: an older or repeated event changes nothing', async () => {
    const current = await h.t.kit.db.systemTx((tx) =>
      tx.query<{ version: number }>(`SELECT version FROM tenant_settings WHERE tenant_id = $1`, [OWNER]),
    );
    const v = Number(current.rows[0]!.version);
    const newer = settingsChangedEvent(OWNER, v + 10, { timezone: 'Asia/Tokyo' });
    assert.equal(await h.t.kit.handleEvent(newer), 'processed');
    assert.equal(await h.t.kit.handleEvent(newer), 'duplicate');
    // an older snapshot arriving late (a new event id, so it is processed, and ignored)
    assert.equal(
      await h.t.kit.handleEvent(settingsChangedEvent(OWNER, v + 5, { timezone: 'Pacific/Auckland' })),
      'processed',
    );
    const date = futureDate(41);
    const b = await h.create({ bookingDate: date, startTime: '09:00', endTime: '10:00' });
    assert.match(b.body.booking.startsAt, /T09:00:00\.000\+09:00$/);
    await h.settings(OWNER, { version: v + 11, timezone: 'Australia/Sydney' });
  });

  it('refuses an event that breaks the contract (the sender keeps and retries it)', async () => {
    await assert.rejects(
      h.t.kit.handleEvent(settingsChangedEvent(OWNER, 1_000_000, { timezone: 'Mars/Olympus' })),
    );
    await assert.rejects(
      h.t.kit.handleEvent(settingsChangedEvent(OWNER, 1_000_000, { holdExpiryHours: -1 })),
    );
    const b = await h.create({ bookingDate: futureDate(42), startTime: '09:00', endTime: '10:00' });
    assert.match(b.body.booking.startsAt, /T09:00:00\.000\+1[01]:00$/);
  });

  it('the hold sweep leaves a tenant without a copy alone until its settings arrive', async () => {
    const hold = await h.create(
      { selectedHall: OTHER_HALL, guestCount: 5, bookingDate: futureDate(43), status: 'tentative' },
      h.tokens.other,
    );
    assert.equal(hold.status, 201);
    const mine = await h.create({ selectedHall: HALL, bookingDate: futureDate(44), status: 'tentative' });
    await forget(OTHER);
    const saved = h.clock.now;
    h.clock.now = new Date(Date.now() + 100 * 3_600_000);
    try {
      await h.t.kit.runJob('expire-holds');
      const status = async (id: string) =>
        (
          await h.t.kit.db.systemTx((tx) =>
            tx.query<{ status: string }>(`SELECT status FROM bookings WHERE id = $1`, [id]),
          )
        ).rows[0]!.status;
      assert.equal(await status(mine.body.booking.id), 'expired');
      assert.equal(await status(hold.body.booking.id), 'tentative');
      await h.settings(OTHER);
      await h.t.kit.runJob('expire-holds');
      assert.equal(await status(hold.body.booking.id), 'expired');
    } finally {
      h.clock.now = saved;
    }
  });
});
