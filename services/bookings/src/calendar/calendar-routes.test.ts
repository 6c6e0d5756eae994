/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { futureDate, OWNER, useHarness } from '../testing/harness.ts';

describe('calendar', () => {
  const h = useHarness();
  it('returns every booking of a month with 2,000 bookings, only the visible range', async () => {
    const year = Number(futureDate(0).slice(0, 4)) + 2;
    await h.t.kit.db.tenantTx(OWNER, async (tx) => {
      // seeded in SQL: 2,000 bookings over June on distinct resources, plus one in July
      await tx.query(
        `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone, event_type,
            booking_date, start_time, end_time, resource_id, resource_name, status, starts_at, ends_at, slot)
         SELECT $1, 'SEED-' || g, 'CUST-SEED', 'Seed ' || g, 'seed@example.com', '+61400000000', 'Meeting',
                make_date($2, 6, 1 + g % 30), '09:00', '10:00', gen_random_uuid(), 'Seed Room', 'confirmed',
                make_date($2, 6, 1 + g % 30) + time '09:00', make_date($2, 6, 1 + g % 30) + time '10:00',
                tstzrange(make_date($2, 6, 1 + g % 30) + time '09:00', make_date($2, 6, 1 + g % 30) + time '10:00')
           FROM generate_series(1, 2001) g`,
        [OWNER, year],
      );
      await tx.query(
        `UPDATE bookings SET booking_date = make_date($1, 7, 1), starts_at = make_date($1, 7, 1) + time '09:00',
                ends_at = make_date($1, 7, 1) + time '10:00',
                slot = tstzrange(make_date($1, 7, 1) + time '09:00', make_date($1, 7, 1) + time '10:00')
          WHERE booking_code = 'SEED-2001'`,
        [year],
      );
    });
    const started = Date.now();
    const res = await h.call('GET', `/api/calendar?from=${year}-06-01&to=${year}-06-30`, h.tokens.owner);
    assert.equal(res.status, 200);
    assert.equal(res.body.events.length, 2000);
    assert.ok(res.body.events.every((e: any) => e.bookingDate.startsWith(`${year}-06`)));
    // spec 02 §2.2: the title is the customer, then the event type
    const first = res.body.events.find((e: any) => e.bookingCode === 'SEED-1');
    assert.equal(first.title, 'Seed 1 — Meeting');
    assert.ok(Date.now() - started < 5000);
    assert.equal(res.body.dayTotals, undefined, 'totals come only with perDay');

    // The month grid asks for what its cells show: 3 a day, and each day's total for "+N more".
    const grid = await h.call(
      'GET',
      `/api/calendar?from=${year}-06-01&to=${year}-06-30&perDay=3`,
      h.tokens.owner,
    );
    assert.equal(grid.status, 200);
    assert.equal(grid.body.events.length, 90);
    const totals = grid.body.dayTotals as Record<string, number>;
    assert.equal(Object.keys(totals).length, 30);
    assert.equal(
      Object.values(totals).reduce((a, b) => a + b, 0),
      2000,
    );
    assert.equal(totals[`${year}-06-02`], 67); // g % 30 = 1 for g = 1, 31, …, 1981
    const perDay = new Map<string, string[]>();
    for (const e of grid.body.events) perDay.set(e.bookingDate, [...(perDay.get(e.bookingDate) ?? []), e.id]);
    assert.ok([...perDay.values()].every((ids) => ids.length === 3));
    // the same first three of a day as the full answer, in the grid's order
    const day2 = res.body.events.filter((e: any) => e.bookingDate === `${year}-06-02`).map((e: any) => e.id);
    assert.deepEqual(perDay.get(`${year}-06-02`), day2.slice(0, 3));

    const bad = await h.call(
      'GET',
      `/api/calendar?from=${year}-06-01&to=${year}-06-30&perDay=0`,
      h.tokens.owner,
    );
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), /perDay/);
  });
});
