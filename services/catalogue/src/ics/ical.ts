import ICAL from 'ical.js';

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

/** RFC 5545 §3.1: a content line's octets, not counting its CRLF. */
const LINE_OCTETS = 75;

/**
 * One content line folded as RFC 5545 §3.1 asks: at most 75 octets a line, the space that starts
 * a continuation line counted among them, split between characters (code points), never inside
 * a character's UTF-8 octets.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > LINE_OCTETS) {
      parts.push(part);
      part = ' ';
      octets = 1;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n');
}

/**
 * The calendar as the text of an .ics file: every line folded by `foldLine` and ended by CRLF.
 * ical.js folds by octets too, but lets a continuation line reach 76 with its leading space, so
 * its folds are undone (a CRLF and one space or tab, RFC 5545's unfolding) and made again here.
 */
export function calendarText(cal: InstanceType<typeof ICAL.Component>): string {
  return (
    cal
      .toString()
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n')
      .map(foldLine)
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
