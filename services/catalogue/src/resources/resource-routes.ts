import { createHash, randomBytes } from 'node:crypto';
import { bulkArchiveBody, resourceExportQuery, resourceListQuery } from '@venue/contracts/catalogue';
import {
  badRequest,
  notFound,
  parseBody,
  parseQuery,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import {
  RESOURCE_GUARDS,
  RESOURCE_LIST_GUARDS,
  bookableOnly,
  idParam,
  isUuid,
  tenantOf,
  tx,
} from '../common.ts';
import { detachResourceFromBlockouts } from '../blockouts/blockout-store.ts';
import { db } from '../db/query.ts';
import type { ResourceStatus, ResourceType, ResourceVisibility } from '../db/schema.ts';
import { resourcesCsv } from './resource-csv.ts';
import {
  RESOURCE_COLUMNS,
  changes,
  findResource,
  generateCode,
  resourceEventData,
  bookableView,
  resourceInput,
  resourceLabel,
  toResource,
  type Resource,
  type ResourceInput,
} from './resource-model.ts';

const NOT_FOUND = 'Resource not found';
const { read, write } = RESOURCE_GUARDS;

export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function load(ctx: AppContext): Promise<Resource> {
  const r = await findResource(tx(ctx), idParam(ctx, NOT_FOUND));
  if (!r) throw notFound(NOT_FOUND);
  return r;
}

/** The columns a form writes, from the parsed input; the same for INSERT and UPDATE. */
function formRow(i: ResourceInput) {
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
async function insert(ctx: AppContext, input: ResourceInput, code: string): Promise<Resource> {
  const row = await db(tx(ctx))
    .insertInto('resources')
    // a new resource starts active whatever the form says
    .values({ tenant_id: tenantOf(ctx), code, ...formRow({ ...input, status: 'active' }) })
    .returning(RESOURCE_COLUMNS)
    .executeTakeFirstOrThrow();
  const created = toResource(row);
  await tx(ctx).publish('resource.created', resourceEventData(tenantOf(ctx), created));
  await tx(ctx).audit(ctx, {
    action: 'resource_created',
    targetType: 'resource',
    target: created.name,
    targetLabel: resourceLabel(created),
    additionalInfo: `Created resource ${created.name} (${created.code})`,
  });
  return created;
}

/** Tells bookings (and anyone listening) about the change, and records it for the audit log. */
async function announceUpdate(
  ctx: AppContext,
  r: Resource,
  additionalInfo: string,
  changed: Record<string, { old: unknown; new: unknown }>,
): Promise<void> {
  await tx(ctx).publish('resource.updated', resourceEventData(tenantOf(ctx), r));
  await tx(ctx).audit(ctx, {
    action: 'resource_updated',
    targetType: 'resource',
    target: r.name,
    targetLabel: resourceLabel(r),
    additionalInfo,
    changes: changed,
  });
}

async function setStatus(ctx: AppContext, ids: string[], status: 'active' | 'archived'): Promise<Resource[]> {
  const rows = await db(tx(ctx))
    .updateTable('resources')
    .set((eb) => ({ status, updated_at: eb.fn<Date>('now') }))
    .where('tenant_id', '=', tenantOf(ctx))
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
    .where('status', '<>', status)
    .returning(RESOURCE_COLUMNS)
    .execute();
  const changed = rows.map(toResource);
  for (const r of changed) {
    await announceUpdate(ctx, r, `${status === 'archived' ? 'Archived' : 'Restored'} resource ${r.name}`, {
      status: { old: status === 'archived' ? 'active' : 'archived', new: status },
    });
  }
  return changed;
}

export function resourceRoutes(router: AppRouter): void {
  // Also read by the booking form and the calendar: staff who book see the active resources,
  // in the bookable view, without the Resources page's key.
  router.get('/api/resources', ...RESOURCE_LIST_GUARDS, async (ctx) => {
    const q = parseQuery(ctx, resourceListQuery);
    const bookable = bookableOnly(ctx);
    let query = db(tx(ctx))
      .selectFrom('resources')
      .select(RESOURCE_COLUMNS)
      .where('tenant_id', '=', tenantOf(ctx));
    if (bookable) query = query.where('status', '=', 'active');
    const search = q.search?.trim();
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
      query = query.where((eb) =>
        eb.or([
          eb('name', 'ilike', pattern),
          eb('code', 'ilike', pattern),
          eb(eb.ref('type').$castTo<string>(), 'ilike', pattern),
        ]),
      );
    }
    if (q.type) query = query.where('type', '=', q.type);
    // the bookable view is the active resources whatever the status filter says
    if (q.status && !bookable) query = query.where('status', '=', q.status);
    if (q.minCapacity !== undefined) query = query.where('capacity', '>=', q.minCapacity);
    const dir = q.order === 'desc' ? 'desc' : 'asc';
    query =
      q.sort === 'name'
        ? query.orderBy((eb) => eb.fn('lower', ['name']), dir)
        : query.orderBy(q.sort, dir).orderBy((eb) => eb.fn('lower', ['name']));
    const rows = await query.orderBy('code').execute();
    const list = rows.map(toResource);
    ctx.body = bookable ? list.map(bookableView) : list;
  });

  router.get('/api/resources/export.csv', ...read, async (ctx) => {
    const raw = parseQuery(ctx, resourceExportQuery).ids ?? '';
    const ids = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.some((id) => !isUuid(id)))
      throw badRequest('Unknown resource ids', {
        errors: [{ path: 'ids', message: 'Unknown resource ids' }],
      });
    let query = db(tx(ctx))
      .selectFrom('resources')
      .select(RESOURCE_COLUMNS)
      .where('tenant_id', '=', tenantOf(ctx));
    if (ids.length) query = query.where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))));
    const rows = await query
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('code')
      .execute();
    ctx.set('content-type', 'text/csv; charset=utf-8');
    ctx.set(
      'content-disposition',
      `attachment; filename="resources_export_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    ctx.body = resourcesCsv(rows.map(toResource));
  });

  router.post('/api/resources/bulk-archive', ...write, async (ctx) => {
    const { ids } = parseBody(ctx, bulkArchiveBody);
    const rows = await db(tx(ctx))
      .selectFrom('resources')
      .select('id')
      .where('tenant_id', '=', tenantOf(ctx))
      .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
      .execute();
    if (rows.length !== new Set(ids).size) throw notFound(NOT_FOUND);
    const archived = await setStatus(ctx, ids, 'archived');
    ctx.body = { archived: archived.length };
  });

  router.get('/api/resources/:id', ...read, async (ctx) => {
    ctx.body = await load(ctx);
  });

  router.post('/api/resources', ...write, async (ctx) => {
    const input = parseBody(ctx, resourceInput);
    ctx.status = 201;
    ctx.body = await insert(ctx, input, await generateCode(tx(ctx), input.name));
  });

  router.put('/api/resources/:id', ...write, async (ctx) => {
    const before = await load(ctx);
    const input = parseBody(ctx, resourceInput);
    const after = toResource(
      await db(tx(ctx))
        .updateTable('resources')
        .set((eb) => ({ ...formRow(input), updated_at: eb.fn<Date>('now') }))
        .where('id', '=', before.id)
        .where('tenant_id', '=', tenantOf(ctx))
        .returning(RESOURCE_COLUMNS)
        .executeTakeFirstOrThrow(),
    );
    await announceUpdate(
      ctx,
      after,
      `Updated resource ${after.name} (${after.code})`,
      changes(before, after),
    );
    ctx.body = after;
  });

  router.delete('/api/resources/:id', ...write, async (ctx) => {
    const r = await load(ctx);
    // Block-outs lose this resource (and disappear when it was their only one) before the row goes.
    await detachResourceFromBlockouts(tx(ctx), tenantOf(ctx), r.id);
    await db(tx(ctx))
      .deleteFrom('resources')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', r.id)
      .execute();
    await tx(ctx).publish('resource.deleted', resourceEventData(tenantOf(ctx), r));
    await tx(ctx).audit(ctx, {
      action: 'resource_deleted',
      targetType: 'resource',
      target: r.name,
      targetLabel: resourceLabel(r),
      additionalInfo: `Deleted resource ${r.name} (${r.code}) with its rate card and block-out entries`,
    });
    ctx.status = 204;
  });

  router.post('/api/resources/:id/duplicate', ...write, async (ctx) => {
    const r = await load(ctx);
    const name = `${r.name} (Copy)`.slice(0, 120);
    // A row saved before today's ceilings may break one: the copy is then a 400, never a 500.
    const copy = resourceInput.safeParse({ ...r, name, status: 'active' });
    if (!copy.success) {
      const errors = copy.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(errors[0]?.message ?? 'This resource cannot be copied.', { errors });
    }
    const input = copy.data;
    ctx.status = 201;
    ctx.body = await insert(ctx, input, await generateCode(tx(ctx), name));
  });

  for (const [action, status] of [
    ['archive', 'archived'],
    ['restore', 'active'],
  ] as const) {
    router.post(`/api/resources/:id/${action}`, ...write, async (ctx) => {
      const r = await load(ctx);
      await setStatus(ctx, [r.id], status);
      ctx.body = await findResource(tx(ctx), r.id);
    });
  }

  router.post('/api/resources/:id/ics-token', ...write, async (ctx) => {
    const r = await load(ctx);
    // 32 random bytes; only the hash is kept, so a database leak does not expose the feed.
    const token = randomBytes(32).toString('base64url');
    await db(tx(ctx))
      .updateTable('resources')
      .set((eb) => ({ ics_token_hash: sha256(token), ics_enabled: true, updated_at: eb.fn<Date>('now') }))
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', r.id)
      .execute();
    await tx(ctx).audit(ctx, {
      action: 'resource_updated',
      targetType: 'resource',
      target: r.name,
      targetLabel: resourceLabel(r),
      additionalInfo: `Generated a new ICS feed URL for ${r.name}; any previous URL stops working`,
    });
    ctx.status = 201;
    ctx.body = { icsUrl: `/api/ics/${token}.ics` };
  });

  router.delete('/api/resources/:id/ics-token', ...write, async (ctx) => {
    const r = await load(ctx);
    await db(tx(ctx))
      .updateTable('resources')
      .set((eb) => ({ ics_token_hash: null, updated_at: eb.fn<Date>('now') }))
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', r.id)
      .execute();
    await tx(ctx).audit(ctx, {
      action: 'resource_updated',
      targetType: 'resource',
      target: r.name,
      targetLabel: resourceLabel(r),
      additionalInfo: `Revoked the ICS feed URL of ${r.name}`,
    });
    ctx.status = 204;
  });
}
