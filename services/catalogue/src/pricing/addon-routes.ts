import { addonInput, hasPermission } from '@venue/contracts';
import type { Addon } from '@venue/contracts/catalogue';
import {
  ACCESS_DENIED_MESSAGE,
  forbidden,
  notFound,
  parseBody,
  requireAuth,
  withTx,
  type AppContext,
  type AppMiddleware,
  type AppRouter,
  type Selectable,
  type Tx,
} from '@venue/service-kit';
import { PRICING_GUARDS, dollars, idParam, isoInstant, num, principal, tenantOf, tx } from '../common.ts';
import { db } from '../db/query.ts';
import type { AddonsTable } from '../db/schema.ts';
import { changes } from '../resources/resource-model.ts';

const NOT_FOUND = 'Add-on not found';
const { write } = PRICING_GUARDS;

/**
 * The list is read by the Add-ons page and by the screens that sell add-ons: the booking form
 * offers them (issue 11 item 16) and quotations price them. Changing them stays the owner's.
 */
const mayList: AppMiddleware = async (ctx, next) => {
  const keys = ['pricing', 'bookings', 'quotations'] as const;
  if (!keys.some((k) => hasPermission(principal(ctx), k))) throw forbidden(ACCESS_DENIED_MESSAGE);
  await next();
};

/** What every new tenant starts with (spec 03 §2.9 / §9). */
export const STARTER_ADDONS = [
  { name: 'Projector', priceCents: 5000, description: 'Projector and screen for presentations' },
  { name: 'Sound System', priceCents: 8000, description: 'PA system with microphones' },
  { name: 'Cleaning Service', priceCents: 3000, description: 'Professional cleaning after the event' },
];

const COLUMNS = ['id', 'name', 'price_cents', 'description', 'updated_at'] as const;

function toAddon(r: Pick<Selectable<AddonsTable>, (typeof COLUMNS)[number]>): Addon {
  const priceCents = num(r.price_cents);
  return {
    id: r.id,
    name: r.name,
    priceCents,
    price: dollars(priceCents),
    description: r.description,
    updatedAt: isoInstant(r.updated_at),
  };
}

/**
 * Gives the tenant the starter add-ons once. The marker row means deleting them all later
 * does not bring them back.
 */
export async function ensureStarterAddons(t: Tx, tenantId: string): Promise<void> {
  const q = db(t);
  const marked = await q
    .insertInto('addon_seeds')
    .values({ tenant_id: tenantId })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .executeTakeFirst();
  if (marked.numInsertedOrUpdatedRows !== 1n) return;
  // In the primary key's order: a bare LIMIT 1 is planned as a Seq Scan hoping to meet one of the
  // tenant's rows early, which a big table full of other tenants' rows makes a long read.
  const any = await q
    .selectFrom('addons')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  await q
    .insertInto('addons')
    .values(
      STARTER_ADDONS.map((a) => ({
        tenant_id: tenantId,
        name: a.name,
        price_cents: a.priceCents,
        description: a.description,
      })),
    )
    .execute();
}

async function findAddon(ctx: AppContext) {
  const row = await db(tx(ctx))
    .selectFrom('addons')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantOf(ctx))
    .where('id', '=', idParam(ctx, NOT_FOUND))
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return toAddon(row);
}

export function addonRoutes(router: AppRouter): void {
  router.get('/api/addons', requireAuth, mayList, withTx, async (ctx) => {
    await ensureStarterAddons(tx(ctx), tenantOf(ctx));
    const rows = await db(tx(ctx))
      .selectFrom('addons')
      .select(COLUMNS)
      .where('tenant_id', '=', tenantOf(ctx))
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    ctx.body = rows.map(toAddon);
  });

  router.post('/api/addons', ...write, async (ctx) => {
    const input = parseBody(ctx, addonInput);
    await ensureStarterAddons(tx(ctx), tenantOf(ctx));
    const created = toAddon(
      await db(tx(ctx))
        .insertInto('addons')
        .values({
          tenant_id: tenantOf(ctx),
          name: input.name,
          price_cents: input.priceCents,
          description: input.description,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow(),
    );
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'pricing',
      target: created.name,
      targetLabel: `Add-on ${created.name}`,
      additionalInfo: `Added add-on ${created.name} at ${created.priceCents}c`,
    });
    ctx.status = 201;
    ctx.body = created;
  });

  router.put('/api/addons/:id', ...write, async (ctx) => {
    const before = await findAddon(ctx);
    const input = parseBody(ctx, addonInput);
    const after = toAddon(
      await db(tx(ctx))
        .updateTable('addons')
        .set((eb) => ({
          name: input.name,
          price_cents: input.priceCents,
          description: input.description,
          updated_at: eb.fn<Date>('now'),
        }))
        .where('tenant_id', '=', tenantOf(ctx))
        .where('id', '=', before.id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow(),
    );
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'pricing',
      target: after.name,
      targetLabel: `Add-on ${after.name}`,
      additionalInfo: `Updated add-on ${after.name}`,
      changes: changes(before, after),
    });
    ctx.body = after;
  });

  router.delete('/api/addons/:id', ...write, async (ctx) => {
    const a = await findAddon(ctx);
    await db(tx(ctx))
      .deleteFrom('addons')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', a.id)
      .execute();
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'pricing',
      target: a.name,
      targetLabel: `Add-on ${a.name}`,
      additionalInfo: `Deleted add-on ${a.name}`,
    });
    ctx.status = 204;
  });
}
