import { operation } from '@venue/service-kit';
import { PRICING_OWNER, anyPermission, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { changes } from '../../resources/resource-model.ts';
import { ADDON_COLUMNS, ensureStarterAddons, findAddon, toAddon } from '../addons.ts';

export const listAddons = operation(
  'get /api/addons',
  { guard: anyPermission(['pricing', 'bookings', 'quotations']) },
  async ({ ctx, tx }) => {
    await ensureStarterAddons(tx, tenantOf(ctx));
    const rows = await db(tx)
      .selectFrom('addons')
      .select(ADDON_COLUMNS)
      .where('tenant_id', '=', tenantOf(ctx))
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    return rows.map(toAddon);
  },
);

export const postAddon = operation(
  'post /api/addons',
  { guard: PRICING_OWNER },
  async ({ ctx, tx, body: input }) => {
    await ensureStarterAddons(tx, tenantOf(ctx));
    const created = toAddon(
      await db(tx)
        .insertInto('addons')
        .values({
          tenant_id: tenantOf(ctx),
          name: input.name,
          price_cents: input.priceCents,
          description: input.description,
        })
        .returning(ADDON_COLUMNS)
        .executeTakeFirstOrThrow(),
    );
    await tx.audit(ctx, {
      action: 'settings_updated',
      targetType: 'pricing',
      target: created.name,
      targetLabel: `Add-on ${created.name}`,
      additionalInfo: `Added add-on ${created.name} at ${created.priceCents}c`,
    });
    ctx.status = 201;
    return created;
  },
);

export const putAddon = operation(
  'put /api/addons/{id}',
  { guard: PRICING_OWNER },
  async ({ ctx, tx, params, body: input }) => {
    const before = await findAddon(tx, params.id);
    const after = toAddon(
      await db(tx)
        .updateTable('addons')
        .set((eb) => ({
          name: input.name,
          price_cents: input.priceCents,
          description: input.description,
          updated_at: eb.fn<Date>('now'),
        }))
        .where('tenant_id', '=', tenantOf(ctx))
        .where('id', '=', before.id)
        .returning(ADDON_COLUMNS)
        .executeTakeFirstOrThrow(),
    );
    await tx.audit(ctx, {
      action: 'settings_updated',
      targetType: 'pricing',
      target: after.name,
      targetLabel: `Add-on ${after.name}`,
      additionalInfo: `Updated add-on ${after.name}`,
      changes: changes(before, after),
    });
    return after;
  },
);

export const deleteAddon = operation(
  'delete /api/addons/{id}',
  { guard: PRICING_OWNER },
  async ({ ctx, tx, params }) => {
    const a = await findAddon(tx, params.id);
    await db(tx).deleteFrom('addons').where('tenant_id', '=', tenantOf(ctx)).where('id', '=', a.id).execute();
    await tx.audit(ctx, {
      action: 'settings_updated',
      targetType: 'pricing',
      target: a.name,
      targetLabel: `Add-on ${a.name}`,
      additionalInfo: `Deleted add-on ${a.name}`,
    });
    ctx.status = 204;
  },
);
