import { z } from 'zod';
import { isValidDate } from '@venue/contracts';
import { textField, type Tx } from '@venue/service-kit';
import { isoInstant } from '../common.ts';

export const STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export const PRICING_RULES = ['PH-Std', 'PH-Religious', 'PH-AFL', 'PH-Local'] as const;
export const SCOPES = ['statewide', 'local', 'custom'] as const;

/** Surcharge a rule gets unless the owner sets one: PH-Std 25 %, the others 0. */
export function defaultSurcharge(rule: string | null | undefined): number {
  return rule === 'PH-Std' ? 25 : 0;
}

export interface Holiday {
  id: string;
  name: string;
  date: string;
  scope: (typeof SCOPES)[number];
  state: (typeof STATES)[number] | null;
  pricingRule: (typeof PRICING_RULES)[number] | null;
  surchargePercent: number;
  blockOut: boolean;
  restrictedTrading: boolean;
  notes: string;
  provenance: 'official' | 'manual';
  sourceUrl: string | null;
  substitutes: string | null;
  updatedAt: string;
}

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const upper = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().toUpperCase() : v === '' ? null : v;

export const holidayInput = z
  .object({
    name: textField(200, 'Holiday name', 'Holiday name is required')
      .trim()
      .min(1, { error: 'Holiday name is required' }),
    // A real calendar day: 2026-02-30 or an empty box is a 400 naming `date`, never a database error.
    date: z
      .string({ error: 'Date is required' })
      .min(1, { error: 'Date is required' })
      .refine(isValidDate, { error: 'Date is required', abort: true }),
    scope: z
      .preprocess(lower, z.enum(SCOPES, { error: 'Scope must be statewide, local or custom' }))
      .default('custom'),
    state: z
      .preprocess(
        upper,
        z.enum(STATES, { error: 'State must be an Australian state or territory' }).nullable(),
      )
      .default(null),
    pricingRule: z
      .preprocess(
        (v) => (v === '' ? null : v),
        z
          .enum(PRICING_RULES, { error: 'Pricing rule must be PH-Std, PH-Religious, PH-AFL or PH-Local' })
          .nullable(),
      )
      .default(null),
    surchargePercent: z
      .number({ error: 'Surcharge must be a whole percentage from 0 to 500' })
      .int({ error: 'Surcharge must be a whole percentage from 0 to 500' })
      .min(0, { error: 'Surcharge must be a whole percentage from 0 to 500' })
      .max(500, { error: 'Surcharge must be a whole percentage from 0 to 500' })
      .optional(),
    blockOut: z.boolean().default(false),
    restrictedTrading: z.boolean().default(false),
    notes: textField(2000, 'Notes')
      .nullish()
      .transform((n) => n ?? ''),
    // Absent on edit keeps the stored provenance (an edited official holiday stays official).
    provenance: z.enum(['official', 'manual']).optional(),
    sourceUrl: textField(500, 'Source URL')
      .nullish()
      .transform((u) => (u ? u : null))
      .refine((u) => u === null || /^https?:\/\//i.test(u), {
        error: 'Source URL must start with http:// or https://',
      }),
    substitutes: z
      .uuid({ error: 'Substituted holiday not found' })
      .nullish()
      .transform((s) => s ?? null),
  })
  .transform((h) => ({ ...h, surchargePercent: h.surchargePercent ?? defaultSurcharge(h.pricingRule) }));
export type HolidayInput = z.output<typeof holidayInput>;

export const HOLIDAY_COLUMNS = `id, name, date::text AS date, scope, state, pricing_rule, surcharge_percent, block_out,
  restricted_trading, notes, provenance, source_url, substitutes, updated_at`;

export function toHoliday(r: Record<string, unknown>): Holiday {
  return {
    id: r.id as string,
    name: r.name as string,
    date: r.date as string,
    scope: r.scope as Holiday['scope'],
    state: (r.state as Holiday['state']) ?? null,
    pricingRule: (r.pricing_rule as Holiday['pricingRule']) ?? null,
    surchargePercent: Number(r.surcharge_percent),
    blockOut: r.block_out as boolean,
    restrictedTrading: r.restricted_trading as boolean,
    notes: r.notes as string,
    provenance: r.provenance as Holiday['provenance'],
    sourceUrl: (r.source_url as string | null) ?? null,
    substitutes: (r.substitutes as string | null) ?? null,
    updatedAt: isoInstant(r.updated_at),
  };
}

export async function insertHoliday(tx: Tx, tenantId: string, h: HolidayInput): Promise<Holiday> {
  const { rows } = await tx.query(
    `INSERT INTO holidays (tenant_id, name, date, scope, state, pricing_rule, surcharge_percent, block_out,
       restricted_trading, notes, provenance, source_url, substitutes)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING ${HOLIDAY_COLUMNS}`,
    [
      tenantId,
      h.name,
      h.date,
      h.scope,
      h.state,
      h.pricingRule,
      h.surchargePercent,
      h.blockOut,
      h.restrictedTrading,
      h.notes,
      h.provenance ?? 'manual',
      h.sourceUrl,
      h.substitutes,
    ],
  );
  return toHoliday(rows[0] as Record<string, unknown>);
}
