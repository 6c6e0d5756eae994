import { TZDate } from '@date-fns/tz';

/** The instant of a venue-local wall-clock date and time (`yyyy-MM-dd`, `HH:mm`) in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  // TZDate resolves the wall clock through the zone's rules, so a booking on a daylight-saving
  // change day gets its real length (e.g. 01:00–05:00 is 5 h on the April change in Sydney).
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, 0, timeZone).getTime());
}

export interface BookingSpan {
  startsAt: Date;
  endsAt: Date;
  /** What the booking blocks: the event plus the setup and pack-down buffers. */
  slotStart: Date;
  slotEnd: Date;
}

export function bookingSpan(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
  setupMinutes: number,
  packdownMinutes: number,
): BookingSpan {
  const startsAt = zonedInstant(date, startTime, timeZone);
  const endsAt = zonedInstant(date, endTime, timeZone);
  return {
    startsAt,
    endsAt,
    slotStart: new Date(startsAt.getTime() - setupMinutes * 60_000),
    slotEnd: new Date(endsAt.getTime() + packdownMinutes * 60_000),
  };
}

/** Today's date (`yyyy-MM-dd`) at the venue. */
export function venueToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

/** Minutes east of UTC in `timeZone` at `instant` (cached per zone and quarter hour: lists render thousands). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const bucket = Math.floor(instant.getTime() / 900_000);
  const key = `${timeZone}|${bucket}`;
  const hit = offsets.get(key);
  if (hit !== undefined) return hit;
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const at = bucket * 900_000;
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  const minutes = Math.round((wall - at) / 60_000);
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, minutes);
  return minutes;
}

/** ISO instant rendered with the venue's offset, e.g. 2026-04-05T01:00:00.000+11:00. */
export function venueIso(instant: Date, timeZone: string): string {
  const off = offsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + off * 60_000).toISOString().slice(0, 23);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** `yyyy-MM-dd` plus `days`, calendar arithmetic (no time zone involved). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
