import type { Blockout } from '@venue/contracts/catalogue';
import type { Tx } from '@venue/service-kit';
import { isoInstant } from '../common.ts';

// The answer's shape is the API contract's (contracts catalogue/responses.ts).
export { BLOCKOUT_REASONS, type Blockout } from '@venue/contracts/catalogue';

const SELECT = `SELECT b.id, b.date_from::text AS date_from, b.date_to::text AS date_to, b.time_from, b.time_to,
    b.time_zone, b.starts_at, b.ends_at, b.reason, b.notes, b.updated_at,
    COALESCE((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY lower(r.name), r.id)
                FROM blockout_resources br JOIN resources r ON r.tenant_id = br.tenant_id AND r.id = br.resource_id
               WHERE br.tenant_id = b.tenant_id AND br.blockout_id = b.id), '[]'::json) AS resources
  FROM blockouts b`;

function toBlockout(r: Record<string, unknown>): Blockout {
  const resources = (
    typeof r.resources === 'string' ? JSON.parse(r.resources) : r.resources
  ) as Blockout['resources'];
  return {
    id: r.id as string,
    resourceIds: resources.map((x) => x.id),
    resources,
    dateFrom: r.date_from as string,
    dateTo: r.date_to as string,
    timeFrom: r.time_from as string,
    timeTo: r.time_to as string,
    timeZone: r.time_zone as string,
    startsAt: isoInstant(r.starts_at),
    endsAt: isoInstant(r.ends_at),
    reason: r.reason as Blockout['reason'],
    notes: r.notes as string,
    updatedAt: isoInstant(r.updated_at),
  };
}

export async function listBlockouts(
  tx: Tx,
  filter: { resourceId?: string; from?: string; to?: string; ids?: string[] } = {},
): Promise<Blockout[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.resourceId) {
    where.push(
      `EXISTS (SELECT 1 FROM blockout_resources x WHERE x.tenant_id = b.tenant_id AND x.blockout_id = b.id AND x.resource_id = $${params.push(filter.resourceId)})`,
    );
  }
  if (filter.from) where.push(`b.date_to >= $${params.push(filter.from)}::date`);
  if (filter.to) where.push(`b.date_from <= $${params.push(filter.to)}::date`);
  if (filter.ids) where.push(`b.id = ANY($${params.push(filter.ids)}::uuid[])`);
  const { rows } = await tx.query(
    `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY b.starts_at, b.id`,
    params,
  );
  return rows.map((r) => toBlockout(r as Record<string, unknown>));
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
  for (const b of affected) {
    await tx.query(`DELETE FROM blockout_resources WHERE blockout_id = $1 AND resource_id = $2`, [
      b.id,
      resourceId,
    ]);
    const remaining = b.resourceIds.filter((id) => id !== resourceId);
    if (remaining.length === 0) {
      await tx.query(`DELETE FROM blockouts WHERE id = $1`, [b.id]);
      await tx.publish('blockout.deleted', blockoutEventData(tenantId, b));
    } else {
      await tx.query(`UPDATE blockouts SET updated_at = now() WHERE id = $1`, [b.id]);
      await tx.publish('blockout.updated', blockoutEventData(tenantId, { ...b, resourceIds: remaining }));
    }
  }
}
