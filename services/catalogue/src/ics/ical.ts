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
