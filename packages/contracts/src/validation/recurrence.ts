/**
 * Recurring bookings (issue 11 item 16): the dates of a series, shared by the bookings service
 * (which books them) and the booking form (which offers the choices and the limits).
 *
 * Dates are calendar days (yyyy-MM-dd); the times stay the venue's wall clock on each day, so a
 * weekly 10:00 booking is at 10:00 on both sides of a daylight-saving change.
 */

export const REPEAT_FREQUENCIES = ['weekly', 'fortnightly', 'monthly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** A series books at most a year of weekly dates in one go. */
export const MAX_SERIES_OCCURRENCES = 52;

/**
 * Monthly repeats keep the day of the month; a month without that day (the 31st in April, the
 * 29th–31st in February) is skipped, never moved to its last day, so every booking of the
 * series falls on the same date number. The form says so.
 */
export const MONTHLY_SKIP_NOTE = 'Months without that day are skipped.';

export interface RepeatRule {
  frequency: RepeatFrequency;
  /** How many dates, the first included. */
  count?: number | null;
  /** The last day a date may fall on (inclusive). */
  until?: string | null;
}

export interface SeriesDates {
  dates: string[];
  /** Monthly only: the months (yyyy-MM) passed over for lacking the day. */
  skipped: string[];
  /** The rule asks for more than MAX_SERIES_OCCURRENCES dates (the list stops at the limit). */
  tooMany: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** The dates of a series starting on `first` (itself the first date). */
export function seriesDates(first: string, rule: RepeatRule): SeriesDates {
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  const count = rule.count ?? Infinity;
  const until = rule.until ?? null;
  const dates: string[] = [];
  const skipped: string[] = [];
  let tooMany = false;
  // Enough steps for 52 monthly dates on the 31st (7 months in 12 have one), with room to spare.
  for (let k = 0; k < 200 && dates.length < count; k++) {
    let date: string;
    if (rule.frequency === 'monthly') {
      const month0 = m - 1 + k;
      const year = y + Math.floor(month0 / 12);
      const mm = (month0 % 12) + 1;
      const label = `${year}-${pad(mm)}`;
      if (until !== null && `${label}-01` > until) break;
      if (d > daysIn(year, mm - 1)) {
        skipped.push(label);
        continue;
      }
      date = `${label}-${pad(d)}`;
    } else {
      const step = rule.frequency === 'weekly' ? 7 : 14;
      date = new Date(Date.UTC(y, m - 1, d + k * step)).toISOString().slice(0, 10);
    }
    if (until !== null && date > until) break;
    if (dates.length === MAX_SERIES_OCCURRENCES) {
      tooMany = true;
      break;
    }
    dates.push(date);
  }
  return { dates, skipped, tooMany };
}
