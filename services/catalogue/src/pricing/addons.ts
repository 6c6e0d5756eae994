/** Add-ons: the starter set, the answer's shape and the lookup the handlers share. */
import type { Addon } from '@venue/contracts/catalogue';
import { notFound, type Selectable, type Tx } from '@venue/service-kit';
import { dollars, isoInstant, num, rowId } from '../shared/common.ts';
import { db, tenantIdOf } from '../db/query.ts';
import type { AddonsTable } from '../db/schema.ts';

const NOT_FOUND = 'Add-on not found';

/** What every new tenant starts with (spec 03 §2.9 / §9). */
export const STARTER_ADDONS = [
  { name: 'Projector', priceCents: 5000, description: 'Projector and screen for presentations' },
  { name: 'Sound System', priceCents: 8000, description: 'PA system with microphones' },
  { name: 'Cleaning Service', priceCents: 3000, description: 'Professional cleaning after the event' },
];

export const ADDON_COLUMNS = ['id', 'name', 'price_cents', 'description', 'updated_at'] as const;

export function toAddon(r: Pick<Selectable<AddonsTable>, (typeof ADDON_COLUMNS)[number]>): Addon {
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

/** The add-on a path names, or 404 (an id that is no uuid names none). */
export async function findAddon(tx: Tx, id: string) {
  const row = await db(tx)
    .selectFrom('addons')
    .select(ADDON_COLUMNS)
    .where('tenant_id', '=', tenantIdOf(tx))
    .where('id', '=', rowId(id, NOT_FOUND))
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return toAddon(row);
}
