import assert from 'node:assert/strict';
import { test } from 'node:test';
import { venueNow, venueToday } from './venue-day.ts';

test('venueToday is the day at the venue, not in the browser', () => {
  // 14:30 UTC on 31 Dec is already 1 Jan in Sydney and still 31 Dec in Los Angeles.
  const instant = new Date('2026-12-31T14:30:00Z');
  assert.equal(venueToday('Australia/Sydney', instant), '2027-01-01');
  assert.equal(venueToday('America/Los_Angeles', instant), '2026-12-31');
  assert.equal(venueToday('UTC', instant), '2026-12-31');
});

test("venueNow is the venue's wall clock, across a year of days and both of its clock changes", () => {
  // Every 7 hours 13 minutes through 2026-2027 (every hour of the day comes round), in zones
  // ahead of, behind and on UTC, with and without daylight saving.
  const zones = ['Australia/Sydney', 'Australia/Perth', 'America/Los_Angeles', 'Pacific/Auckland', 'UTC'];
  const step = (7 * 60 + 13) * 60_000;
  for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += step) {
    const instant = new Date(t);
    for (const zone of zones) {
      const now = venueNow(zone, instant);
      assert.match(now, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      assert.equal(now.slice(0, 10), venueToday(zone, instant), `${zone} at ${instant.toISOString()}`);
      const hour = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(instant);
      assert.equal(now.slice(11, 13), hour, `${zone} at ${instant.toISOString()}`);
    }
  }
  // Sydney's clocks go forward at 02:00 on 4 Oct 2026 (15:59:59Z on the 3rd is 01:59:59 AEST, the
  // next second is 03:00:00 AEDT) and back at 03:00 on 5 Apr 2026.
  assert.equal(venueNow('Australia/Sydney', new Date('2026-10-03T15:59:59Z')), '2026-10-04T01:59:59');
  assert.equal(venueNow('Australia/Sydney', new Date('2026-10-03T16:00:00Z')), '2026-10-04T03:00:00');
  assert.equal(venueNow('Australia/Sydney', new Date('2026-04-04T15:30:00Z')), '2026-04-05T02:30:00');
  assert.equal(venueNow('Australia/Sydney', new Date('2026-04-04T16:30:00Z')), '2026-04-05T02:30:00');
  assert.equal(venueNow('UTC', new Date('2026-12-31T23:59:59Z')), '2026-12-31T23:59:59');
});
