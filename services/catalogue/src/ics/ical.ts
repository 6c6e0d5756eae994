import ICAL from 'ical.js';
import { foldIcsLine } from '@venue/service-kit';

/** A calendar ready for events; PRODID names this product. */
export function newCalendar(name: string): InstanceType<typeof ICAL.Component> {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//Venue Back Office//Catalogue//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  cal.addPropertyWithValue('x-wr-calname', name);
  return cal;
}

export function dateValue(date: string) {
  return ICAL.Time.fromDateString(date);
}

export function instantValue(iso: string) {
  return ICAL.Time.fromJSDate(new Date(iso), true);
}

/**
 * The calendar as the text of an .ics file: every line folded by the kit's `foldIcsLine` and
 * ended by CRLF.
 * ical.js folds by octets too, but lets a continuation line reach 76 with its leading space, so
 * its folds are undone (a CRLF and one space or tab, RFC 5545's unfolding) and made again here.
 */
export function calendarText(cal: InstanceType<typeof ICAL.Component>): string {
  return (
    cal
      .toString()
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n')
      .map(foldIcsLine)
      .join('\r\n') + '\r\n'
  );
}

/** Parses iCalendar text; null when it is not a VCALENDAR. */
export function parseCalendar(text: string): InstanceType<typeof ICAL.Component> | null {
  try {
    const comp = new ICAL.Component(ICAL.parse(text) as unknown[]);
    return comp.name === 'vcalendar' ? comp : null;
  } catch {
    return null;
  }
}

export { ICAL };
