/**
 * Venue days as the dashboard counts them: a day is the venue's midnight to midnight in its
 * time zone (23 or 25 hours on a daylight-saving change), a week runs Monday to Sunday and a
 * month from its first. Instants come from the kit's venue clock only (decision 18).
 */
import { venueToday, wallClock, zonedInstant } from '@venue/service-kit';

/** `date` moved by `n` calendar days (yyyy-MM-dd arithmetic, no time zone involved). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export function mondayOf(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month `n` months from `date`'s. */
export function addMonths(date: string, n: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + n;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

export function daysInMonth(firstDay: string): number {
  return Number(addDays(addMonths(firstDay, 1), -1).slice(8, 10));
}

/** The instant the venue day `date` begins. */
export function dayStart(date: string, zone: string): Date {
  return zonedInstant(date, '00:00', zone);
}

/** The venue day an instant falls on. */
export function dayOf(instant: Date, zone: string): string {
  return wallClock(instant, zone).date;
}

export { venueToday, wallClock };

// Formatters made once: toLocaleDateString builds a new one on every call, which was the
// dashboard's single costliest function in the bench's profile (issue 14).
const dayFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `Mon 23 Nov` style label of a day, for sparkline points and alert texts. */
export function dayLabel(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** `Nov 2026` style label of a month. */
export function monthLabel(firstDay: string): string {
  return monthFormat.format(new Date(`${firstDay}T00:00:00Z`));
}
