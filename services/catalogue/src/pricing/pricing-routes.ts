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
} from '@venue/service-kit';
import { hasPermission, pricingInput } from '@venue/contracts';
import type { Pricing } from '@venue/contracts/catalogue';
import {
  PRICING_GUARDS,
  conflictOnDuplicate,
  dollars,
  idParam,
  num,
  principal,
  tenantOf,
  tx,
} from '../common.ts';
import { changes } from '../resources/resource-model.ts';
import { quoteFor, quoteRequest } from './price-quote.ts';

const NOT_FOUND = 'Pricing not found';
const { read, write } = PRICING_GUARDS;

const PRICING_SELECT = `SELECT p.id, p.resource_id, r.name AS resource_name, r.type AS resource_type, r.capacity,
    p.rate_type, p.weekday_rate_cents, p.weekend_rate_cents, p.description, p.updated_at
  FROM pricing p JOIN resources r ON r.tenant_id = p.tenant_id AND r.id = p.resource_id`;

/** A rate card as the API answers it (the contract's RateCard). */
function toPricing(r: Record<string, unknown>): Pricing {
  const weekday = num(r.weekday_rate_cents);
  const weekend = num(r.weekend_rate_cents);
  return {
    id: r.id as string,
    resourceId: r.resource_id as string,
    resourceName: r.resource_name as string,
    resourceType: r.resource_type as Pricing['resourceType'],
    capacity: Number(r.capacity),
    rateType: r.rate_type as 'hourly' | 'daily',
    weekdayRateCents: weekday,
    weekendRateCents: weekend,
    weekdayRate: dollars(weekday),
    weekendRate: dollars(weekend),
    description: r.description as string,
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

async function findPricing(ctx: AppContext, id: string): Promise<Pricing> {
  const { rows } = await tx(ctx).query(`${PRICING_SELECT} WHERE p.id = $1`, [id]);
  if (!rows[0]) throw notFound(NOT_FOUND);
  return toPricing(rows[0] as Record<string, unknown>);
}

async function requireResource(ctx: AppContext, id: string): Promise<void> {
  const { rows } = await tx(ctx).query(`SELECT 1 FROM resources WHERE id = $1`, [id]);
  if (!rows[0]) throw notFound('Resource not found');
}

const ONE_CARD_MESSAGE = 'This resource already has a rate card. Edit the existing one instead.';

async function assertNoOtherCard(ctx: AppContext, resourceId: string, exceptId?: string): Promise<void> {
  const { rows } = await tx(ctx).query(
    `SELECT id FROM pricing WHERE resource_id = $1 AND id IS DISTINCT FROM $2`,
    [resourceId, exceptId ?? null],
  );
  if (rows[0]) throw conflict(ONE_CARD_MESSAGE);
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
    const { rows } = await tx(ctx).query(`${PRICING_SELECT} ORDER BY lower(r.name), p.id`);
    ctx.body = rows.map((r) => toPricing(r as Record<string, unknown>));
  });

  router.get('/api/pricing/:id', ...read, async (ctx) => {
    ctx.body = await findPricing(ctx, idParam(ctx, NOT_FOUND));
  });

  router.post('/api/pricing', ...write, async (ctx) => {
    const input = parseBody(ctx, pricingInput);
    await requireResource(ctx, input.resourceId);
    await assertNoOtherCard(ctx, input.resourceId);
    const { rows } = await conflictOnDuplicate(ONE_CARD_MESSAGE, () =>
      tx(ctx).query<{ id: string }>(
        `INSERT INTO pricing (tenant_id, resource_id, rate_type, weekday_rate_cents, weekend_rate_cents, description)
         VALUES ($1,$2,$3,$4,$5,$6) RETURNING id`,
        [
          tenantOf(ctx),
          input.resourceId,
          input.rateType,
          input.weekdayRateCents,
          input.weekendRateCents,
          input.description,
        ],
      ),
    );
    const created = await findPricing(ctx, rows[0]!.id);
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
      tx(ctx).query(
        `UPDATE pricing SET resource_id=$2, rate_type=$3, weekday_rate_cents=$4, weekend_rate_cents=$5, description=$6,
           updated_at=now() WHERE id=$1`,
        [
          before.id,
          input.resourceId,
          input.rateType,
          input.weekdayRateCents,
          input.weekendRateCents,
          input.description,
        ],
      ),
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
    await tx(ctx).query(`DELETE FROM pricing WHERE id = $1`, [p.id]);
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
