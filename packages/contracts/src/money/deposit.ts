/**
 * Deposits (spec 02 §2.1, spec 03 §9): None, a Fixed amount, or a Percentage of the
 * GST-inclusive total. The deposit is part of the total, never more: a fixed deposit above the
 * total is capped at the total (the whole price up front), as a percentage is clamped to 100,
 * so deposit + final due = total and the final due is never negative (spec 03 §9:
 * final due = max(0, total − deposit)).
 */
import { assertCents, MAX_CENTS, parseDollars } from './cents.ts';
import { divideHalfUp } from './gst.ts';

export const DEPOSIT_TYPES = ['None', 'Fixed', 'Percentage'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export type Deposit =
  | { type: 'None' }
  | { type: 'Fixed'; cents: number }
  /** Whole percent, 0 to 100 (spec 01 §9 reads the deposit percentage as an integer). */
  | { type: 'Percentage'; percent: number };

export const NO_DEPOSIT: Deposit = { type: 'None' };

export const DEPOSIT_PERCENT_MESSAGE = 'Deposit percentage must be a whole number from 0 to 100.';

/** The deposit in cents on a GST-inclusive total: a percentage rounded half up, once. */
export function depositCents(deposit: Deposit, totalCents: number): number {
  assertCents(totalCents, 'total');
  if (deposit.type === 'Fixed') return Math.min(totalCents, assertCents(deposit.cents, 'deposit'));
  if (deposit.type === 'Percentage') {
    const { percent } = deposit;
    if (!Number.isInteger(percent) || percent < 0 || percent > 100)
      throw new RangeError(DEPOSIT_PERCENT_MESSAGE);
    return Number(divideHalfUp(BigInt(totalCents) * BigInt(percent), 100n));
  }
  return 0;
}

/** The deposit as the spec's `deposit_value`: dollars for Fixed, percent for Percentage, 0 for None. */
export function depositValue(deposit: Deposit): number {
  if (deposit.type === 'Fixed') return deposit.cents / 100;
  if (deposit.type === 'Percentage') return deposit.percent;
  return 0;
}

export type DepositChoice = { ok: true; deposit: Deposit } | { ok: false; message: string };

/**
 * What a person chose in a deposit field, by the spec's rules (spec 02 §2.1): the value is
 * typed text (digits and a period) or a JSON number; empty, non-numeric or not above 0 means
 * no deposit (kept as the chosen type with nothing due); a percentage above 100 is 100; a fixed
 * amount is rounded to cents. A percentage that is not whole is refused rather than rounded
 * (a silently different deposit is worse than a message).
 */
export function depositFromInput(
  type: DepositType,
  value: string | number | null | undefined,
): DepositChoice {
  if (type === 'None') return { ok: true, deposit: NO_DEPOSIT };
  const text = positiveDecimal(value);
  if (text === null) return zero(type);
  if (type === 'Fixed') {
    // Too many digits for an amount is still "more than the total": capped like any other.
    const cents = parseDollars(text) ?? MAX_CENTS;
    return cents > 0 ? { ok: true, deposit: { type, cents } } : zero(type);
  }
  const percent = Number(text);
  if (percent >= 100) return { ok: true, deposit: { type, percent: 100 } };
  if (!Number.isInteger(percent)) return { ok: false, message: DEPOSIT_PERCENT_MESSAGE };
  return { ok: true, deposit: { type, percent } };
}

const DECIMAL_TEXT = /^(\d+\.?\d*|\.\d+)$/;

/** The value as plain decimal text when it is a number above 0, else null. */
function positiveDecimal(value: string | number | null | undefined): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    // JavaScript writes very large and very small numbers with an exponent.
    text = value >= 1e21 ? '1' + '0'.repeat(21) : value < 1e-6 ? '0' : String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  return DECIMAL_TEXT.test(text) && Number(text) > 0 ? text : null;
}

const zero = (type: 'Fixed' | 'Percentage'): DepositChoice => ({
  ok: true,
  deposit: type === 'Fixed' ? { type, cents: 0 } : { type, percent: 0 },
});
