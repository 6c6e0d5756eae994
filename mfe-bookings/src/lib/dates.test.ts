import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bookingWallClock, toWallClock } from './dates.ts';

test('a venue time keeps the venue clock, whatever zone the browser or user is in', () => {
  // 09:00 in Sydney is 22:00 UTC the day before; the calendar must still show 09:00 on the 5th.
  assert.equal(toWallClock('2026-12-05T09:00:00.000+11:00'), '2026-12-05T09:00:00');
  assert.equal(toWallClock('2026-12-05T09:30+11:00'), '2026-12-05T09:30:00');
  assert.equal(toWallClock('2026-12-05T09:30:00'), '2026-12-05T09:30:00');
});

test('a booking is placed by the date and times it stores', () => {
  const slot = bookingWallClock({
    start: '2026-12-05T09:00:00.000+11:00',
    end: '2026-12-05T10:30:00.000+11:00',
    bookingDate: '2026-12-05',
    startTime: '09:00',
    endTime: '10:30:00',
  });
  assert.deepEqual(slot, { start: '2026-12-05T09:00:00', end: '2026-12-05T10:30:00' });
});

test('a booking that runs past midnight ends on the next day', () => {
  const slot = bookingWallClock({
    start: '2026-12-05T20:00:00+11:00',
    end: '2026-12-06T01:00:00+11:00',
    bookingDate: '2026-12-05',
    startTime: '20:00',
    endTime: '01:00',
  });
  assert.deepEqual(slot, { start: '2026-12-05T20:00:00', end: '2026-12-06T01:00:00' });
});

test('without the stored fields the venue-local text of the instants is used', () => {
  assert.deepEqual(
    bookingWallClock({ start: '2026-07-01T08:00:00+10:00', end: '2026-07-01T09:00:00+10:00' }),
    {
      start: '2026-07-01T08:00:00',
      end: '2026-07-01T09:00:00',
    },
  );
});
