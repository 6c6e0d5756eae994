import { z } from 'zod';

/**
 * A money field written in cents (`<field>Cents`, the contract) or, as a convenience, in dollars
 * (`<field>`, a number with up to 2 decimals). Missing → `required`; negative → `negative`.
 */
export function centsFrom(body: Record<string, unknown>, field: string): unknown {
  const cents = body[`${field}Cents`];
  if (cents !== undefined && cents !== null && cents !== '') return cents;
  const d = body[field];
  if (d === undefined || d === null || d === '') return undefined;
  const n = typeof d === 'string' ? Number(d) : d;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) : d;
}

export const cents = (required: string, negative: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? required : negative) })
    .int({ error: negative })
    .min(0, { error: negative })
    .max(1_000_000_000, { error: 'Amount is too large' });
