/**
 * The venue's calendar day (its time zone, not the browser's), written once for the sections
 * that default a filter or a due date to "today" (issue 28 item 4). Imported as
 * `@venue/ui/venue-day`: React- and Mantine-free, bundled only with the pages that ask.
 */

/** The venue's today, as yyyy-MM-dd (`now` given for tests). */
export function venueToday(timezone: string, now: Date = new Date()): string {
  // en-CA writes dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
