/** The local copy of the catalogue's resources (resource.* events, or the catalogue's list when one is missing). */
import { badRequest, type Tx } from '@venue/service-kit';
import type { BookingClients, CatalogueResource } from '../remote/clients.ts';
import { isUuid } from '../shared/request.ts';

function rowToResource(r: Record<string, unknown>): CatalogueResource {
  return {
    id: String(r.id),
    name: String(r.name),
    capacity: Number(r.capacity),
    status: String(r.status),
    setupBufferMinutes: Number(r.setup_buffer_minutes),
    packdownBufferMinutes: Number(r.packdown_buffer_minutes),
    applyBuffers: Boolean(r.apply_buffers),
  };
}

export async function upsertResource(tx: Tx, tenantId: string, r: CatalogueResource): Promise<void> {
  await tx.query(
    `INSERT INTO resources (tenant_id, id, name, capacity, status, setup_buffer_minutes, packdown_buffer_minutes, apply_buffers, deleted, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET name = EXCLUDED.name, capacity = EXCLUDED.capacity,
       status = EXCLUDED.status, setup_buffer_minutes = EXCLUDED.setup_buffer_minutes,
       packdown_buffer_minutes = EXCLUDED.packdown_buffer_minutes, apply_buffers = EXCLUDED.apply_buffers,
       deleted = false, updated_at = now()`,
    [
      tenantId,
      r.id,
      r.name,
      r.capacity,
      r.status,
      r.setupBufferMinutes,
      r.packdownBufferMinutes,
      r.applyBuffers,
    ],
  );
}

/** Bookings' copy of one resource; null when the id is unknown or not replicated yet. */
export async function localResource(tx: Tx, resourceId: string): Promise<CatalogueResource | null> {
  if (!isUuid(resourceId)) return null;
  const local = await tx.query(`SELECT * FROM resources WHERE id = $1 AND NOT deleted`, [resourceId]);
  return local.rows[0] ? rowToResource(local.rows[0]) : null;
}

/**
 * The resource a request names: the copy when bookings has one, else the catalogue's list
 * (a resource whose event has not arrived yet). Called with no transaction open, so the wait
 * on the catalogue holds no connection; the caller stores `fetched` in its write transaction.
 */
export async function resolveResource(
  clients: BookingClients,
  tenantId: string,
  resourceId: string,
  known: CatalogueResource | null,
): Promise<{ resource: CatalogueResource | null; fetched: CatalogueResource[] }> {
  if (known || !isUuid(resourceId)) return { resource: known, fetched: [] };
  const remote = (await clients.resources(tenantId)) ?? [];
  return { resource: remote.find((r) => r.id === resourceId) ?? null, fetched: remote };
}

/** 400 unless the resource was found and is active. */
export function usableResource(resource: CatalogueResource | null): CatalogueResource {
  if (!resource)
    throw badRequest('The selected hall was not found.', {
      errors: [{ path: 'selectedHall', message: 'The selected hall was not found.' }],
    });
  if (resource.status !== 'active') throw badRequest('The selected hall is archived and cannot be booked.');
  return resource;
}
