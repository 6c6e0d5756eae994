/**
 * GST on a price, per the spec's formulas (spec 03 §9, spec 02 §9) and the ATO's rounding
 * (GST Act s9-90: the GST on a taxable supply is rounded to the nearest cent, half a cent up).
 * Each figure is computed exactly from integers and rounded once:
 *   inclusive: GST = total − total/(1+rate) = total × bp / (10000 + bp)
 *   exclusive: GST = base × rate            = base × bp / 10000
 * The other figure is then a subtraction or an addition, so net + GST = total always.
 * BigInt keeps the products exact for every amount up to MAX_CENTS.
 */
import { assertCents } from './cents.ts';
import { assertRate, BASIS_POINTS, type TaxType } from './rate.ts';

/** n / d rounded half up, for n ≥ 0 and d > 0. */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

export interface GstSplit {
  /** The amount before GST (the base, "excl. GST"). */
  netCents: number;
  gstCents: number;
  /** What the customer pays ("incl. GST"). */
  totalCents: number;
}

/** The GST contained in a GST-inclusive total. */
export function gstOfInclusive(totalCents: number, rateBp: number): number {
  assertCents(totalCents, 'total');
  const bp = BigInt(assertRate(rateBp));
  return Number(divideHalfUp(BigInt(totalCents) * bp, BigInt(BASIS_POINTS) + bp));
}

/** The GST added to a GST-exclusive base. */
export function gstOnExclusive(baseCents: number, rateBp: number): number {
  assertCents(baseCents, 'base');
  const bp = BigInt(assertRate(rateBp));
  return Number(divideHalfUp(BigInt(baseCents) * bp, BigInt(BASIS_POINTS)));
}

/** A GST-inclusive total split into net and GST. */
export function splitInclusive(totalCents: number, rateBp: number): GstSplit {
  const gstCents = gstOfInclusive(totalCents, rateBp);
  return { netCents: totalCents - gstCents, gstCents, totalCents };
}

/** A GST-exclusive base with its GST added. */
export function addExclusive(baseCents: number, rateBp: number): GstSplit {
  const gstCents = gstOnExclusive(baseCents, rateBp);
  return { netCents: baseCents, gstCents, totalCents: baseCents + gstCents };
}

/** A price read the way the tax type says. */
export function gstSplit(priceCents: number, taxType: TaxType, rateBp: number): GstSplit {
  return taxType === 'exclusive' ? addExclusive(priceCents, rateBp) : splitInclusive(priceCents, rateBp);
}
