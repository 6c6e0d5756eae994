import { badRequest, zonedInstant } from '@venue/service-kit';

// The venue clock is the service kit's (one implementation for every service, on @date-fns/tz);
// re-exported so the bookings code keeps one place to import its time helpers from.
export { venueIso, venueToday, zonedInstant } from '@venue/service-kit';

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
  // A time the clocks skip moves forward by the gap, so on a spring-forward day 02:30–03:15
  // reads as 03:30–03:15 and 02:30–03:30 as nothing: refused, naming the field, not stored.
  if (endsAt <= startsAt) {
    const message = `On ${date} the end time is not after the start time (a daylight-saving change)`;
    throw badRequest(message, { errors: [{ path: 'endTime', message }] });
  }
  return {
    startsAt,
    endsAt,
    slotStart: new Date(startsAt.getTime() - setupMinutes * 60_000),
    slotEnd: new Date(endsAt.getTime() + packdownMinutes * 60_000),
  };
}

/**
 * How the venue reads its clock (Settings → General, from bookings' copy of the settings): every
 * time and date the service writes into words for people follows it, as the screens do.
 */
export interface VenueClock {
  timezone: string;
  timeFormat: string;
  dateFormat: string;
}

/**
 * A venue wall time (`HH:mm`) in the venue's 12h/24h setting, as the screens write it
 * (@venue/ui formatWallClock, date-fns `h:mm a` / `HH:mm`): "2:00 PM" or "14:00".
 */
export function wallTimeText(hhmm: string, timeFormat: string): string {
  if (timeFormat === '24h') return hhmm.slice(0, 5);
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A venue day (`yyyy-MM-dd`) in the venue's date format (DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD). */
export function dayText(day: string, dateFormat: string): string {
  const [y, m, d] = day.split('-');
  if (dateFormat === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  if (dateFormat === 'YYYY-MM-DD') return `${y}-${m}-${d}`;
  return `${d}/${m}/${y}`;
}

/** `yyyy-MM-dd` plus `days`, calendar arithmetic (no time zone involved). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
