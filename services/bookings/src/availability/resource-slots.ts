/**
 * The slot guarantee: one `resource_slots` row per blocking booking and claimed block-out,
 * under the exclusion constraint (README "How overlaps are made impossible").
 */
import { sql, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CatalogueResource } from '../remote/clients.ts';
import { bookingSpan, type VenueClock } from '../shared/time.ts';
import { conflictError, findConflicts, type VenueSpan } from './conflicts.ts';

/**
 * The booking's instants and its slot: the event widened by the resource's buffers when it
 * applies them; with the venue's clock, so a conflict found for it is written as the venue reads.
 */
export function spanFor(
  when: { bookingDate: string; startTime: string; endTime: string },
  resource: CatalogueResource,
  clock: VenueClock,
) {
  const setup = resource.applyBuffers ? resource.setupBufferMinutes : 0;
  const packdown = resource.applyBuffers ? resource.packdownBufferMinutes : 0;
  const timeZone = clock.timezone;
  return {
    setup,
    packdown,
    timeZone,
    timeFormat: clock.timeFormat,
    dateFormat: clock.dateFormat,
    ...bookingSpan(when.bookingDate, when.startTime, when.endTime, timeZone, setup, packdown),
  };
}

export interface ClaimOptions {
  /** A booking inserted in this transaction: it holds no slot yet, so none is let go first. */
  fresh?: boolean;
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
  { fresh = false }: ClaimOptions = {},
): Promise<boolean> {
  if (!fresh)
    await db(tx)
      .deleteFrom('resource_slots')
      .where('tenant_id', '=', tenantId)
      .where('booking_id', '=', bookingId)
      .execute();
  const { numInsertedOrUpdatedRows } = await db(tx)
    .insertInto('resource_slots')
    .values({
      tenant_id: tenantId,
      resource_id: resourceId,
      kind: 'booking',
      booking_id: bookingId,
      slot: range(start, end),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return numInsertedOrUpdatedRows === 1n;
}

/** `tstzrange(start, end)`: a slot's range, its ends bound as instants. */
function range(start: Date | string, end: Date | string) {
  // sql: a range type, which the builder has no constructor for (the exclusion constraint's column)
  return sql<string>`tstzrange(${new Date(start).toISOString()}::timestamptz, ${new Date(end).toISOString()}::timestamptz)`;
}

/** Lets go of a booking's slot and gives waiting block-outs on that resource their slot back. */
export async function releaseBookingSlot(tx: Tx, tenantId: string, bookingId: string): Promise<void> {
  const rows = await db(tx)
    .deleteFrom('resource_slots')
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .returning('resource_id')
    .execute();
  for (const r of rows) await reclaimBlockouts(tx, tenantId, r.resource_id);
}

export async function reclaimBlockouts(tx: Tx, tenantId: string, resourceId: string): Promise<void> {
  const rows = await db(tx)
    .selectFrom('blockouts')
    .select(['tenant_id', 'id', 'starts_at', 'ends_at'])
    .where('tenant_id', '=', tenantId)
    .where('resource_id', '=', resourceId)
    .where('claimed', '=', false)
    .execute();
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
  const inserted = await db(tx)
    .insertInto('resource_slots')
    .values({
      tenant_id: tenantId,
      resource_id: resourceId,
      kind: 'blockout',
      blockout_id: id,
      slot: range(start, end),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  const claimed = inserted.numInsertedOrUpdatedRows === 1n;
  await db(tx)
    .updateTable('blockouts')
    .set({ claimed })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('resource_id', '=', resourceId)
    .execute();
  return claimed;
}

/** Claims the booking's slot, or answers the 409 with whatever holds the time now. */
export async function claimSlotOr409(
  tx: Tx,
  tenantId: string,
  id: string,
  resourceId: string,
  span: VenueSpan,
  options: ClaimOptions = {},
) {
  let ok: boolean;
  try {
    ok = await claimBookingSlot(tx, tenantId, id, resourceId, span.slotStart, span.slotEnd, options);
  } catch (err) {
    // 23P01 exclusion / 40P01 deadlock between racing inserts: someone else got the slot.
    const code = (err as { code?: string }).code;
    if (code === '23P01' || code === '40P01') throw conflictError({ conflicts: [], blockouts: [] });
    throw err;
  }
  if (!ok) throw conflictError(await findConflicts(tx, resourceId, span, id));
}
