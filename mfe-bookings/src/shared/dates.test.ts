import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bookingWallClock, hhmm, isoDate, longDate, monthYear, toWallClock, weekdayName } from './dates.ts';

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

test('local dates and times are written as the calendar and the API expect them', () => {
  const d = new Date(2026, 0, 5, 7, 3);
  assert.equal(isoDate(d), '2026-01-05');
  assert.equal(hhmm(d), '07:03');
  assert.equal(hhmm(new Date(2026, 11, 31, 23, 59)), '23:59');
});

test('headings spell the day and month out in English', () => {
  assert.equal(longDate(new Date(2026, 10, 24)), 'Tuesday 24 November 2026');
  assert.equal(longDate(new Date(2027, 0, 3)), 'Sunday 3 January 2027');
  assert.equal(monthYear(new Date(2026, 4, 31)), 'May 2026');
  assert.equal(weekdayName(new Date(2026, 10, 28)), 'Saturday');
});
