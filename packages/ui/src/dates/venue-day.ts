/**
 * The venue's calendar day (its time zone, not the browser's), written once for the sections
 * that default a filter or a due date to "today" (issue 28 item 4), and the calendar's "now".
 * Imported as `@venue/ui/venue-day`: React- and Mantine-free, bundled only with the pages that
 * ask.
 */

/** One formatter per zone: making one costs far more than formatting (the calendar asks often). */
const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * A zone's wall clock: `formatToParts` gives an instant's year, month, day, hour (h23, so midnight
 * is 00, never 24), minute and second there, two digits each but the year. An unknown zone throws
 * a RangeError. Also what `format.ts` reads instants in the tenant's zone with.
 */
export function zoneClock(timezone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timezone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timezone, clock);
  }
  return clock;
}

/**
 * The venue's wall clock now, as yyyy-MM-ddTHH:mm:ss without an offset (`now` given for tests):
 * what the calendar's grid, which draws bookings in the venue's wall-clock time, takes as today
 * and where it draws the now line, whatever the browser's time zone.
 */
export function venueNow(timezone: string, now: Date = new Date()): string {
  const parts = Object.fromEntries(
    zoneClock(timezone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The venue's today, as yyyy-MM-dd (`now` given for tests). */
export function venueToday(timezone: string, now: Date = new Date()): string {
  return venueNow(timezone, now).slice(0, 10);
}
