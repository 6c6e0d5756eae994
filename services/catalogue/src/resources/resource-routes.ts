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

/** The columns a form writes, each with its value from the parsed input, in one order for INSERT and UPDATE. */
const FORM_COLUMNS: ReadonlyArray<readonly [string, (i: ResourceInput) => unknown]> = [
  ['name', (i) => i.name],
  ['type', (i) => i.type],
  ['capacity', (i) => i.capacity],
  ['description', (i) => i.description],
  ['internal_notes', (i) => i.internalNotes],
  ['visibility', (i) => i.visibility],
  ['status', (i) => i.status],
  ['calendar_colour', (i) => i.calendarColour],
  ['colour_name', (i) => i.colourName],
  ['hours', (i) => JSON.stringify(i.hours)],
  ['setup_buffer_minutes', (i) => i.setupBufferMinutes],
  ['packdown_buffer_minutes', (i) => i.packdownBufferMinutes],
  ['apply_buffers', (i) => i.applyBuffers],
  ['equipment', (i) => JSON.stringify(i.equipment)],
  ['ics_enabled', (i) => i.icsEnabled],
  ['public_calendar', (i) => i.publicCalendar],
];
const formValues = (input: ResourceInput) => FORM_COLUMNS.map(([, value]) => value(input));
// $1 and $2 are tenant and code on insert; $1 is the id and $2 the tenant on update. Every query
// names the tenant as well as leaving it to row-level security, so the tenant index serves it.
const INSERT_SQL = `INSERT INTO resources (tenant_id, code, ${FORM_COLUMNS.map(([c]) => c).join(', ')})
  VALUES ($1, $2, ${FORM_COLUMNS.map((_, i) => `$${i + 3}`).join(', ')})
  RETURNING ${RESOURCE_COLUMNS}`;
const UPDATE_SQL = `UPDATE resources SET ${FORM_COLUMNS.map(([c], i) => `${c} = $${i + 3}`).join(', ')},
  updated_at = now() WHERE id = $1 AND tenant_id = $2 RETURNING ${RESOURCE_COLUMNS}`;

async function insert(ctx: AppContext, input: ResourceInput, code: string): Promise<Resource> {
  // a new resource starts active whatever the form says
  const { rows } = await tx(ctx).query(INSERT_SQL, [
    tenantOf(ctx),
    code,
    ...formValues({ ...input, status: 'active' }),
  ]);
  const created = toResource(rows[0] as Record<string, unknown>);
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
  const { rows } = await tx(ctx).query(
    `UPDATE resources SET status = $2, updated_at = now()
      WHERE tenant_id = $3 AND id = ANY($1::uuid[]) AND status <> $2
     RETURNING ${RESOURCE_COLUMNS}`,
    [ids, status, tenantOf(ctx)],
  );
  const changed = rows.map((r) => toResource(r as Record<string, unknown>));
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
    const params: unknown[] = [tenantOf(ctx)];
    const where: string[] = ['tenant_id = $1', ...(bookable ? [`status = 'active'`] : [])];
    if (q.search?.trim()) {
      params.push(`%${q.search.trim().replace(/[\\%_]/g, '\\$&')}%`);
      where.push(
        `(name ILIKE $${params.length} OR code ILIKE $${params.length} OR type ILIKE $${params.length})`,
      );
    }
    if (q.type) where.push(`type = $${params.push(q.type)}`);
    // the bookable view is the active resources whatever the status filter says
    if (q.status && !bookable) where.push(`status = $${params.push(q.status)}`);
    if (q.minCapacity !== undefined) where.push(`capacity >= $${params.push(q.minCapacity)}`);
    const dir = q.order === 'desc' ? 'DESC' : 'ASC';
    const order = q.sort === 'name' ? `lower(name) ${dir}, code` : `${q.sort} ${dir}, lower(name), code`;
    const { rows } = await tx(ctx).query(
      `SELECT ${RESOURCE_COLUMNS} FROM resources WHERE ${where.join(' AND ')} ORDER BY ${order}`,
      params,
    );
    const list = rows.map((r) => toResource(r as Record<string, unknown>));
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
    const { rows } = await tx(ctx).query(
      `SELECT ${RESOURCE_COLUMNS} FROM resources WHERE tenant_id = $1 ${ids.length ? 'AND id = ANY($2::uuid[])' : ''}
        ORDER BY lower(name), code`,
      ids.length ? [tenantOf(ctx), ids] : [tenantOf(ctx)],
    );
    ctx.set('content-type', 'text/csv; charset=utf-8');
    ctx.set(
      'content-disposition',
      `attachment; filename="resources_export_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    ctx.body = resourcesCsv(rows.map((r) => toResource(r as Record<string, unknown>)));
  });

  router.post('/api/resources/bulk-archive', ...write, async (ctx) => {
    const { ids } = parseBody(ctx, bulkArchiveBody);
    const { rows } = await tx(ctx).query<{ id: string }>(
      `SELECT id FROM resources WHERE tenant_id = $2 AND id = ANY($1::uuid[])`,
      [ids, tenantOf(ctx)],
    );
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
    const { rows } = await tx(ctx).query(UPDATE_SQL, [before.id, tenantOf(ctx), ...formValues(input)]);
    const after = toResource(rows[0] as Record<string, unknown>);
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
    await tx(ctx).query(`DELETE FROM resources WHERE tenant_id = $2 AND id = $1`, [r.id, tenantOf(ctx)]);
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
    await tx(ctx).query(
      `UPDATE resources SET ics_token_hash = $2, ics_enabled = true, updated_at = now()
        WHERE tenant_id = $3 AND id = $1`,
      [r.id, sha256(token), tenantOf(ctx)],
    );
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
    await tx(ctx).query(
      `UPDATE resources SET ics_token_hash = NULL, updated_at = now() WHERE tenant_id = $2 AND id = $1`,
      [r.id, tenantOf(ctx)],
    );
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
