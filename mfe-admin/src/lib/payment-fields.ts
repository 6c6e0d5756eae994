/** Field rules of spec 01 §5 for the payment settings, mirrored from the server for instant feedback. */

export const STRIPE_PREFIX_MESSAGE = 'Stripe Account ID must start with "acct_"';
export const BSB_MESSAGE = 'BSB must be 6 digits (e.g. 123-456)';
export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 4-12 digits';
export const ABN_MESSAGE = 'ABN must be 11 digits with a valid checksum';

export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

/** As typed: keeps digits only and puts the dash after the third ('123456' → '123-456'). */
export function formatBsb(value: string): string {
  const digits = digitsOnly(value, 6);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

export function isValidBsb(value: string): boolean {
  return /^\d{3}-?\d{3}$/.test(value.trim());
}

export function isValidAccountNumber(value: string): boolean {
  return /^\d{4,12}$/.test(value.trim());
}

/** Empty is allowed (no card provider yet); otherwise the provider's account prefix. */
export function isValidStripeId(value: string): boolean {
  const v = value.trim();
  return v === '' || /^acct_[A-Za-z0-9]+$/.test(v);
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** ATO rule: subtract 1 from the first digit, weight the 11 digits, the sum divides by 89. */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((acc, ch, i) => {
    const d = Number(ch) - (i === 0 ? 1 : 0);
    return acc + d * (ABN_WEIGHTS[i] ?? 0);
  }, 0);
  return sum % 89 === 0;
}
