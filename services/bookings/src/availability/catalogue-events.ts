/** Resources and block-outs replicated from the catalogue's events. */
import type { EventTypesOf } from '@venue/contracts';
import type { Consumer, Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import { toResource } from '../remote/clients.ts';
import { eventTenant } from '../shared/events.ts';
import { upsertResource } from './resources.ts';
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
 * A block-out is recorded even when a booking already holds part of its time: it then stays
 * unclaimed (shown as an alert on the calendar) and takes its slot once that booking lets go.
 */
export const blockoutEvent: Consumer<EventTypesOf<'blockout.*'>> = async (event, tx) => {
  const d = event.data;
  const tenantId = eventTenant(event);
  const freed = await dropBlockout(tx, tenantId, d.id);
  if (event.type !== 'blockout.deleted') {
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
