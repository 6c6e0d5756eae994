import { operation } from '@venue/service-kit';
import { PRICING_OWNER, conflictOnDuplicate, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { changes } from '../../resources/resource-model.ts';
import {
  ONE_CARD_MESSAGE,
  assertNoOtherCard,
  findPricing,
  pricingQuery,
  requireResource,
  toPricing,
} from '../rate-cards.ts';

export const listPricing = operation('get /api/pricing', async ({ tx }) => {
  const rows = await pricingQuery(tx)
    .orderBy((eb) => eb.fn('lower', ['r.name']))
    .orderBy('p.id')
    .execute();
  return rows.map(toPricing);
});

export const getPricing = operation('get /api/pricing/{id}', ({ tx, params }) => findPricing(tx, params.id));

export const postPricing = operation(
  'post /api/pricing',
  { guard: PRICING_OWNER },
  async ({ ctx, tx, body: input }) => {
    await requireResource(tx, input.resourceId);
    await assertNoOtherCard(tx, input.resourceId);
    const { id } = await conflictOnDuplicate(ONE_CARD_MESSAGE, () =>
      db(tx)
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
    const created = await findPricing(tx, id);
    await tx.audit(ctx, {
      action: 'pricing_updated',
      targetType: 'pricing',
      target: created.resourceName,
      targetLabel: `Rate card — ${created.resourceName}`,
      additionalInfo: `Created ${created.rateType} rate card for ${created.resourceName}: weekday ${created.weekdayRateCents}c, weekend ${created.weekendRateCents}c`,
    });
    ctx.status = 201;
    return created;
  },
);

export const putPricing = operation(
  'put /api/pricing/{id}',
  { guard: PRICING_OWNER },
  async ({ ctx, tx, params, body: input }) => {
    const before = await findPricing(tx, params.id);
    if (input.resourceId !== before.resourceId) {
      await requireResource(tx, input.resourceId);
      await assertNoOtherCard(tx, input.resourceId, before.id);
    }
    await conflictOnDuplicate(ONE_CARD_MESSAGE, () =>
      db(tx)
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
    const after = await findPricing(tx, before.id);
    await tx.audit(ctx, {
      action: 'pricing_updated',
      targetType: 'pricing',
      target: after.resourceName,
      targetLabel: `Rate card — ${after.resourceName}`,
      additionalInfo: `Updated rate card for ${after.resourceName}`,
      changes: changes(before, after),
    });
    return after;
  },
);

export const deletePricing = operation(
  'delete /api/pricing/{id}',
  { guard: PRICING_OWNER },
  async ({ ctx, tx, params }) => {
    const p = await findPricing(tx, params.id);
    await db(tx)
      .deleteFrom('pricing')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', p.id)
      .execute();
    await tx.audit(ctx, {
      action: 'pricing_updated',
      targetType: 'pricing',
      target: p.resourceName,
      targetLabel: `Rate card — ${p.resourceName}`,
      additionalInfo: `Deleted rate card for ${p.resourceName}`,
    });
    ctx.status = 204;
  },
);
