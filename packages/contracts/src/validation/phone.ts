/**
 * Phone numbers by the venue's country (decision 28, replacing decision 16's spec rule).
 *
 * A venue types numbers the way its customers say them: `0412 345 678`, `(02) 9876 5432`, or
 * with a country code, `+61 412 345 678`, `+44 20 7946 0958`. libphonenumber-js reads them
 * against the tenant's country (General settings) and every stored number is E.164
 * (`+61412345678`), so one customer is one number however it was typed. Screens show it back in
 * the venue's national format. The `min` metadata (~40 kB) checks a number's length and leading
 * digits per country, which is what catches typos; the full metadata would triple the bundle of
 * every screen with a phone box for little more.
 */
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import type { Country } from '../settings-values.ts';

export * from './phone-examples.ts';

/**
 * What a person may type: digits and the usual separators, one leading plus. libphonenumber
 * itself would pick a number out of any text (`0412 345 678; call after 5`, `tel:…`), and what we
 * store must be exactly what was meant, so anything else is refused rather than guessed at.
 */
const TYPED_PHONE = /^\+?[\d\s\-().]+$/;
/** Longer than any real number with separators; a guard before parsing, not a rule users meet. */
const MAX_TYPED = 40;

const asCountryCode = (country: string): CountryCode => (isSupportedCountry(country) ? country : 'AU');

/**
 * The number `typed` means for a venue in `country`, in E.164 (`+61412345678`), or null when it
 * is not a phone number there (too short, too long, a prefix no number has, letters).
 */
export function toE164(typed: string, country: Country): string | null {
  const text = typed.trim();
  if (!text || text.length > MAX_TYPED || !TYPED_PHONE.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, asCountryCode(country));
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A stored number as the venue reads it: national format for its own country's numbers
 * (`0412 345 678`, `(02) 9876 5432`), international for others (`+44 20 7946 0958`). A value
 * that is not a number (rows from before E.164, an anonymised '') is shown as it is.
 */
export function formatPhone(stored: string | null | undefined, country: Country): string {
  const value = (stored ?? '').trim();
  if (!value.startsWith('+')) return value;
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) return value;
  return parsed.country === asCountryCode(country) ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * A search term as stored numbers are written: someone looking up `0412 345` means
 * `+61412345…`, and `345 678` the digits `345678` anywhere in a number. Empty when the term is
 * not made of phone characters with at least four digits (names and e-mails are searched as
 * they are). Each result is a substring to look for.
 */
export function phoneSearchTerms(term: string, country: Country): string[] {
  const text = term.trim();
  if (!TYPED_PHONE.test(text)) return [];
  const digits = text.replace(/\D/g, '');
  if (digits.length < 4) return [];
  if (text.startsWith('+')) return [`+${digits}`];
  // The trunk 0 of a national number stands for "+<country code>" (in every country of the
  // list but the US, Canada and Singapore, which have none), unless the 0 is inside the number.
  if (digits.startsWith('0') && !NO_TRUNK_ZERO.has(country))
    return [digits, `+${getCountryCallingCode(asCountryCode(country))}${digits.slice(1)}`];
  return [digits];
}
const NO_TRUNK_ZERO: ReadonlySet<string> = new Set(['US', 'CA', 'SG']);
