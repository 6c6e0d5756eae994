/**
 * Calendar days of the venue (the tenant's time zone, not the browser's): "today" for the
 * date-range filter and the default due date. Days are YYYY-MM-DD strings, compared as text.
 */

export { venueToday } from '@venue/ui/venue-day';

function toUtc(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}

export const DATE_RANGES = ['Today', 'This Week', 'This Month', 'This Quarter'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

/** The first and last day (inclusive) of a range around `today`; weeks run Monday to Sunday. */
export function rangeDays(range: DateRange, today: string): { from: string; to: string } {
  const d = toUtc(today);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (range) {
    case 'Today':
      return { from: today, to: today };
    case 'This Week': {
      const monday = addDays(today, -((d.getUTCDay() + 6) % 7));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'This Month':
      return { from: iso(new Date(Date.UTC(y, m, 1))), to: iso(new Date(Date.UTC(y, m + 1, 0))) };
    case 'This Quarter': {
      const q = Math.floor(m / 3) * 3;
      return { from: iso(new Date(Date.UTC(y, q, 1))), to: iso(new Date(Date.UTC(y, q + 3, 0))) };
    }
  }
}
