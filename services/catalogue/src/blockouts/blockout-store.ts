import type { Blockout } from '@venue/contracts/catalogue';
import type { Tx } from '@venue/service-kit';
import { isoInstant } from '../shared/common.ts';
import { db, tenantIdOf } from '../db/query.ts';

// The answer's shape is the API contract's (contracts catalogue/responses.ts).
export { BLOCKOUT_REASONS, type Blockout } from '@venue/contracts/catalogue';

/**
 * The tenant's block-outs with their resources (id and name, by name), in one statement: each block-out's
 * resources are aggregated in a correlated subquery, `json_agg(x ORDER BY lower(x.name), x.id)`.
 */
function blockoutQuery(tx: Tx) {
  return db(tx)
    .selectFrom('blockouts as b')
    .select((eb) => [
      'b.id',
      eb.cast<string>('b.date_from', 'text').as('date_from'),
      eb.cast<string>('b.date_to', 'text').as('date_to'),
      'b.time_from',
      'b.time_to',
      'b.time_zone',
      'b.starts_at',
      'b.ends_at',
      'b.reason',
      'b.notes',
      'b.updated_at',
      eb
        .selectFrom(
          eb
            .selectFrom('blockout_resources as br')
            .innerJoin('resources as r', (j) =>
              j.onRef('r.tenant_id', '=', 'br.tenant_id').onRef('r.id', '=', 'br.resource_id'),
            )
            .select(['r.id', 'r.name'])
            .whereRef('br.tenant_id', '=', 'b.tenant_id')
            .whereRef('br.blockout_id', '=', 'b.id')
            .as('x'),
        )
        .select((agg) =>
          agg.fn
            .jsonAgg('x')
            .orderBy(agg.fn('lower', ['x.name']))
            .orderBy('x.id')
            .as('list'),
        )
        .as('resources'),
    ])
    .where('b.tenant_id', '=', tenantIdOf(tx));
}

type BlockoutRow = Awaited<ReturnType<ReturnType<typeof blockoutQuery>['executeTakeFirstOrThrow']>>;

function toBlockout(r: BlockoutRow): Blockout {
  // json_agg of no rows is NULL: a block-out whose resources are all gone lists none.
  const listed: unknown = r.resources ?? [];
  const resources = (typeof listed === 'string' ? JSON.parse(listed) : listed) as Blockout['resources'];
  return {
    id: r.id,
    resourceIds: resources.map((x) => x.id),
    resources,
    dateFrom: r.date_from,
    dateTo: r.date_to,
    timeFrom: r.time_from,
    timeTo: r.time_to,
    timeZone: r.time_zone,
    startsAt: isoInstant(r.starts_at),
    endsAt: isoInstant(r.ends_at),
    reason: r.reason,
    notes: r.notes,
    updatedAt: isoInstant(r.updated_at),
  };
}

export async function listBlockouts(
  tx: Tx,
  filter: { resourceId?: string; from?: string; to?: string; ids?: string[] } = {},
): Promise<Blockout[]> {
  let query = blockoutQuery(tx);
  const { resourceId, from, to, ids } = filter;
  if (resourceId) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('blockout_resources as f')
          .select('f.blockout_id')
          .whereRef('f.tenant_id', '=', 'b.tenant_id')
          .whereRef('f.blockout_id', '=', 'b.id')
          .where('f.resource_id', '=', resourceId),
      ),
    );
  }
  if (from) query = query.where('b.date_to', '>=', from);
  if (to) query = query.where('b.date_from', '<=', to);
  if (ids) query = query.where((eb) => eb('b.id', '=', eb.fn.any(eb.val(ids))));
  const rows = await query.orderBy('b.starts_at').orderBy('b.id').execute();
  return rows.map(toBlockout);
}

export async function findBlockout(tx: Tx, id: string): Promise<Blockout | null> {
  return (await listBlockouts(tx, { ids: [id] }))[0] ?? null;
}

/** Payload of blockout.* events: what bookings needs to refuse overlapping bookings. */
export function blockoutEventData(tenantId: string, b: Blockout) {
  return {
    id: b.id,
    tenantId,
    resourceIds: b.resourceIds,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    reason: b.reason,
  };
}

/**
 * Before a resource is deleted: its block-outs drop it, and a block-out left without any
 * resource is deleted, each with the event bookings needs.
 */
export async function detachResourceFromBlockouts(
  tx: Tx,
  tenantId: string,
  resourceId: string,
): Promise<void> {
  const affected = await listBlockouts(tx, { resourceId });
  const q = db(tx);
  for (const b of affected) {
    await q
      .deleteFrom('blockout_resources')
      .where('tenant_id', '=', tenantId)
      .where('blockout_id', '=', b.id)
      .where('resource_id', '=', resourceId)
      .execute();
    const remaining = b.resourceIds.filter((id) => id !== resourceId);
    if (remaining.length === 0) {
      await q.deleteFrom('blockouts').where('tenant_id', '=', tenantId).where('id', '=', b.id).execute();
      await tx.publish('blockout.deleted', blockoutEventData(tenantId, b));
    } else {
      await q
        .updateTable('blockouts')
        .set((eb) => ({ updated_at: eb.fn<Date>('now') }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', b.id)
        .execute();
      await tx.publish('blockout.updated', blockoutEventData(tenantId, { ...b, resourceIds: remaining }));
    }
  }
}
