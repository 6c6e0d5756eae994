/** Rate cards (spec 03 §7): the query, the answer and the checks the handlers share. */
import { conflict, notFound, type Tx } from '@venue/service-kit';
import type { Pricing } from '@venue/contracts/catalogue';
import { dollars, isoInstant, num, rowId } from '../shared/common.ts';
import { db, tenantIdOf } from '../db/query.ts';

export const PRICING_NOT_FOUND = 'Pricing not found';

/** The tenant's rate cards with their resource's name, type and capacity. */
export function pricingQuery(t: Tx) {
  return db(t)
    .selectFrom('pricing as p')
    .innerJoin('resources as r', (j) =>
      j.onRef('r.tenant_id', '=', 'p.tenant_id').onRef('r.id', '=', 'p.resource_id'),
    )
    .where('p.tenant_id', '=', tenantIdOf(t))
    .select([
      'p.id',
      'p.resource_id',
      'r.name as resource_name',
      'r.type as resource_type',
      'r.capacity',
      'p.rate_type',
      'p.weekday_rate_cents',
      'p.weekend_rate_cents',
      'p.description',
      'p.updated_at',
    ]);
}

type PricingRow = Awaited<ReturnType<ReturnType<typeof pricingQuery>['executeTakeFirstOrThrow']>>;

/** A rate card as the API answers it (the contract's RateCard). */
export function toPricing(r: PricingRow): Pricing {
  const weekday = num(r.weekday_rate_cents);
  const weekend = num(r.weekend_rate_cents);
  return {
    id: r.id,
    resourceId: r.resource_id,
    resourceName: r.resource_name,
    resourceType: r.resource_type,
    capacity: r.capacity,
    rateType: r.rate_type,
    weekdayRateCents: weekday,
    weekendRateCents: weekend,
    weekdayRate: dollars(weekday),
    weekendRate: dollars(weekend),
    description: r.description,
    updatedAt: isoInstant(r.updated_at),
  };
}

/** The rate card a path names, or 404 (an id that is no uuid names none). */
export async function findPricing(tx: Tx, id: string): Promise<Pricing> {
  const row = await pricingQuery(tx).where('p.id', '=', rowId(id, PRICING_NOT_FOUND)).executeTakeFirst();
  if (!row) throw notFound(PRICING_NOT_FOUND);
  return toPricing(row);
}

export async function requireResource(tx: Tx, id: string): Promise<void> {
  const row = await db(tx)
    .selectFrom('resources')
    .select('id')
    .where('tenant_id', '=', tenantIdOf(tx))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Resource not found');
}

export const ONE_CARD_MESSAGE = 'This resource already has a rate card. Edit the existing one instead.';

export async function assertNoOtherCard(tx: Tx, resourceId: string, exceptId?: string): Promise<void> {
  let query = db(tx)
    .selectFrom('pricing')
    .select('id')
    .where('tenant_id', '=', tenantIdOf(tx))
    .where('resource_id', '=', resourceId);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const other = await query.executeTakeFirst();
  if (other) throw conflict(ONE_CARD_MESSAGE);
}
