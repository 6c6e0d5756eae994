/**
 * The heatmap's venue hours on the days Sydney's clocks change (5 Apr 2026: 03:00 → 02:00;
 * 4 Oct 2026: 02:00 → 03:00): a booking from 10:00 to 12:00 at the venue fills the 10:00 and
 * 11:00 cells of its weekday, and the opening window 08:00–18:00 is ten hours, on those days as on
 * any other.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { utilisationOf, type UtilResource } from './utilisation.ts';

const ZONE = 'Australia/Sydney';
const every = { open: '08:00', close: '18:00', closed: false };
const hall: UtilResource = {
  id: 'hall',
  name: 'Hall',
  hours: { mon: every, tue: every, wed: every, thu: every, fri: every, sat: every, sun: every },
  setupBufferMinutes: 0,
  packdownBufferMinutes: 0,
};
const booking = (start: string, end: string) => ({
  resource_id: 'hall',
  starts_at: start,
  ends_at: end,
  setup_buffer_minutes: 30,
  packdown_buffer_minutes: 0,
});

describe('utilisation on the days the clocks change', () => {
  for (const [day, start, end] of [
    ['2026-04-05', '2026-04-05T10:00:00.000+10:00', '2026-04-05T12:00:00.000+10:00'],
    ['2026-10-04', '2026-10-04T10:00:00.000+11:00', '2026-10-04T12:00:00.000+11:00'],
  ] as const) {
    it(`${day}: the booking fills 10:00 and 11:00; ten opening hours`, () => {
      // The month around the day, so the day sits inside a month read day by day.
      const from = `${day.slice(0, 8)}01`;
      const u = utilisationOf(from, `${day.slice(0, 8)}28`, ZONE, [hall], [booking(start, end)], true);
      assert.equal(u.bookedMs, 2 * 3_600_000);
      assert.equal(u.openMs, 28 * 10 * 3_600_000);
      const sunday = 6;
      const heat = u.heat!.get('hall')!;
      const booked = heat.booked[sunday]!.map((ms, i) => [6 + i, ms / 3_600_000]).filter(([, h]) => h! > 0);
      assert.deepEqual(booked, [
        [10, 1],
        [11, 1],
      ]);
      // the setup buffer 09:30–10:00 marks the 09:00 cell
      assert.deepEqual(
        heat.buffers[sunday]!.map((b, i) => (b ? 6 + i : null)).filter((h) => h !== null),
        [9],
      );
    });
  }
});
