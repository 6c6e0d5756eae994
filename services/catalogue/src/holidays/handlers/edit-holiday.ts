/** One holiday added, edited or deleted by the hall owner. */
import { operation } from '@venue/service-kit';
import { RESOURCES_OWNER, conflictOnDuplicate, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { changes } from '../../resources/resource-model.ts';
import { holidayColumns, insertHoliday, toHoliday } from '../holiday-model.ts';
import { DUPLICATE_MESSAGE, checkUnique, findHoliday } from '../holiday-store.ts';

export const postHoliday = operation(
  'post /api/holidays',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, body: input }) => {
    await checkUnique(tx, input, null);
    const created = await conflictOnDuplicate(DUPLICATE_MESSAGE, () =>
      insertHoliday(tx, tenantOf(ctx), input),
    );
    await tx.audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: created.name,
      targetLabel: `Public holiday ${created.name} (${created.date})`,
      additionalInfo: `Added public holiday ${created.name} on ${created.date}`,
    });
    ctx.status = 201;
    return created;
  },
);

export const putHoliday = operation(
  'put /api/holidays/{id}',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params, body: input }) => {
    const before = await findHoliday(tx, params.id);
    await checkUnique(tx, input, before.id);
    const after = toHoliday(
      await conflictOnDuplicate(DUPLICATE_MESSAGE, () =>
        db(tx)
          .updateTable('holidays')
          .set((eb) => ({
            name: input.name,
            date: input.date,
            scope: input.scope,
            state: input.state,
            pricing_rule: input.pricingRule,
            surcharge_percent: input.surchargePercent,
            block_out: input.blockOut,
            restricted_trading: input.restrictedTrading,
            notes: input.notes,
            provenance: input.provenance ?? before.provenance,
            source_url: input.sourceUrl,
            substitutes: input.substitutes,
            updated_at: eb.fn<Date>('now'),
          }))
          .where('tenant_id', '=', tenantOf(ctx))
          .where('id', '=', before.id)
          .returning(holidayColumns)
          .executeTakeFirstOrThrow(),
      ),
    );
    await tx.audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: after.name,
      targetLabel: `Public holiday ${after.name} (${after.date})`,
      additionalInfo: `Updated public holiday ${after.name}`,
      changes: changes(before, after),
    });
    return after;
  },
);

export const deleteHoliday = operation(
  'delete /api/holidays/{id}',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params }) => {
    const h = await findHoliday(tx, params.id);
    const q = db(tx);
    await q
      .updateTable('holidays')
      .set({ substitutes: null })
      .where('tenant_id', '=', tenantOf(ctx))
      .where('substitutes', '=', h.id)
      .execute();
    await q.deleteFrom('holidays').where('tenant_id', '=', tenantOf(ctx)).where('id', '=', h.id).execute();
    await tx.audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: h.name,
      targetLabel: `Public holiday ${h.name} (${h.date})`,
      additionalInfo: `Deleted public holiday ${h.name} on ${h.date}`,
    });
    ctx.status = 204;
  },
);
