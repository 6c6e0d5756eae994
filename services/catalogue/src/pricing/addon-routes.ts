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
  type Tx,
} from '@venue/service-kit';
import { PRICING_GUARDS, dollars, idParam, isoInstant, num, principal, tenantOf, tx } from '../common.ts';
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

function toAddon(r: Record<string, unknown>): Addon {
  const priceCents = num(r.price_cents);
  return {
    id: r.id as string,
    name: r.name as string,
    priceCents,
    price: dollars(priceCents),
    description: r.description as string,
    updatedAt: isoInstant(r.updated_at),
  };
}

const COLUMNS = 'id, name, price_cents, description, updated_at';

/**
 * Gives the tenant the starter add-ons once. The marker row means deleting them all later
 * does not bring them back.
 */
export async function ensureStarterAddons(t: Tx, tenantId: string): Promise<void> {
  const { rowCount } = await t.query(
    `INSERT INTO addon_seeds (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING`,
    [tenantId],
  );
  if (rowCount !== 1) return;
  const { rows } = await t.query(`SELECT 1 FROM addons LIMIT 1`);
  if (rows.length) return;
  for (const a of STARTER_ADDONS) {
    await t.query(`INSERT INTO addons (tenant_id, name, price_cents, description) VALUES ($1,$2,$3,$4)`, [
      tenantId,
      a.name,
      a.priceCents,
      a.description,
    ]);
  }
}

async function findAddon(ctx: AppContext) {
  const { rows } = await tx(ctx).query(`SELECT ${COLUMNS} FROM addons WHERE id = $1`, [
    idParam(ctx, NOT_FOUND),
  ]);
  if (!rows[0]) throw notFound(NOT_FOUND);
  return toAddon(rows[0] as Record<string, unknown>);
}

export function addonRoutes(router: AppRouter): void {
  router.get('/api/addons', requireAuth, mayList, withTx, async (ctx) => {
    await ensureStarterAddons(tx(ctx), tenantOf(ctx));
    const { rows } = await tx(ctx).query(`SELECT ${COLUMNS} FROM addons ORDER BY lower(name), id`);
    ctx.body = rows.map((r) => toAddon(r as Record<string, unknown>));
  });

  router.post('/api/addons', ...write, async (ctx) => {
    const input = parseBody(ctx, addonInput);
    await ensureStarterAddons(tx(ctx), tenantOf(ctx));
    const { rows } = await tx(ctx).query(
      `INSERT INTO addons (tenant_id, name, price_cents, description) VALUES ($1,$2,$3,$4) RETURNING ${COLUMNS}`,
      [tenantOf(ctx), input.name, input.priceCents, input.description],
    );
    const created = toAddon(rows[0] as Record<string, unknown>);
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
    const { rows } = await tx(ctx).query(
      `UPDATE addons SET name=$2, price_cents=$3, description=$4, updated_at=now() WHERE id=$1 RETURNING ${COLUMNS}`,
      [before.id, input.name, input.priceCents, input.description],
    );
    const after = toAddon(rows[0] as Record<string, unknown>);
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
    await tx(ctx).query(`DELETE FROM addons WHERE id = $1`, [a.id]);
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
