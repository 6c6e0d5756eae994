// Settings values with no zod in them: the shell and the UI kit need them on every page, and
// the schemas in settings.ts would bring zod (35 kB gzipped) onto the sign-in page with them
// (a bundler keeps a module's zod calls even when only its constants are imported).
import type { UserSettings } from './settings.ts';

/** The 21 time zones of spec 01 §2 (UTC, US, Europe, Asia, Australia and Pacific). */
export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Perth',
  'Australia/Darwin',
  'Australia/Adelaide',
  'Australia/Brisbane',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Hobart',
  'Pacific/Auckland',
] as const;
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export const TIME_FORMATS = ['12h', '24h'] as const;
export const CURRENCIES = ['AUD', 'USD', 'EUR', 'GBP', 'CAD', 'JPY', 'CNY', 'INR'] as const;
export const TAX_TYPES = ['Inclusive', 'Exclusive'] as const;

/**
 * The venue's country (ISO 3166 alpha-2): how a phone number typed without its country code is
 * read (decision 28). The countries of the time zones above, Australia first.
 */
export const COUNTRIES = [
  'AU',
  'NZ',
  'GB',
  'IE',
  'US',
  'CA',
  'FR',
  'DE',
  'AE',
  'IN',
  'SG',
  'CN',
  'JP',
] as const;
export type Country = (typeof COUNTRIES)[number];
export const COUNTRY_NAMES: Record<Country, string> = {
  AU: 'Australia',
  NZ: 'New Zealand',
  GB: 'United Kingdom',
  IE: 'Ireland',
  US: 'United States',
  CA: 'Canada',
  FR: 'France',
  DE: 'Germany',
  AE: 'United Arab Emirates',
  IN: 'India',
  SG: 'Singapore',
  CN: 'China',
  JP: 'Japan',
};
const ZONE_COUNTRIES: Partial<Record<string, Country>> = {
  'Europe/London': 'GB',
  'Europe/Dublin': 'IE',
  'Europe/Paris': 'FR',
  'Europe/Berlin': 'DE',
  'Asia/Dubai': 'AE',
  'Asia/Kolkata': 'IN',
  'Asia/Singapore': 'SG',
  'Asia/Shanghai': 'CN',
  'Asia/Tokyo': 'JP',
  'Pacific/Auckland': 'NZ',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
};

/**
 * The country a venue in `timezone` most likely is in: the default until the owner picks one in
 * General settings. UTC and zones we do not know say nothing, so they fall back to Australia,
 * where most venues are.
 */
export function countryForTimezone(timezone: string): Country {
  const known = ZONE_COUNTRIES[timezone];
  if (known) return known;
  if (timezone.startsWith('Australia/')) return 'AU';
  if (timezone.startsWith('America/')) return 'US';
  return 'AU';
}
export const isCountry = (v: unknown): v is Country =>
  typeof v === 'string' && (COUNTRIES as readonly string[]).includes(v);

export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_LOCALES: Record<Currency, string> = {
  USD: 'en-US',
  EUR: 'de-DE',
  GBP: 'en-GB',
  AUD: 'en-AU',
  CAD: 'en-CA',
  JPY: 'ja-JP',
  CNY: 'zh-CN',
  INR: 'en-IN',
};

export const GST_MESSAGE = 'GST rate must be a number between 0 and 100.';

/** Spec 01 §5: a finite number from 0 to 100 in steps of 0.01. */
export function isValidGst(n: number): boolean {
  return Number.isFinite(n) && n >= 0 && n <= 100 && Math.abs(Math.round(n * 100) - n * 100) < 1e-9;
}

export const DEFAULT_USER_SETTINGS: UserSettings = {
  timezone: 'Australia/Sydney',
  dateFormat: 'DD/MM/YYYY',
  timeFormat: '12h',
  currency: 'AUD',
  taxType: 'Inclusive',
  taxRate: 10,
  country: 'AU',
};

export type UserSettingsCheck =
  { success: true; data: Partial<UserSettings> } | { success: false; field: keyof UserSettings | null };

const isOneOf =
  (list: readonly string[]) =>
  (v: unknown): boolean =>
    typeof v === 'string' && list.includes(v);

const USER_SETTINGS_RULES: { [K in keyof UserSettings]-?: (v: unknown) => boolean } = {
  timezone: isOneOf(TIMEZONES),
  dateFormat: isOneOf(DATE_FORMATS),
  timeFormat: isOneOf(TIME_FORMATS),
  currency: isOneOf(CURRENCIES),
  taxType: isOneOf(TAX_TYPES),
  taxRate: (v) => typeof v === 'number' && isValidGst(v),
  country: isCountry,
};

/**
 * What `userSettingsSchema.partial()` accepts, checked without zod: the shell reads the user's
 * settings on every page load, and zod would add 26 kB (gzipped) to each. Same lists, same GST
 * rule; unknown fields are dropped. settings-values.test.ts holds it to the schema's answers.
 */
export function checkUserSettings(raw: unknown): UserSettingsCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { success: false, field: null };
  const input = raw as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const [field, ok] of Object.entries(USER_SETTINGS_RULES) as [
    keyof UserSettings,
    (v: unknown) => boolean,
  ][]) {
    const value = input[field];
    if (value === undefined) continue;
    if (!ok(value)) return { success: false, field };
    data[field] = value;
  }
  return { success: true, data: data as Partial<UserSettings> };
}
