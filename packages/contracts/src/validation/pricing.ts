/**
 * Rate card and add-on rules (spec 03 §5 Pricing and Add-on): the catalogue service parses with
 * these schemas and the rate card and add-on screens run them before saving.
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';

/**
 * A money field written in cents (`<field>Cents`, the contract) or, as a convenience, in dollars
 * (`<field>`, a JSON number with up to 2 decimals). Missing → undefined, left for the required message.
 */
export function centsFrom(body: Record<string, unknown>, field: string): unknown {
  const cents = body[`${field}Cents`];
  if (cents !== undefined && cents !== null && cents !== '') return cents;
  const d = body[field];
  if (d === undefined || d === null || d === '') return undefined;
  // Dollars must be a JSON number too: "12.5" is left as text for the number check to refuse.
  return typeof d === 'number' && Number.isFinite(d) ? Math.round(d * 100) : d;
}

/** Whole cents from 0 up: `required` when absent, `negative` for anything else wrong. */
export const centsField = (required: string, negative: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? required : negative) })
    .int({ error: negative })
    .min(0, { error: negative })
    .max(1_000_000_000, { error: 'Amount is too large' });

const optionalText = z
  .string()
  .max(2000)
  .nullish()
  .transform((d) => d ?? '');

const asBody = (v: unknown) => (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;

export const pricingInput = z.preprocess(
  (v) => {
    const b = asBody(v);
    return {
      ...b,
      weekdayRateCents: centsFrom(b, 'weekdayRate'),
      weekendRateCents: centsFrom(b, 'weekendRate'),
      // Other screens treat any non-hourly rate as flat; 'flat' is stored as the spec's 'daily'.
      rateType: b.rateType === 'flat' ? 'daily' : b.rateType,
    };
  },
  z.object({
    resourceId: z.uuid({ error: 'Resource is required' }),
    rateType: z.enum(['hourly', 'daily'], {
      error: (i) =>
        i.input === undefined || i.input === ''
          ? 'Rate type is required'
          : 'Rate type must be hourly or daily',
    }),
    weekdayRateCents: centsField('Weekday rate is required', 'Weekday rate must be 0 or more'),
    weekendRateCents: centsField('Weekend rate is required', 'Weekend rate must be 0 or more'),
    description: optionalText,
  }),
);

export const addonInput = z.preprocess(
  (v) => {
    const b = asBody(v);
    return { ...b, priceCents: centsFrom(b, 'price') };
  },
  z.object({
    name: oneLine(
      z
        .string({ error: 'Add-on name is required' })
        .trim()
        .min(1, { error: 'Add-on name is required' })
        .max(120),
      'Add-on name',
    ),
    priceCents: centsField('Price is required', 'Price must be 0 or more'),
    description: optionalText,
  }),
);

const messagesOf = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};

/** Every broken rate card rule, in field order (the form lists them all). */
export const pricingFormMessages = (input: unknown) => messagesOf(pricingInput, input);

/** Every broken add-on rule, in field order. */
export const addonFormMessages = (input: unknown) => messagesOf(addonInput, input);
