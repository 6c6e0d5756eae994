/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
// Additions to GET /api/bookings for the booking screens (issue 11 item 12): withConflicts
// (Pending Review's Conflicts column) and onDates (Confirmed's Public holiday toggle).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { HALL, OWNER, futureDate, useHarness } from '../testing/harness.ts';

describe('GET /api/bookings: conflicts and days', () => {
  const h = useHarness();
  it('withConflicts lists the block-out laid over a pending booking, and nothing for a free one', async () => {
    const date = futureDate(40);
    const held = (await h.create({ bookingDate: date, startTime: '10:00', endTime: '12:00' })).body.booking;
    const free = (await h.create({ bookingDate: date, startTime: '15:00', endTime: '16:00' })).body.booking;
    const blockout = randomUUID();
    await h.t.kit.db.tenantTx(OWNER, (tx) =>
      tx.query(
        `INSERT INTO blockouts (tenant_id, id, resource_id, starts_at, ends_at, reason)
         VALUES ($1, $2, $3, ($4::date + time '11:00') AT TIME ZONE 'Australia/Sydney',
                 ($4::date + time '13:00') AT TIME ZONE 'Australia/Sydney', 'Floor polishing')`,
        [OWNER, blockout, HALL, date],
      ),
    );
    const res = await h.call(
      'GET',
      `/api/bookings?status=pending&withConflicts=true&limit=100`,
      h.tokens.owner,
    );
    assert.equal(res.status, 200, res.text);
    const byId = new Map(res.body.items.map((b: any) => [b.id, b]));
    const conflicts = (byId.get(held.id) as any).conflicts;
    assert.equal(conflicts.length, 1);
    assert.equal(conflicts[0].kind, 'blockout');
    assert.equal(conflicts[0].id, blockout);
    assert.equal(conflicts[0].label, 'Floor polishing');
    assert.match(conflicts[0].start, new RegExp(`^${date}T11:00`));
    assert.deepEqual((byId.get(free.id) as any).conflicts, []);

    // without the flag the answer is as before
    const plain = await h.call('GET', `/api/bookings?status=pending&limit=100`, h.tokens.owner);
    assert.equal(plain.body.items[0].conflicts, undefined);
  });

  it('onDates keeps the bookings on the days named; none is no day; a bad day is a 400 naming it', async () => {
    const a = futureDate(50);
    const b = futureDate(51);
    const onA = (await h.create({ bookingDate: a, startTime: '09:00', endTime: '10:00' })).body.booking;
    const onB = (await h.create({ bookingDate: b, startTime: '09:00', endTime: '10:00' })).body.booking;
    const ids = async (q: string) => {
      const res = await h.call('GET', `/api/bookings?limit=100&${q}`, h.tokens.owner);
      assert.equal(res.status, 200, res.text);
      return res.body.items.map((x: any) => x.id);
    };
    const found = await ids(`onDates=${a},2027-01-26`);
    assert.ok(found.includes(onA.id));
    assert.ok(!found.includes(onB.id));
    assert.deepEqual(await ids('onDates=none'), []);
    const bad = await h.call('GET', '/api/bookings?onDates=2026-02-30', h.tokens.owner);
    assert.equal(bad.status, 400);
    assert.match(bad.text, /onDates/);
  });
});
