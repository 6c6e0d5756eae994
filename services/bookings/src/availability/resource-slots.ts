/**
 * The slot guarantee: one `resource_slots` row per blocking booking and claimed block-out,
 * under the exclusion constraint (README "How overlaps are made impossible").
 */
import type { Tx } from '@venue/service-kit';
import type { CatalogueResource } from '../remote/clients.ts';
import { bookingSpan } from '../shared/time.ts';
import { conflictError, findConflicts, type VenueSpan } from './conflicts.ts';

/** The booking's instants and its slot: the event widened by the resource's buffers when it applies them. */
export function spanFor(
  when: { bookingDate: string; startTime: string; endTime: string },
  resource: CatalogueResource,
  timeZone: string,
) {
  const setup = resource.applyBuffers ? resource.setupBufferMinutes : 0;
  const packdown = resource.applyBuffers ? resource.packdownBufferMinutes : 0;
  return {
    setup,
    packdown,
    timeZone,
    ...bookingSpan(when.bookingDate, when.startTime, when.endTime, timeZone, setup, packdown),
  };
}

/**
 * Takes the booking's slot under the exclusion constraint. A concurrent winner makes the
 * insert do nothing (it waits for that transaction first), which becomes the 409.
 */
export async function claimBookingSlot(
  tx: Tx,
  tenantId: string,
  bookingId: string,
  resourceId: string,
  start: Date,
  end: Date,
): Promise<boolean> {
  await tx.query(`DELETE FROM resource_slots WHERE booking_id = $1`, [bookingId]);
  const { rowCount } = await tx.query(
    `INSERT INTO resource_slots (tenant_id, resource_id, kind, booking_id, slot)
     VALUES ($1, $2, 'booking', $3, tstzrange($4::timestamptz, $5::timestamptz))
     ON CONFLICT DO NOTHING`,
    [tenantId, resourceId, bookingId, start.toISOString(), end.toISOString()],
  );
  return rowCount === 1;
}

/** Lets go of a booking's slot and gives waiting block-outs on that resource their slot back. */
export async function releaseBookingSlot(tx: Tx, bookingId: string): Promise<void> {
  const { rows } = await tx.query<{ resource_id: string }>(
    `DELETE FROM resource_slots WHERE booking_id = $1 RETURNING resource_id`,
    [bookingId],
  );
  for (const r of rows) await reclaimBlockouts(tx, r.resource_id);
}

export async function reclaimBlockouts(tx: Tx, resourceId: string): Promise<void> {
  const { rows } = await tx.query<{
    tenant_id: string;
    id: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(`SELECT tenant_id, id, starts_at, ends_at FROM blockouts WHERE resource_id = $1 AND NOT claimed`, [
    resourceId,
  ]);
  for (const b of rows) await claimBlockout(tx, b.tenant_id, b.id, resourceId, b.starts_at, b.ends_at);
}

export async function claimBlockout(
  tx: Tx,
  tenantId: string,
  id: string,
  resourceId: string,
  start: Date | string,
  end: Date | string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO resource_slots (tenant_id, resource_id, kind, blockout_id, slot)
     VALUES ($1, $2, 'blockout', $3, tstzrange($4::timestamptz, $5::timestamptz))
     ON CONFLICT DO NOTHING`,
    [tenantId, resourceId, id, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  await tx.query(`UPDATE blockouts SET claimed = $4 WHERE tenant_id = $1 AND id = $2 AND resource_id = $3`, [
    tenantId,
    id,
    resourceId,
    rowCount === 1,
  ]);
  return rowCount === 1;
}

/** Claims the booking's slot, or answers the 409 with whatever holds the time now. */
export async function claimSlotOr409(
  tx: Tx,
  tenantId: string,
  id: string,
  resourceId: string,
  span: VenueSpan,
) {
  let ok: boolean;
  try {
    ok = await claimBookingSlot(tx, tenantId, id, resourceId, span.slotStart, span.slotEnd);
  } catch (err) {
    // 23P01 exclusion / 40P01 deadlock between racing inserts: someone else got the slot.
    const code = (err as { code?: string }).code;
    if (code === '23P01' || code === '40P01') throw conflictError({ conflicts: [], blockouts: [] });
    throw err;
  }
  if (!ok) throw conflictError(await findConflicts(tx, resourceId, span, id));
}
