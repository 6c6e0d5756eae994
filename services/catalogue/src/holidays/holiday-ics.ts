import { ICAL, calendarText, dateValue, newCalendar, parseCalendar } from '../ics/ical.ts';
import type { Holiday } from './holiday-model.ts';

/*
 * Holidays travel as all-day VEVENTs: SUMMARY = name, DTSTART (DATE) = date, DESCRIPTION =
 * notes, URL = source. What iCalendar has no property for rides in X-VENUE-* properties so an
 * export imported elsewhere (another tenant) gives the same holidays back.
 */
const X = {
  scope: 'x-venue-scope',
  state: 'x-venue-state',
  rule: 'x-venue-pricing-rule',
  surcharge: 'x-venue-surcharge-percent',
  blockOut: 'x-venue-block-out',
  restricted: 'x-venue-restricted-trading',
  provenance: 'x-venue-provenance',
} as const;

export function holidaysToIcs(holidays: Holiday[], calendarName = 'Public holidays'): string {
  const cal = newCalendar(calendarName);
  for (const h of holidays) {
    const ev = new ICAL.Component('vevent');
    ev.addPropertyWithValue('uid', `${h.id}@venue-holidays`);
    ev.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(h.updatedAt), true));
    ev.addPropertyWithValue('summary', h.name);
    ev.addPropertyWithValue('dtstart', dateValue(h.date));
    const next = dateValue(h.date);
    next.day += 1;
    ev.addPropertyWithValue('dtend', next);
    ev.addPropertyWithValue('transp', 'TRANSPARENT');
    if (h.notes) ev.addPropertyWithValue('description', h.notes);
    if (h.sourceUrl) ev.addPropertyWithValue('url', h.sourceUrl);
    ev.addPropertyWithValue(X.scope, h.scope);
    if (h.state) ev.addPropertyWithValue(X.state, h.state);
    if (h.pricingRule) ev.addPropertyWithValue(X.rule, h.pricingRule);
    ev.addPropertyWithValue(X.surcharge, String(h.surchargePercent));
    ev.addPropertyWithValue(X.blockOut, h.blockOut ? 'TRUE' : 'FALSE');
    ev.addPropertyWithValue(X.restricted, h.restrictedTrading ? 'TRUE' : 'FALSE');
    ev.addPropertyWithValue(X.provenance, h.provenance);
    cal.addSubcomponent(ev);
  }
  return calendarText(cal);
}

/** A holiday as read from a file, before validation (holidayInput decides what is kept). */
export interface ImportedHoliday {
  name: unknown;
  date: unknown;
  notes?: string;
  sourceUrl?: string | null;
  scope?: string;
  state?: string | null;
  pricingRule?: string | null;
  surchargePercent?: number;
  blockOut?: boolean;
  restrictedTrading?: boolean;
  provenance?: string;
}

/** null when the text is not iCalendar at all. */
export function holidaysFromIcs(text: string): ImportedHoliday[] | null {
  const cal = parseCalendar(text);
  if (!cal) return null;
  return cal.getAllSubcomponents('vevent').map((ev) => {
    const str = (name: string): string | undefined => {
      const v = ev.getFirstPropertyValue(name);
      return v === null || v === undefined ? undefined : String(v);
    };
    const bool = (name: string) => {
      const v = str(name);
      return v === undefined ? undefined : v.toUpperCase() === 'TRUE';
    };
    const start = ev.getFirstPropertyValue('dtstart');
    // Timed events keep the calendar date they were written with.
    const date = start instanceof ICAL.Time ? start.toString().slice(0, 10) : undefined;
    const surcharge = str(X.surcharge);
    const h: ImportedHoliday = { name: str('summary')?.trim(), date };
    const notes = str('description');
    if (notes !== undefined) h.notes = notes;
    const url = str('url');
    if (url !== undefined) h.sourceUrl = url;
    const scope = str(X.scope);
    if (scope !== undefined) h.scope = scope;
    const state = str(X.state);
    if (state !== undefined) h.state = state;
    const rule = str(X.rule);
    if (rule !== undefined) h.pricingRule = rule;
    if (surcharge !== undefined && /^\d+$/.test(surcharge)) h.surchargePercent = Number(surcharge);
    const blockOut = bool(X.blockOut);
    if (blockOut !== undefined) h.blockOut = blockOut;
    const restricted = bool(X.restricted);
    if (restricted !== undefined) h.restrictedTrading = restricted;
    const provenance = str(X.provenance);
    if (provenance !== undefined) h.provenance = provenance;
    return h;
  });
}
