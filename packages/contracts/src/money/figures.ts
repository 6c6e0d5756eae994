/**
 * The figures of a priced booking (or quotation): net, GST, total, deposit and final due, all
 * in cents, each rounded once. Services compute and store them; screens, CSVs and PDFs show
 * the stored ones; a screen previewing figures computes them with this same function and the
 * inputs the server would use.
 */
import { assertCents } from './cents.ts';
import { depositCents, depositValue, NO_DEPOSIT, type Deposit, type DepositType } from './deposit.ts';
import { gstSplit } from './gst.ts';
import { assertRate, type TaxType } from './rate.ts';

export interface MoneyInput {
  /** The price as priced (rate card, quote or override), read per `taxType`. */
  priceCents: number;
  taxType: TaxType;
  rateBp: number;
  deposit?: Deposit;
}

export interface MoneyFigures {
  taxType: TaxType;
  rateBp: number;
  netCents: number;
  gstCents: number;
  totalCents: number;
  depositType: DepositType;
  /** The deposit as chosen: dollars for Fixed, whole percent for Percentage, 0 for None. */
  depositValue: number;
  depositCents: number;
  finalDueCents: number;
}

export function moneyFigures(input: MoneyInput): MoneyFigures {
  assertCents(input.priceCents, 'price');
  assertRate(input.rateBp);
  const deposit = input.deposit ?? NO_DEPOSIT;
  const split = gstSplit(input.priceCents, input.taxType, input.rateBp);
  const deposited = depositCents(deposit, split.totalCents);
  return {
    taxType: input.taxType,
    rateBp: input.rateBp,
    ...split,
    depositType: deposit.type,
    depositValue: depositValue(deposit),
    depositCents: deposited,
    finalDueCents: split.totalCents - deposited,
  };
}

/** Final due: the total less the deposit (never negative: a deposit is at most the total). */
export function finalDue(totalCents: number, depositCentsValue: number): number {
  return Math.max(0, totalCents - depositCentsValue);
}
