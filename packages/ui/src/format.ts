/**
 * Display formatting driven by the tenant's settings (spec 01 §9). Kept free of React so it
 * can be unit-tested with node:test and used anywhere.
 *
 * Dates and times are written from the browser's Intl rather than date-fns and @date-fns/tz: this
 * module is in the UI kit's root entry, a shared singleton that every page loads (the sign-in page
 * too), and date-fns's `format` with its locale and the zone class cost 6.9 kB gzipped there, for
 * five fixed numeric patterns.
 */
import { CURRENCY_LOCALES, DEFAULT_USER_SETTINGS } from '@venue/contracts';
import type { Currency, UserSettings } from '@venue/contracts';
import { zoneClock } from './dates/venue-day.ts';

export type FormatSettings = Partial<
  Pick<UserSettings, 'currency' | 'timezone' | 'dateFormat' | 'timeFormat'>
>;

/** The parts a pattern is written from, as numbers of the tenant's zone (or of a calendar date). */
interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const DATE_PATTERNS: Record<UserSettings['dateFormat'], (p: Parts) => string> = {
  'DD/MM/YYYY': (p) => `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)}`,
  'MM/DD/YYYY': (p) => `${pad(p.month)}/${pad(p.day)}/${pad(p.year, 4)}`,
  'YYYY-MM-DD': (p) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`,
};

const TIME_PATTERNS: Record<UserSettings['timeFormat'], (p: Parts) => string> = {
  // 'h:mm a': 12 for midnight and noon, AM/PM in capitals.
  '12h': (p) => `${p.hour % 12 || 12}:${pad(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`,
  '24h': (p) => `${pad(p.hour)}:${pad(p.minute)}`,
};

const DEFAULT_LOCALE = 'en-AU';
const moneyFormatters = new Map<string, Intl.NumberFormat>();

export interface MoneyOptions {
  /** Decimals shown; 2 unless a screen's spec asks for whole amounts (e.g. CLV, 0). */
  fractionDigits?: number;
}

function moneyFormatter(currency: Currency, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(CURRENCY_LOCALES[currency] ?? DEFAULT_LOCALE, {
      style: 'currency',
      currency,
      // The spec fixes the decimals for every currency, JPY included.
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormatters.set(key, formatter);
  }
  return formatter;
}

/** Integer cents → localised currency text with two decimals (or `fractionDigits`). */
export function formatMoney(
  cents: number,
  settings: FormatSettings = {},
  options: MoneyOptions = {},
): string {
  const currency = settings.currency ?? DEFAULT_USER_SETTINGS.currency;
  if (!Number.isFinite(cents)) throw new RangeError(`formatMoney: not a number of cents: ${cents}`);
  return moneyFormatter(currency, options.fractionDigits ?? 2).format(Math.round(cents) / 100);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * An instant in the tenant's time zone. A bare calendar date ('2026-03-05') is a date, not an
 * instant: it is shown as written, never shifted across a day boundary by the zone.
 */
function inZone(value: Date | string | number, timezone: string): Parts {
  const formatter = zoneClock(timezone);
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) {
      // Through a UTC date so that an out-of-range day or month rolls over as Date does.
      const date = new Date(0);
      date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      return {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: 0,
        minute: 0,
      };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value: text } of formatter.formatToParts(date)) parts[type] = Number(text);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

export function formatDate(value: Date | string | number, settings: FormatSettings = {}): string {
  const timezone = settings.timezone ?? DEFAULT_USER_SETTINGS.timezone;
  const pattern = DATE_PATTERNS[settings.dateFormat ?? DEFAULT_USER_SETTINGS.dateFormat];
  return pattern(inZone(value, timezone));
}

export function formatTime(value: Date | string | number, settings: FormatSettings = {}): string {
  const timezone = settings.timezone ?? DEFAULT_USER_SETTINGS.timezone;
  const pattern = TIME_PATTERNS[settings.timeFormat ?? DEFAULT_USER_SETTINGS.timeFormat];
  return pattern(inZone(value, timezone));
}

/**
 * A venue wall-clock time ('HH:mm', seconds ignored) in the user's 12h/24h setting. It is a time
 * of the venue's day, not an instant, so no zone applies; input that is not a time is returned.
 */
export function formatWallClock(hhmm: string, settings: FormatSettings = {}): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? '');
  if (!m) return hhmm ?? '';
  const pattern = TIME_PATTERNS[settings.timeFormat ?? DEFAULT_USER_SETTINGS.timeFormat];
  // Through a Date, so '25:00' or '9:75' roll over as before.
  const at = new Date(2000, 0, 1, Number(m[1]), Number(m[2]));
  return pattern({ year: 2000, month: 1, day: 1, hour: at.getHours(), minute: at.getMinutes() });
}

export function formatDateTime(value: Date | string | number, settings: FormatSettings = {}): string {
  return `${formatDate(value, settings)} ${formatTime(value, settings)}`;
}
