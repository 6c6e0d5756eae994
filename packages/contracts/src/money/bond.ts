/**
 * Bonds (security deposits): money held against damage and returned after the event. A bond
 * is not payment for the hire, so it carries no GST while held or refunded; the part kept
 * (forfeited) becomes consideration for the supply and then contains GST like any
 * GST-inclusive amount (ATO: forfeited security deposits are taxable when applied).
 */
import { assertCents } from './cents.ts';
import { splitInclusive, type GstSplit } from './gst.ts';

export interface BondFigures {
  bondCents: number;
  /** Always 0: no GST on a bond held or refunded. */
  gstCents: 0;
}

export function bondHeld(bondCents: number): BondFigures {
  return { bondCents: assertCents(bondCents, 'bond'), gstCents: 0 };
}

export interface BondForfeiture {
  /** The kept part, split into net and the GST it contains. */
  forfeited: GstSplit;
  /** What goes back to the customer, with no GST. */
  refundCents: number;
}

/** Keeps `forfeitedCents` of the bond (0 to the whole bond); RangeError for more. */
export function forfeitBond(bondCents: number, forfeitedCents: number, rateBp: number): BondForfeiture {
  assertCents(bondCents, 'bond');
  assertCents(forfeitedCents, 'forfeited amount');
  if (forfeitedCents > bondCents) throw new RangeError('Cannot keep more than the bond.');
  return { forfeited: splitInclusive(forfeitedCents, rateBp), refundCents: bondCents - forfeitedCents };
}
