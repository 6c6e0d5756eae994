/**
 * Dates in the CSV files as the screens show them (@venue/ui formatDate / formatDateTime): the
 * venue's date format, its 12h/24h setting and its time zone, from money's settings copy. An
 * absent date is "—", as on the screen the file was exported from.
 */
import { venueIso, type SettingsCopy } from '@venue/service-kit';

type Fmt = Pick<SettingsCopy, 'timezone' | 'dateFormat' | 'timeFormat'>;

/** `yyyy-MM-dd` in the tenant's date format (DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD). */
function dayText(day: string, dateFormat: string): string {
  const [y, m, d] = day.split('-');
  if (dateFormat === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  if (dateFormat === 'YYYY-MM-DD') return `${y}-${m}-${d}`;
  return `${d}/${m}/${y}`;
}

/** A wall-clock `HH:mm` in the venue's 12h/24h setting ("6:00 PM" or "18:00"). */
export function timeText(hhmm: string, timeFormat: string): string {
  if (timeFormat === '24h') return hhmm;
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A venue day (yyyy-MM-dd): a date, never shifted by the zone. */
export const csvDate = (day: string | null, s: Fmt): string => (day ? dayText(day, s.dateFormat) : '—');

/** An instant, on the venue's wall clock. */
export function csvDateTime(iso: string | null, s: Fmt): string {
  if (!iso) return '—';
  const local = venueIso(new Date(iso), s.timezone);
  return `${dayText(local.slice(0, 10), s.dateFormat)} ${timeText(local.slice(11, 16), s.timeFormat)}`;
}

/** Integer cents as an exact decimal ("1234.50"): no binary fractions involved. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
