import assert from 'node:assert/strict';
import { test } from 'node:test';
import { venueToday } from './venue-day.ts';

test('venueToday is the day at the venue, not in the browser', () => {
  // 14:30 UTC on 31 Dec is already 1 Jan in Sydney and still 31 Dec in Los Angeles.
  const instant = new Date('2026-12-31T14:30:00Z');
  assert.equal(venueToday('Australia/Sydney', instant), '2027-01-01');
  assert.equal(venueToday('America/Los_Angeles', instant), '2026-12-31');
  assert.equal(venueToday('UTC', instant), '2026-12-31');
});
