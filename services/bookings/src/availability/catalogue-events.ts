/** Resources and block-outs replicated from the catalogue's events. */
import type { EventTypesOf } from '@venue/contracts';
import type { Consumer, Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import { toResource } from '../remote/clients.ts';
import { eventTenant } from '../shared/events.ts';
import { upsertResource } from './resources.ts';
import { releaseBlockouts, reservedHere } from './blockout-reservations.ts';
import { claimBlockout, reclaimBlockouts } from './resource-slots.ts';

export const resourceEvent: Consumer<EventTypesOf<'resource.*'>> = async (event, tx) => {
  const data = event.data;
  const tenantId = eventTenant(event);
  if (event.type === 'resource.deleted') {
    await db(tx)
      .updateTable('resources')
      .set({ deleted: true, status: 'archived', updated_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', data.id)
      .execute();
    // The catalogue's block-outs let go of a deleted resource (its blockout.updated events of
    // that only confirm, decision 55): their rows and slots on it go here.
    await db(tx)
      .deleteFrom('resource_slots')
      .where('tenant_id', '=', tenantId)
      .where('resource_id', '=', data.id)
      .where('kind', '=', 'blockout')
      .execute();
    await db(tx)
      .deleteFrom('blockouts')
      .where('tenant_id', '=', tenantId)
      .where('resource_id', '=', data.id)
      .execute();
    return;
  }
  await upsertResource(tx, tenantId, toResource(data));
};

async function dropBlockout(tx: Tx, tenantId: string, id: string) {
  const rows = await db(tx)
    .deleteFrom('blockouts')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('resource_id')
    .execute();
  await db(tx)
    .deleteFrom('resource_slots')
    .where('tenant_id', '=', tenantId)
    .where('blockout_id', '=', id)
    .execute();
  return rows.map((r) => r.resource_id);
}

/**
 * The catalogue reserves a block-out's time here before it stores it (decision 55,
 * blockout-reservations.ts), so its events only confirm what bookings already holds: a
 * `blockout.deleted` releases it (harmless when the release came first), a created or updated
 * one of a block-out bookings has a revision of is left alone (it may be older than a write
 * applied since). A block-out bookings never heard of comes from a catalogue from before decision
 * 55 (a rolling deploy) and is recorded as decision 13 said: even over a booking that holds part of
 * its time, unclaimed (an alert on the calendar) until that booking lets go.
 */
export const blockoutEvent: Consumer<EventTypesOf<'blockout.*'>> = async (event, tx) => {
  const d = event.data;
  const tenantId = eventTenant(event);
  if (event.type === 'blockout.deleted') {
    await releaseBlockouts(tx, { tenantId, ids: [d.id] });
    return;
  }
  if (await reservedHere(tx, tenantId, d.id)) return;
  const freed = await dropBlockout(tx, tenantId, d.id);
  {
    for (const resourceId of d.resourceIds) {
      await db(tx)
        .insertInto('blockouts')
        .values({
          tenant_id: tenantId,
          id: d.id,
          resource_id: resourceId,
          starts_at: d.startsAt,
          ends_at: d.endsAt,
          reason: d.reason ?? '',
        })
        .execute();
      const claimed = await claimBlockout(tx, tenantId, d.id, resourceId, d.startsAt, d.endsAt);
      if (!claimed)
        await tx.publish('booking.blockout_overlap', { blockoutId: d.id, resourceId }, { tenantId });
    }
  }
  for (const resourceId of freed) await reclaimBlockouts(tx, tenantId, resourceId);
};
