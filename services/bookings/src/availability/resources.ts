/** The local copy of the catalogue's resources (resource.* events, or the catalogue's list when one is missing). */
import { badRequest, type Selectable, type Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import type { ResourcesTable } from '../db/schema.ts';
import type { BookingClients, CatalogueResource } from '../remote/clients.ts';
import { isUuid } from '../shared/request.ts';

function rowToResource(r: Selectable<ResourcesTable>): CatalogueResource {
  return {
    id: String(r.id),
    name: String(r.name),
    capacity: Number(r.capacity),
    status: String(r.status),
    setupBufferMinutes: Number(r.setup_buffer_minutes),
    packdownBufferMinutes: Number(r.packdown_buffer_minutes),
    applyBuffers: Boolean(r.apply_buffers),
    hours: r.hours ?? null,
  };
}

export async function upsertResource(tx: Tx, tenantId: string, r: CatalogueResource): Promise<void> {
  await db(tx)
    .insertInto('resources')
    .values({
      tenant_id: tenantId,
      id: r.id,
      name: r.name,
      capacity: r.capacity,
      status: r.status,
      setup_buffer_minutes: r.setupBufferMinutes,
      packdown_buffer_minutes: r.packdownBufferMinutes,
      apply_buffers: r.applyBuffers,
      hours: r.hours ? JSON.stringify(r.hours) : null,
      deleted: false,
      updated_at: NOW,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        capacity: eb.ref('excluded.capacity'),
        status: eb.ref('excluded.status'),
        setup_buffer_minutes: eb.ref('excluded.setup_buffer_minutes'),
        packdown_buffer_minutes: eb.ref('excluded.packdown_buffer_minutes'),
        apply_buffers: eb.ref('excluded.apply_buffers'),
        // an event without hours (a catalogue from before them) keeps the ones known
        hours: eb.fn.coalesce('excluded.hours', 'resources.hours'),
        deleted: false,
        updated_at: NOW,
      })),
    )
    .execute();
}

/**
 * Bookings' copy of one resource; null when the id is unknown or not replicated yet. The
 * transaction's tenant is stated as well as row-level security's (a tenant transaction always
 * has one), so the primary key serves the read.
 */
export async function localResource(tx: Tx, resourceId: string): Promise<CatalogueResource | null> {
  if (!isUuid(resourceId)) return null;
  const tenantId = tx.tenantId;
  const local = await db(tx)
    .selectFrom('resources')
    .selectAll()
    .$if(Boolean(tenantId), (qb) => qb.where('tenant_id', '=', tenantId!))
    .where('id', '=', resourceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return local ? rowToResource(local) : null;
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
