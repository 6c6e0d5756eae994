/**
 * Dashboard and Reports answers are asked for on the time zone this process last read for the
 * tenant, together with the settings copy (zone.ts): after the venue moves to another zone, the
 * very next answer is already on the new one, and a tenant without a copy still gets 503. Runs
 * on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 *
 * The clock is 13:30 UTC on Wed 18 Nov 2026: already Thursday 00:30 in Sydney, still Wednesday
 * 21:30 in Perth.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { settingsChangedEvent } from '@venue/service-kit/testing';
import {
  OWNER,
  OWNER2,
  bookingEvent,
  openDaily,
  resourceEvent,
  startInsights,
  stopClocks,
  type Harness,
} from '../testing/harness.ts';

const NOW = new Date('2026-11-18T13:30:00.000Z');
const R1 = '1a000000-0000-4000-8000-0000000000d1';
const hours = openDaily('00:00', '23:59');

describe('insights: the venue time zone of each answer', () => {
  let h: Harness;
  let startClocks: () => void;

  before(async () => {
    startClocks = stopClocks(NOW);
    h = await startInsights();
    await h.deliver(settingsChangedEvent(OWNER, 1, { timezone: 'Australia/Sydney' }));
    await h.deliver(resourceEvent(OWNER, { id: R1, name: 'Main Hall', hours }));
    // Wednesday evening in Perth, Thursday early morning in Sydney.
    await h.deliver(
      bookingEvent(OWNER, {
        id: '2b000000-0000-4000-8000-0000000000d1',
        code: 'BK-ZONE',
        resourceId: R1,
        resourceName: 'Main Hall',
        status: 'confirmed',
        startsAt: '2026-11-18T12:00:00.000Z',
        endsAt: '2026-11-18T13:00:00.000Z',
      }),
    );
    // Tuesday 20 Oct, 20:00 in Perth, 23:00 in Sydney: inside Perth's last 30 days, not Sydney's.
    await h.deliver(
      bookingEvent(OWNER, {
        id: '2b000000-0000-4000-8000-0000000000d2',
        code: 'BK-WEEK',
        resourceId: R1,
        resourceName: 'Main Hall',
        status: 'confirmed',
        startsAt: '2026-10-20T12:00:00.000Z',
        endsAt: '2026-10-20T13:00:00.000Z',
      }),
    );
  });
  after(async () => {
    startClocks?.();
    await h?.close();
  });

  const today = async () => {
    const res = await h.call('GET', '/api/dashboard/schedule', OWNER);
    assert.equal(res.status, 200, res.text);
    return {
      date: res.body.date as string,
      codes: (res.body.schedule as Array<{ bookingCode: string }>).map((b) => b.bookingCode),
    };
  };

  const weekBookings = async () => {
    const res = await h.call('GET', '/api/reports/summary?period=30d', OWNER);
    assert.equal(res.status, 200, res.text);
    return res.body.summary.bookings as number;
  };

  it('answers on the zone of the copy, also on the second call that asks on the zone read before', async () => {
    for (let i = 0; i < 2; i++) {
      // 12:00–13:00 UTC is 23:00–00:00 on Wednesday in Sydney: not on Thursday's schedule.
      assert.deepEqual(await today(), { date: '2026-11-19', codes: [] });
      const stats = await h.call('GET', '/api/dashboard/stats', OWNER);
      assert.equal(stats.body.timezone, 'Australia/Sydney');
      // 21 October to Thursday 19 November in Sydney.
      assert.equal(await weekBookings(), 1);
    }
  });

  it('answers on the new zone at the first call after the venue moved', async () => {
    await h.deliver(settingsChangedEvent(OWNER, 2, { timezone: 'Australia/Perth' }));
    assert.deepEqual(await today(), { date: '2026-11-18', codes: ['BK-ZONE'] });
    const stats = await h.call('GET', '/api/dashboard/stats', OWNER);
    assert.equal(stats.body.timezone, 'Australia/Perth');
    // 20 October to Wednesday 18 November in Perth.
    assert.equal(await weekBookings(), 2);
    assert.deepEqual(await today(), { date: '2026-11-18', codes: ['BK-ZONE'] });
  });

  it('answers 503 for a tenant whose settings have not arrived, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await h.call('GET', '/api/dashboard/stats', OWNER2);
      assert.equal(res.status, 503);
      const report = await h.call('GET', '/api/reports/summary', OWNER2);
      assert.equal(report.status, 503);
    }
  });
});
