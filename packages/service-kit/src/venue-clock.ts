/**
 * The venue's clock: the one place a wall-clock date and time in a venue's IANA time zone
 * becomes an instant, and an instant becomes the venue's wall clock again. The zone rules
 * (daylight saving included) come from `@date-fns/tz`, which reads them from the runtime's
 * Intl data; nothing here works out an offset by hand.
 *
 * Two wall-clock times need a rule, and every service follows the same one (the rule of
 * RFC 5545 and of Temporal's default 'compatible' disambiguation):
 * - a time the clocks skip (02:30 on Sydney's first Sunday in October, when 02:00 becomes 03:00)
 *   is read with the offset before the change, so it moves forward by the gap: 03:30 AEDT;
 * - a time that happens twice (02:30 on Sydney's first Sunday in April, when 03:00 becomes 02:00)
 *   is the first of the two, 02:30 AEDT. A booking or block-out then covers at least what was
 *   asked for, never an hour less.
 */
import { TZDate, tzOffset } from '@date-fns/tz';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const HOUR = 3_600_000;

/**
 * Instants already worked out, by zone, date and time. Reading the zone's rules through Intl is
 * the costly part (a few formatter calls per instant), and reports and the dashboard ask for the
 * same venue midnights on every request (a fifth of the insights service's CPU before this).
 * The rules do not change while the process runs; the cap keeps a long-lived process small.
 */
const instants = new Map<string, number>();
const MAX_REMEMBERED = 20_000;

/** The instant a venue's wall-clock `date` (yyyy-MM-dd) and `time` (HH:mm[:ss]) mean in `zone`. */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const key = `${zone} ${date} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const at = resolveInstant(date, time, zone);
  if (instants.size >= MAX_REMEMBERED) instants.clear();
  instants.set(key, at);
  return new Date(at);
}

function resolveInstant(date: string, time: string, zone: string): number {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) throw new RangeError(`Not a wall-clock date and time: ${date} ${time}`);
  const at = new TZDate(
    Number(d[1]),
    Number(d[2]) - 1,
    Number(d[3]),
    Number(t[1]),
    Number(t[2]),
    Number(t[3] ?? 0),
    0,
    zone,
  ).getTime();
  // TZDate settles a repeated time on whichever occurrence its first guess meets (the second
  // one east of UTC, the first one west of it); take the first, as above. A repeated time lies
  // within the hour or two after the clocks went back, so three hours earlier has the old offset.
  const offsetNow = tzOffset(zone, new Date(at));
  const offsetBefore = tzOffset(zone, new Date(at - 3 * HOUR));
  if (offsetBefore > offsetNow) {
    const first = at - (offsetBefore - offsetNow) * 60_000;
    if (tzOffset(zone, new Date(first)) === offsetBefore) return first;
  }
  return at;
}

/**
 * Offsets already looked up, by zone and hour (UTC). A zone's offset changes a few times a year
 * and never twice within an hour, so an hour that starts and ends on one offset has it
 * throughout; an hour with a change in it (Adelaide's, at half past) is looked up every time.
 * Lists of many instants (holds, schedules) spent a tenth of the insights service's CPU on the
 * Intl lookups behind tzOffset.
 */
const offsets = new Map<string, number>();

function offsetAt(zone: string, ms: number): number {
  const hour = Math.floor(ms / HOUR) * HOUR;
  const key = `${zone} ${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const first = tzOffset(zone, new Date(hour));
    offset = first === tzOffset(zone, new Date(hour + HOUR - 1)) ? first : Number.NaN;
    if (offsets.size >= MAX_REMEMBERED) offsets.clear();
    offsets.set(key, offset);
  }
  return Number.isNaN(offset) ? tzOffset(zone, new Date(ms)) : offset;
}

/** The instant in ISO 8601 with the venue's offset then, e.g. 2026-04-05T02:00:00.000+10:00. */
export function venueIso(instant: Date, zone: string): string {
  // One offset lookup, then the wall clock is the instant moved by it (a TZDate would look the
  // offset up several times; answers with many instants spent most of their time there).
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const offset = offsetAt(zone, ms);
  if (Number.isNaN(offset)) return new TZDate(ms, zone).toISOString();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(Math.floor(abs % 60)).padStart(2, '0');
  return `${new Date(ms + offset * 60_000).toISOString().slice(0, 23)}${sign}${hh}:${mm}`;
}

/** The venue's wall clock at an instant: date (yyyy-MM-dd) and time (HH:mm). */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const iso = venueIso(instant, zone);
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The venue's date (yyyy-MM-dd) at an instant: its today, when given now. */
export function venueToday(now: Date, zone: string): string {
  return venueIso(now, zone).slice(0, 10);
}
