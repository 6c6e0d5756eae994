import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { HttpError } from '@venue/service-kit';
// The venue clock itself (zonedInstant, venueIso, venueToday) is the kit's, tested there.
import { bookingSpan } from './time.ts';

const SYD = 'Australia/Sydney';
const hours = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 3_600_000;

describe('booking spans on the venue clock', () => {
  it('gives bookings across the daylight-saving changes their real length', () => {
    // 2026-04-05 03:00 AEDT → 02:00 AEST: 01:00–05:00 lasts five hours.
    const april = bookingSpan('2026-04-05', '01:00', '05:00', SYD, 0, 0);
    assert.equal(hours(april.startsAt, april.endsAt), 5);
    // 2026-10-04 02:00 AEST → 03:00 AEDT: 01:00–05:00 lasts three hours.
    const october = bookingSpan('2026-10-04', '01:00', '05:00', SYD, 0, 0);
    assert.equal(hours(october.startsAt, october.endsAt), 3);
    // an evening booking that day is an ordinary four hours
    const evening = bookingSpan('2026-10-04', '18:00', '22:00', SYD, 0, 0);
    assert.equal(hours(evening.startsAt, evening.endsAt), 4);
  });

  it('refuses a range the spring-forward gap folds (the skipped 02:30 reads as 03:30)', () => {
    for (const [start, end] of [
      ['02:30', '03:15'],
      ['02:30', '03:30'],
    ]) {
      assert.throws(
        () => bookingSpan('2026-10-04', start!, end!, SYD, 0, 0),
        (e: HttpError) => e.status === 400 && (e.extra?.errors as { path: string }[])[0]?.path === 'endTime',
        `${start}-${end}`,
      );
    }
    // starting in the gap and ending after it: from 03:30 AEDT
    const late = bookingSpan('2026-10-04', '02:30', '04:00', SYD, 0, 0);
    assert.equal(late.startsAt.toISOString(), '2026-10-03T16:30:00.000Z');
    assert.equal(hours(late.startsAt, late.endsAt), 0.5);
    // Perth has no change: the same times are an ordinary range
    const perth = bookingSpan('2026-10-04', '02:30', '03:15', 'Australia/Perth', 0, 0);
    assert.equal(hours(perth.startsAt, perth.endsAt), 0.75);
  });

  it('widens the blocked slot by the buffers', () => {
    const s = bookingSpan('2026-06-10', '10:00', '12:00', SYD, 30, 15);
    assert.equal(s.slotStart.toISOString(), '2026-06-09T23:30:00.000Z');
    assert.equal(s.slotEnd.toISOString(), '2026-06-10T02:15:00.000Z');
  });
});
