/**
 * GST rates in basis points (10 % = 1000 bp): whole numbers, so every GST figure is exact
 * integer arithmetic. Settings keep the rate as a percentage with at most two decimals
 * (spec 01 §9: 0 to 100, step 0.01), which maps one-to-one onto basis points.
 */

export const BASIS_POINTS = 10_000;
/** The spec's default GST (spec 01 §9, spec 03 §9). */
export const DEFAULT_GST_BASIS_POINTS = 1000;

export function assertRate(rateBp: number): number {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > BASIS_POINTS) {
    throw new RangeError(`GST rate must be whole basis points from 0 to ${BASIS_POINTS}, got ${rateBp}`);
  }
  return rateBp;
}

/**
 * A settings percentage (10, 10.25) → basis points (1000, 1025). Read from its decimal text, so
 * 10.13 is 1013 rather than whatever 10.13 × 100 lands on in binary. RangeError outside 0–100
 * or with more than two decimals.
 */
export function percentToBasisPoints(percent: number): number {
  const m = Number.isFinite(percent) ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(percent)) : null;
  if (!m) throw new RangeError(`GST rate must be a percentage with at most two decimals, got ${percent}`);
  return assertRate(Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')));
}

export const basisPointsToPercent = (rateBp: number): number => assertRate(rateBp) / 100;

/**
 * How a price relates to GST. Inclusive: the price is the total and GST is part of it;
 * exclusive: the price is the base and GST is added on top.
 */
export type TaxType = 'inclusive' | 'exclusive';
export const TAX_TYPE_VALUES = ['inclusive', 'exclusive'] as const;

/** The settings' 'Inclusive' / 'Exclusive' (or already lower case) → TaxType. */
export function taxTypeOf(value: string): TaxType {
  const v = value.toLowerCase();
  if (v === 'inclusive' || v === 'exclusive') return v;
  throw new RangeError(`Unknown tax type: ${value}`);
}
