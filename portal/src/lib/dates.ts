/**
 * Calendar days and wall-clock times of the venue, as plain strings ('2026-12-12', '18:30') and
 * minutes from the venue's midnight. A day of the venue is not a day of the visitor's browser:
 * everything here is computed in the venue's time zone (an instant is read there with TZDate),
 * never in the browser's.
 */
import { TZDate } from '@date-fns/tz';

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd → [year, month (1-12), day]. */
function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, the day of the week of a calendar date (no zone involved). */
export function weekday(date: string): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The Monday of the week `date` falls in (weeks start on Monday, as the back office's calendar). */
export function startOfWeek(date: string): string {
  return addDays(date, -((weekday(date) + 6) % 7));
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(date: string, months: number): string {
  const [y, m] = parts(date);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
}

/** The days a month's grid shows: from the Monday before its 1st to the Sunday after its last. */
export function monthGrid(month: string): string[] {
  const first = firstOfMonth(month);
  const start = startOfWeek(first);
  const last = addDays(addMonths(first, 1), -1);
  const end = addDays(startOfWeek(last), 6);
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Where an instant falls for the venue: its calendar date and the minutes since its midnight. */
export function venueWallClock(
  instant: string | number | Date,
  timezone: string,
): { date: string; minutes: number } {
  const t = new TZDate(new Date(instant).getTime(), timezone);
  return {
    date: `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`,
    minutes: t.getHours() * 60 + t.getMinutes(),
  };
}

/** The venue's date today (`now` given for tests). */
export function venueToday(timezone: string, now: number = Date.now()): string {
  return venueWallClock(now, timezone).date;
}

/** 'HH:mm' → minutes since midnight ('24:00' is 1440, the end of a day); NaN when not a time. */
export function toMinutes(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return Number.NaN;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes since midnight → 'HH:mm' (1440 → '24:00'). */
export function fromMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The calendar date and wall-clock time as one Date for formatting with the venue's zone. */
export function wallClockInstant(date: string, hhmm: string, timezone: string): Date {
  const [y, m, d] = parts(date);
  const minutes = toMinutes(hhmm);
  return new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, timezone);
}
