const LOCAL_PART = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?/;

/**
 * The venue wall-clock ('yyyy-MM-ddTHH:mm:ss') of a calendar time. The server writes these in
 * the venue's zone with its offset, so the text before the offset is the venue's clock. It is
 * never re-zoned to the user's own time-zone setting: staff plan by the venue's clock, and a
 * user whose profile zone differs must still see a 9:00 booking at 9:00.
 */
export function toWallClock(value: string): string {
  const m = LOCAL_PART.exec(value);
  return m ? `${m[1]}T${m[2]}${m[3] ?? ':00'}` : value;
}

interface StoredSlot {
  start: string;
  end: string;
  bookingDate?: string;
  startTime?: string;
  endTime?: string;
}

const seconds = (hhmm: string) => (hhmm.length === 5 ? `${hhmm}:00` : hhmm.slice(0, 8));

/** A booking's start and end as it stores them (date, start and end time), venue wall-clock. */
export function bookingWallClock(e: StoredSlot): { start: string; end: string } {
  const start = toWallClock(e.start);
  const end = toWallClock(e.end);
  if (!e.bookingDate || !e.startTime || !e.endTime) return { start, end };
  // The end's own date still counts for a booking that runs past midnight.
  return {
    start: `${e.bookingDate}T${seconds(e.startTime)}`,
    end: `${end.slice(0, 10)}T${seconds(e.endTime)}`,
  };
}

// Written out rather than taken from date-fns: its `format` and English locale were ~6 kB
// (gzipped) on every bookings page for these few fixed patterns (issue 9: pages ≤ 350 kB).
const two = (n: number) => String(n).padStart(2, '0');
const MONTHS = 'January February March April May June July August September October November December';
const MONTH_NAMES = MONTHS.split(' ');
const WEEKDAYS = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');

/** 'yyyy-MM-dd' of the local date. */
export function isoDate(d: Date): string {
  return `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** 'HH:mm' of the local time. */
export function hhmm(d: Date): string {
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** 'Tuesday' */
export function weekdayName(d: Date): string {
  return WEEKDAYS[d.getDay()]!;
}

/** 'November 2026' */
export function monthYear(d: Date): string {
  return `${MONTH_NAMES[d.getMonth()]} ${d.getFullYear()}`;
}

/** 'Tuesday 24 November 2026' */
export function longDate(d: Date): string {
  return `${weekdayName(d)} ${d.getDate()} ${monthYear(d)}`;
}

export function addDays(d: Date, n: number): Date {
  const next = new Date(d);
  next.setDate(next.getDate() + n);
  return next;
}

/** Monday on or before the date (weeks start on Monday, spec 02 §2.2). */
export function mondayOf(d: Date): Date {
  const day = (d.getDay() + 6) % 7;
  const m = addDays(d, -day);
  m.setHours(0, 0, 0, 0);
  return m;
}

export function parseIsoDate(s: string): Date {
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1);
}
