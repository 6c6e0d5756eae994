/** Resources and block-outs replicated from the catalogue's events. */
import type { EventTypesOf } from '@venue/contracts';
import type { Consumer, Tx } from '@venue/service-kit';
import { toResource } from '../remote/clients.ts';
import { eventTenant } from '../shared/events.ts';
import { upsertResource } from './resources.ts';
import { claimBlockout, reclaimBlockouts } from './resource-slots.ts';

export const resourceEvent: Consumer<EventTypesOf<'resource.*'>> = async (event, tx) => {
  const data = event.data;
  const tenantId = eventTenant(event);
  if (event.type === 'resource.deleted') {
    await tx.query(
      `UPDATE resources SET deleted = true, status = 'archived', updated_at = now() WHERE tenant_id = $1 AND id = $2`,
      [tenantId, data.id],
    );
    return;
  }
  await upsertResource(tx, tenantId, toResource(data));
};

async function dropBlockout(tx: Tx, tenantId: string, id: string) {
  const { rows } = await tx.query<{ resource_id: string }>(
    `DELETE FROM blockouts WHERE tenant_id = $1 AND id = $2 RETURNING resource_id`,
    [tenantId, id],
  );
  await tx.query(`DELETE FROM resource_slots WHERE tenant_id = $1 AND blockout_id = $2`, [tenantId, id]);
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
      await tx.query(
        `INSERT INTO blockouts (tenant_id, id, resource_id, starts_at, ends_at, reason) VALUES ($1, $2, $3, $4, $5, $6)`,
        [tenantId, d.id, resourceId, d.startsAt, d.endsAt, d.reason ?? ''],
      );
      const claimed = await claimBlockout(tx, tenantId, d.id, resourceId, d.startsAt, d.endsAt);
      if (!claimed)
        await tx.publish('booking.blockout_overlap', { blockoutId: d.id, resourceId }, { tenantId });
    }
  }
  for (const resourceId of freed) await reclaimBlockouts(tx, resourceId);
};
