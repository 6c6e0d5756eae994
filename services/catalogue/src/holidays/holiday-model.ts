import type { Holiday, HolidayInput } from '@venue/contracts/catalogue';
import type { ExpressionBuilder, Selectable, Tx } from '@venue/service-kit';
import { isoInstant } from '../shared/common.ts';
import { db } from '../db/query.ts';
import type { CatalogueDb, HolidaysTable } from '../db/schema.ts';

// The form's rules and choices are the API contract's (contracts catalogue/requests.ts).
export { PRICING_RULES, SCOPES, STATES, defaultSurcharge } from '@venue/contracts/catalogue';
export { holidayInput, type Holiday, type HolidayInput } from '@venue/contracts/catalogue';

/**
 * The columns of a holiday answer, for `select` and `returning`: the date cast to text, so it
 * stays the calendar day whatever the driver and the process's time zone make of a `date`.
 */
export function holidayColumns(eb: ExpressionBuilder<CatalogueDb, 'holidays'>) {
  return [
    'id',
    'name',
    eb.cast<string>('date', 'text').as('date'),
    'scope',
    'state',
    'pricing_rule',
    'surcharge_percent',
    'block_out',
    'restricted_trading',
    'notes',
    'provenance',
    'source_url',
    'substitutes',
    'updated_at',
  ] as const;
}

export type HolidayRow = Pick<
  Selectable<HolidaysTable>,
  | 'id'
  | 'name'
  | 'scope'
  | 'state'
  | 'pricing_rule'
  | 'surcharge_percent'
  | 'block_out'
  | 'restricted_trading'
  | 'notes'
  | 'provenance'
  | 'source_url'
  | 'substitutes'
  | 'updated_at'
> & { date: string };

export function toHoliday(r: HolidayRow): Holiday {
  return {
    id: r.id,
    name: r.name,
    date: r.date,
    scope: r.scope,
    state: r.state,
    pricingRule: r.pricing_rule,
    surchargePercent: r.surcharge_percent,
    blockOut: r.block_out,
    restrictedTrading: r.restricted_trading,
    notes: r.notes,
    provenance: r.provenance,
    sourceUrl: r.source_url,
    substitutes: r.substitutes,
    updatedAt: isoInstant(r.updated_at),
  };
}

export async function insertHoliday(tx: Tx, tenantId: string, h: HolidayInput): Promise<Holiday> {
  const row = await db(tx)
    .insertInto('holidays')
    .values({
      tenant_id: tenantId,
      name: h.name,
      date: h.date,
      scope: h.scope,
      state: h.state,
      pricing_rule: h.pricingRule,
      surcharge_percent: h.surchargePercent,
      block_out: h.blockOut,
      restricted_trading: h.restrictedTrading,
      notes: h.notes,
      provenance: h.provenance ?? 'manual',
      source_url: h.sourceUrl,
      substitutes: h.substitutes,
    })
    .returning(holidayColumns)
    .executeTakeFirstOrThrow();
  return toHoliday(row);
}
