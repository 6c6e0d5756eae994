import {
  conflict,
  forbidden,
  notFound,
  parseBody,
  requireAuth,
  withTx,
  ACCESS_DENIED_MESSAGE,
  type AppContext,
  type AppMiddleware,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { hasPermission, pricingInput } from '@venue/contracts';
import type { Pricing } from '@venue/contracts/catalogue';
import {
  PRICING_GUARDS,
  conflictOnDuplicate,
  dollars,
  idParam,
  isoInstant,
  num,
  principal,
  tenantOf,
  tx,
} from '../common.ts';
import { db, tenantIdOf } from '../db/query.ts';
import { changes } from '../resources/resource-model.ts';
import { quoteFor, quoteRequest } from './price-quote.ts';

const NOT_FOUND = 'Pricing not found';
const { read, write } = PRICING_GUARDS;

/** The tenant's rate cards with their resource's name, type and capacity. */
function pricingQuery(t: Tx) {
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
function toPricing(r: PricingRow): Pricing {
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

async function findPricing(ctx: AppContext, id: string): Promise<Pricing> {
  const row = await pricingQuery(tx(ctx)).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return toPricing(row);
}

async function requireResource(ctx: AppContext, id: string): Promise<void> {
  const row = await db(tx(ctx))
    .selectFrom('resources')
    .select('id')
    .where('tenant_id', '=', tenantOf(ctx))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Resource not found');
}

const ONE_CARD_MESSAGE = 'This resource already has a rate card. Edit the existing one instead.';

async function assertNoOtherCard(ctx: AppContext, resourceId: string, exceptId?: string): Promise<void> {
  let query = db(tx(ctx))
    .selectFrom('pricing')
    .select('id')
    .where('tenant_id', '=', tenantOf(ctx))
    .where('resource_id', '=', resourceId);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const other = await query.executeTakeFirst();
  if (other) throw conflict(ONE_CARD_MESSAGE);
}

/** Quotes are needed by every screen that prices a booking, not only the rate-card page. */
const mayQuote: AppMiddleware = async (ctx, next) => {
  const p = principal(ctx);
  const keys = ['pricing', 'resources', 'bookings', 'quotations', 'calendar', 'invoices'] as const;
  if (!keys.some((k) => hasPermission(p, k))) throw forbidden(ACCESS_DENIED_MESSAGE);
  await next();
};

export function pricingRoutes(router: AppRouter): void {
  router.get('/api/pricing', ...read, async (ctx) => {
    const rows = await pricingQuery(tx(ctx))
      .orderBy((eb) => eb.fn('lower', ['r.name']))
      .orderBy('p.id')
      .execute();
    ctx.body = rows.map(toPricing);
  });

  router.get('/api/pricing/:id', ...read, async (ctx) => {
    ctx.body = await findPricing(ctx, idParam(ctx, NOT_FOUND));
  });

  router.post('/api/pricing', ...write, async (ctx) => {
    const input = parseBody(ctx, pricingInput);
    await requireResource(ctx, input.resourceId);
    await assertNoOtherCard(ctx, input.resourceId);
    const { id } = await conflictOnDuplicate(ONE_CARD_MESSAGE, () =>
      db(tx(ctx))
        .insertInto('pricing')
        .values({
          tenant_id: tenantOf(ctx),
          resource_id: input.resourceId,
          rate_type: input.rateType,
          weekday_rate_cents: input.weekdayRateCents,
          weekend_rate_cents: input.weekendRateCents,
          description: input.description,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const created = await findPricing(ctx, id);
    await tx(ctx).audit(ctx, {
      action: 'pricing_updated',
      targetType: 'pricing',
      target: created.resourceName,
      targetLabel: `Rate card — ${created.resourceName}`,
      additionalInfo: `Created ${created.rateType} rate card for ${created.resourceName}: weekday ${created.weekdayRateCents}c, weekend ${created.weekendRateCents}c`,
    });
    ctx.status = 201;
    ctx.body = created;
  });

  router.put('/api/pricing/:id', ...write, async (ctx) => {
    const before = await findPricing(ctx, idParam(ctx, NOT_FOUND));
    const input = parseBody(ctx, pricingInput);
    if (input.resourceId !== before.resourceId) {
      await requireResource(ctx, input.resourceId);
      await assertNoOtherCard(ctx, input.resourceId, before.id);
    }
    await conflictOnDuplicate(ONE_CARD_MESSAGE, () =>
      db(tx(ctx))
        .updateTable('pricing')
        .set((eb) => ({
          resource_id: input.resourceId,
          rate_type: input.rateType,
          weekday_rate_cents: input.weekdayRateCents,
          weekend_rate_cents: input.weekendRateCents,
          description: input.description,
          updated_at: eb.fn<Date>('now'),
        }))
        .where('tenant_id', '=', tenantOf(ctx))
        .where('id', '=', before.id)
        .execute(),
    );
    const after = await findPricing(ctx, before.id);
    await tx(ctx).audit(ctx, {
      action: 'pricing_updated',
      targetType: 'pricing',
      target: after.resourceName,
      targetLabel: `Rate card — ${after.resourceName}`,
      additionalInfo: `Updated rate card for ${after.resourceName}`,
      changes: changes(before, after),
    });
    ctx.body = after;
  });

  router.delete('/api/pricing/:id', ...write, async (ctx) => {
    const p = await findPricing(ctx, idParam(ctx, NOT_FOUND));
    await db(tx(ctx))
      .deleteFrom('pricing')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', p.id)
      .execute();
    await tx(ctx).audit(ctx, {
      action: 'pricing_updated',
      targetType: 'pricing',
      target: p.resourceName,
      targetLabel: `Rate card — ${p.resourceName}`,
      additionalInfo: `Deleted rate card for ${p.resourceName}`,
    });
    ctx.status = 204;
  });

  router.post('/api/price-quote', requireAuth, mayQuote, withTx, async (ctx) => {
    ctx.body = await quoteFor(tx(ctx), parseBody(ctx, quoteRequest));
  });
}
