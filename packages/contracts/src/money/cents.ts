/**
 * Amounts are integer cents everywhere (decision 4). These helpers are the only way a dollar
 * figure typed by a person or sent as a JSON number becomes cents, so every screen and service
 * turns "200.005" into the same 20001.
 */

/** The largest amount read from typed or sent dollars (ten billion dollars): far above any booking. */
export const MAX_CENTS = 1_000_000_000_000;

/**
 * Throws unless `value` is whole, non-negative cents that a JavaScript number holds exactly.
 * Returns it, for chaining. (Products are taken in BigInt, so only the figures must fit.)
 */
export function assertCents(value: number, name = 'amount'): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be whole cents of 0 or more, got ${value}`);
  }
  return value;
}

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * Dollars written as decimal text ("12", "12.5", ".5", "200.005") → cents, rounded half up on
 * the third decimal from the digits themselves (no binary fractions involved). Null when the
 * text is not a plain non-negative decimal (empty, ".", "1e3", "-2", "12a") or is too large.
 */
export function parseDollars(text: string): number | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const [, whole = '', fraction = ''] = m;
  if (whole === '' && fraction === '') return null;
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > 12) return null;
  const cents = Number(wholeDigits || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  // Half up: whatever follows the cents is half a cent or more exactly when its first digit is 5+.
  const rounded = cents + (Number(fraction[2] ?? '0') >= 5 ? 1 : 0);
  return rounded <= MAX_CENTS ? rounded : null;
}

/**
 * A dollar amount sent as a JSON number → cents, half up. The number's shortest decimal
 * form is what the sender wrote (200.005 stays "200.005", not 200.00499999…), so it is read as
 * text. RangeError for negative, non-finite or too large numbers.
 */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars) || dollars < 0) throw new RangeError(`Not an amount of dollars: ${dollars}`);
  // Below a millionth of a dollar JavaScript writes exponents ("1e-7"): that is 0 cents.
  if (dollars < 1e-6) return 0;
  const cents = parseDollars(String(dollars));
  if (cents === null) throw new RangeError(`Not an amount of dollars: ${dollars}`);
  return cents;
}

/** Cents → dollars as a JSON number (the spec's `total_amount`-style fields). */
export const centsToDollars = (cents: number): number => cents / 100;
