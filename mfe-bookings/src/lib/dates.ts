import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A server instant as venue wall-clock text ('yyyy-MM-ddTHH:mm:ss') for the calendar, which
 * works in wall-clock time. Text without an offset already is wall-clock and passes through.
 */
export function toWallClock(value: string, timezone: string): string {
  if (!HAS_OFFSET.test(value)) return value;
  return format(new TZDate(new Date(value).getTime(), timezone), "yyyy-MM-dd'T'HH:mm:ss");
}

export function isoDate(d: Date): string {
  return format(d, 'yyyy-MM-dd');
}

export function hhmm(d: Date): string {
  return format(d, 'HH:mm');
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
