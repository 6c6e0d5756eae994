import type { Holiday, HolidayInput } from '@venue/contracts/catalogue';
import type { Tx } from '@venue/service-kit';
import { isoInstant } from '../common.ts';

// The form's rules and choices are the API contract's (contracts catalogue/requests.ts).
export { PRICING_RULES, SCOPES, STATES, defaultSurcharge } from '@venue/contracts/catalogue';
export { holidayInput, type Holiday, type HolidayInput } from '@venue/contracts/catalogue';

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
