/**
 * A hire longer than a week (a festival, a fortnight's exhibition) counts on every day it covers:
 * Occupancy Today, Today's Schedule and the utilisation heatmap read overlapping bookings
 * through the start-time index for the last week and through the index of long bookings for the
 * rest (migration 021), so one that began seven weeks ago still fills today. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  OWNER,
  bookingEvent,
  openDaily,
  resourceEvent,
  settingsEvent,
  startInsights,
  stopClocks,
  type Harness,
} from '../testing/harness.ts';

const NOW = new Date('2026-11-18T01:00:00.000Z'); // Wed 18 Nov 2026, 12:00 in Sydney
const R1 = '1a000000-0000-4000-8000-0000000000c1';
const LONG = '2b000000-0000-4000-8000-0000000000c1';
const hours = openDaily('08:00', '18:00');

describe('insights: bookings longer than a week', () => {
  let h: Harness;
  let startClocks: () => void;

  before(async () => {
    startClocks = stopClocks(NOW);
    h = await startInsights();
    await h.deliver(settingsEvent(OWNER, 1));
    await h.deliver(resourceEvent(OWNER, { id: R1, name: 'Exhibition Hall', hours }));
    // 1 Oct 00:00 to 2 Dec 00:00 in Sydney: nine weeks, around the clock.
    await h.deliver(
      bookingEvent(OWNER, {
        id: LONG,
        code: 'BK-LONG',
        resourceId: R1,
        resourceName: 'Exhibition Hall',
        status: 'confirmed',
        startsAt: '2026-09-30T14:00:00.000Z',
        endsAt: '2026-12-01T13:00:00.000Z',
      }),
    );
  });
  after(async () => {
    startClocks?.();
    await h?.close();
  });

  it('fills Occupancy Today and the week before it', async () => {
    const res = await h.call('GET', '/api/dashboard/stats?date=2026-11-18', OWNER);
    assert.equal(res.status, 200);
    const body = res.body as {
      kpis: Array<{ key: string; value: number; previous: number; sparkline: number[] }>;
    };
    const occupancy = body.kpis.find((k) => k.key === 'occupancyToday')!;
    assert.equal(occupancy.value, 100);
    assert.equal(occupancy.previous, 100);
    assert.deepEqual(occupancy.sparkline, [100, 100, 100, 100, 100, 100, 100]);
  });

  it("lists the hire on Today's Schedule all day, seven weeks after it began", async () => {
    const res = await h.call('GET', '/api/dashboard/schedule?date=2026-11-18', OWNER);
    assert.equal(res.status, 200);
    const items = (res.body as { schedule: Array<{ bookingCode: string; time: string; endTime: string }> })
      .schedule;
    assert.deepEqual(
      items.map((i) => [i.bookingCode, i.time, i.endTime]),
      [['BK-LONG', '00:00', '23:59']],
    );
  });

  it('fills the heatmap of the last 30 days, whose first day is weeks after the hire began', async () => {
    const res = await h.call('GET', '/api/reports/resource-utilisation?period=30d', OWNER);
    assert.equal(res.status, 200);
    const body = res.body as { utilisationData: Array<{ data: Array<{ averageRate: number }> }> };
    const days = body.utilisationData[0]!.data;
    assert.equal(days.length, 7);
    for (const d of days) assert.equal(d.averageRate, 100);
  });
});
