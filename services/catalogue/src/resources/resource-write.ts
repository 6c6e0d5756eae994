/** What the resource handlers share: the form's columns, the create, the announced update and status moves. */
import { notFound, type AppContext, type Tx } from '@venue/service-kit';
import { rowId, tenantOf } from '../shared/common.ts';
import { db } from '../db/query.ts';
import type { ResourceStatus, ResourceType, ResourceVisibility } from '../db/schema.ts';
import {
  RESOURCE_COLUMNS,
  findResource,
  resourceEventData,
  resourceLabel,
  toResource,
  type Resource,
  type ResourceInput,
} from './resource-model.ts';

export const RESOURCE_NOT_FOUND = 'Resource not found';

/** The resource a path names, or 404 (an id that is no uuid names none). */
export async function loadResource(tx: Tx, id: string): Promise<Resource> {
  const r = await findResource(tx, rowId(id, RESOURCE_NOT_FOUND));
  if (!r) throw notFound(RESOURCE_NOT_FOUND);
  return r;
}

/** The columns a form writes, from the parsed input; the same for INSERT and UPDATE. */
export function formRow(i: ResourceInput) {
  // The contract's enums come out typed as string; its parse has checked them.
  return {
    name: i.name,
    type: i.type as ResourceType,
    capacity: i.capacity,
    description: i.description,
    internal_notes: i.internalNotes,
    visibility: i.visibility as ResourceVisibility,
    status: i.status as ResourceStatus,
    calendar_colour: i.calendarColour,
    colour_name: i.colourName,
    hours: JSON.stringify(i.hours),
    setup_buffer_minutes: i.setupBufferMinutes,
    packdown_buffer_minutes: i.packdownBufferMinutes,
    apply_buffers: i.applyBuffers,
    equipment: JSON.stringify(i.equipment),
    ics_enabled: i.icsEnabled,
    public_calendar: i.publicCalendar,
  };
}

// Every query names the tenant as well as leaving it to row-level security, so the tenant
// index serves it.
export async function insertResource(
  ctx: AppContext,
  tx: Tx,
  input: ResourceInput,
  code: string,
): Promise<Resource> {
  const row = await db(tx)
    .insertInto('resources')
    // a new resource starts active whatever the form says
    .values({ tenant_id: tenantOf(ctx), code, ...formRow({ ...input, status: 'active' }) })
    .returning(RESOURCE_COLUMNS)
    .executeTakeFirstOrThrow();
  const created = toResource(row);
  await tx.publish('resource.created', resourceEventData(tenantOf(ctx), created));
  await tx.audit(ctx, {
    action: 'resource_created',
    targetType: 'resource',
    target: created.name,
    targetLabel: resourceLabel(created),
    additionalInfo: `Created resource ${created.name} (${created.code})`,
  });
  return created;
}

/** Tells bookings (and anyone listening) about the change, and records it for the audit log. */
export async function announceUpdate(
  ctx: AppContext,
  tx: Tx,
  r: Resource,
  additionalInfo: string,
  changed: Record<string, { old: unknown; new: unknown }>,
): Promise<void> {
  await tx.publish('resource.updated', resourceEventData(tenantOf(ctx), r));
  await tx.audit(ctx, {
    action: 'resource_updated',
    targetType: 'resource',
    target: r.name,
    targetLabel: resourceLabel(r),
    additionalInfo,
    changes: changed,
  });
}

/** Archives or restores the resources not already so; answers those it changed. */
export async function setStatus(
  ctx: AppContext,
  tx: Tx,
  ids: string[],
  status: 'active' | 'archived',
): Promise<Resource[]> {
  const rows = await db(tx)
    .updateTable('resources')
    .set((eb) => ({ status, updated_at: eb.fn<Date>('now') }))
    .where('tenant_id', '=', tenantOf(ctx))
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
    .where('status', '<>', status)
    .returning(RESOURCE_COLUMNS)
    .execute();
  const changed = rows.map(toResource);
  for (const r of changed) {
    await announceUpdate(
      ctx,
      tx,
      r,
      `${status === 'archived' ? 'Archived' : 'Restored'} resource ${r.name}`,
      {
        status: { old: status === 'archived' ? 'active' : 'archived', new: status },
      },
    );
  }
  return changed;
}
