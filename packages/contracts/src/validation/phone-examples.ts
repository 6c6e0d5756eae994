/**
 * Example numbers per venue country, with no phone library in them: the settings screen shows
 * them without loading libphonenumber-js (phone.test.ts checks each one is a valid number).
 */
import type { Country } from '../settings-values.ts';

/** One example per country, national and international, for the message that refuses a number. */
const EXAMPLES: Record<Country, readonly [string, string]> = {
  AU: ['0412 345 678', '+61 412 345 678'],
  NZ: ['021 123 4567', '+64 21 123 4567'],
  GB: ['07400 123456', '+44 7400 123456'],
  IE: ['085 012 3456', '+353 85 012 3456'],
  US: ['(201) 555-0123', '+1 201 555 0123'],
  CA: ['(506) 234-5678', '+1 506 234 5678'],
  FR: ['06 12 34 56 78', '+33 6 12 34 56 78'],
  DE: ['01512 3456789', '+49 1512 3456789'],
  AE: ['050 123 4567', '+971 50 123 4567'],
  IN: ['081234 56789', '+91 81234 56789'],
  SG: ['8123 4567', '+65 8123 4567'],
  CN: ['131 2345 6789', '+86 131 2345 6789'],
  JP: ['090-1234-5678', '+81 90-1234-5678'],
};

export const phoneExamples = (country: Country): readonly [string, string] =>
  EXAMPLES[country] ?? EXAMPLES.AU;

/** The refusal, in words a venue understands, with numbers of its own country as examples. */
export function phoneMessage(country: Country): string {
  const [national, international] = phoneExamples(country);
  return `Enter a phone number such as ${national} or ${international}`;
}
