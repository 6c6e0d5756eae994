/**
 * Display formatting driven by the tenant's settings (spec 01 §9). Kept free of React so it
 * can be unit-tested with node:test and used anywhere.
 */
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { CURRENCY_LOCALES, DEFAULT_USER_SETTINGS } from '@venue/contracts';
import type { Currency, UserSettings } from '@venue/contracts';

export type FormatSettings = Partial<
  Pick<UserSettings, 'currency' | 'timezone' | 'dateFormat' | 'timeFormat'>
>;

const DATE_PATTERNS: Record<UserSettings['dateFormat'], string> = {
  'DD/MM/YYYY': 'dd/MM/yyyy',
  'MM/DD/YYYY': 'MM/dd/yyyy',
  'YYYY-MM-DD': 'yyyy-MM-dd',
};

const TIME_PATTERNS: Record<UserSettings['timeFormat'], string> = {
  '12h': 'h:mm a',
  '24h': 'HH:mm',
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
function inZone(value: Date | string | number, timezone: string): Date {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), timezone);
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return new TZDate(date.getTime(), timezone);
}

export function formatDate(value: Date | string | number, settings: FormatSettings = {}): string {
  const timezone = settings.timezone ?? DEFAULT_USER_SETTINGS.timezone;
  const pattern = DATE_PATTERNS[settings.dateFormat ?? DEFAULT_USER_SETTINGS.dateFormat];
  return format(inZone(value, timezone), pattern);
}

export function formatTime(value: Date | string | number, settings: FormatSettings = {}): string {
  const timezone = settings.timezone ?? DEFAULT_USER_SETTINGS.timezone;
  const pattern = TIME_PATTERNS[settings.timeFormat ?? DEFAULT_USER_SETTINGS.timeFormat];
  return format(inZone(value, timezone), pattern);
}

/**
 * A venue wall-clock time ('HH:mm', seconds ignored) in the user's 12h/24h setting. It is a time
 * of the venue's day, not an instant, so no zone applies; input that is not a time is returned.
 */
export function formatWallClock(hhmm: string, settings: FormatSettings = {}): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? '');
  if (!m) return hhmm ?? '';
  const pattern = TIME_PATTERNS[settings.timeFormat ?? DEFAULT_USER_SETTINGS.timeFormat];
  return format(new Date(2000, 0, 1, Number(m[1]), Number(m[2])), pattern);
}

export function formatDateTime(value: Date | string | number, settings: FormatSettings = {}): string {
  return `${formatDate(value, settings)} ${formatTime(value, settings)}`;
}
