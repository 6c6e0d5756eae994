import { z } from 'zod';
import { EVENTS, type EventRegistry, type Principal } from '@venue/contracts';
import {
  badRequest,
  notFound,
  parseBody,
  requireAuth,
  withRead,
  withTx,
  requirePermission,
  requireTenantParam,
  type PublishOptions,
  type ServiceOptions,
  type Tx,
} from '../index.ts';

export const migrationsDir = new URL('./migrations/', import.meta.url);

export const OWNER_A = '11111111-1111-4111-8111-111111111111';
export const OWNER_B = '22222222-2222-4222-8222-222222222222';
export const SUB_A = '33333333-3333-4333-8333-333333333333';
export const ADMIN = '44444444-4444-4444-8444-444444444444';

export function principals(): Map<string, Principal> {
  const p = (
    userId: string,
    role: Principal['role'],
    tenantId: string,
    permissions: string[] = [],
  ): Principal => ({
    userId,
    email: `${userId.slice(0, 4)}@example.test`,
    name: null,
    role,
    tenantId,
    parentUserId: role === 'sub_user' ? tenantId : null,
    permissions,
    tokenVersion: 1,
  });
  return new Map([
    [OWNER_A, p(OWNER_A, 'hall_owner', OWNER_A)],
    [OWNER_B, p(OWNER_B, 'hall_owner', OWNER_B)],
    [SUB_A, p(SUB_A, 'sub_user', OWNER_A, ['calendar'])],
    [ADMIN, p(ADMIN, 'super_admin', ADMIN)],
  ]);
}

const widgetSchema = z.object({
  name: z.string({ error: 'Widget name is required.' }).trim().min(1, 'Widget name is required.'),
  qty: z.number().int().min(0).optional(),
});

const widgetEvent = (summary: string) => ({
  version: 1,
  producer: '*' as const,
  schema: z.looseObject({ name: z.string() }),
  summary,
});

/**
 * The product's catalogue plus the fixture's made-up `widget.*` types: the kit is tested with
 * events no real service publishes, and those stay out of EVENTS.
 */
export const WIDGET_EVENTS = {
  ...EVENTS,
  'widget.created': widgetEvent('a widget was made'),
  'widget.renamed': widgetEvent('a widget got a new name'),
  'widget.noted': widgetEvent('a note about widgets'),
} satisfies EventRegistry;

/** `tx.publish` for the fixture's types, which the product's event types (rightly) leave out. */
export function publishWidget(
  tx: Tx,
  type: `widget.${string}`,
  data: unknown,
  opts?: PublishOptions,
): Promise<string> {
  const untyped = tx.publish as unknown as (
    type: string,
    data: unknown,
    opts?: PublishOptions,
  ) => Promise<string>;
  return untyped.call(tx, type, data, opts);
}

/** A small service exercising the kit the way real services use it. */
export function widgetsApp(
  overrides: Partial<ServiceOptions> = {},
  directory = principals(),
): ServiceOptions {
  return {
    name: 'widgets',
    migrationsDir,
    events: WIDGET_EVENTS,
    resolvePrincipal: async (userId) => directory.get(userId) ?? null,
    routes(router) {
      router.get('/api/widgets', requireAuth, withTx, async (ctx) => {
        const { rows } = await ctx.state.tx.query(
          'SELECT id, tenant_id, name, qty FROM widgets ORDER BY name',
        );
        ctx.body = rows;
      });
      router.post('/api/widgets', requireAuth, withTx, async (ctx) => {
        const body = parseBody(ctx, widgetSchema);
        const { rows } = await ctx.state.tx.query<{ id: string }>(
          'INSERT INTO widgets (tenant_id, name, qty) VALUES ($1, $2, $3) RETURNING id',
          [ctx.state.principal.tenantId, body.name, body.qty ?? 0],
        );
        await publishWidget(ctx.state.tx, 'widget.created', { id: rows[0]!.id, name: body.name });
        await ctx.state.tx.audit(ctx, { action: 'widget_created', targetType: 'widget', target: body.name });
        ctx.status = 201;
        ctx.body = rows[0];
      });
      // A route declared a read (withRead) that tries to write: the database refuses it.
      router.get('/api/widgets/write-in-read', requireAuth, withRead, async (ctx) => {
        await ctx.state.tx.query('INSERT INTO widgets (tenant_id, name) VALUES ($1, $2)', [
          ctx.state.principal.tenantId,
          'written by a GET',
        ]);
        ctx.body = { written: true };
      });
      // Writes, then fails validation afterwards: the insert must not survive.
      router.post('/api/widgets/then-fail', requireAuth, withTx, async (ctx) => {
        await ctx.state.tx.query('INSERT INTO widgets (tenant_id, name) VALUES ($1, $2)', [
          ctx.state.principal.tenantId,
          'half-done',
        ]);
        throw badRequest('Something about the request is wrong.');
      });
      router.patch('/api/widgets/:id', requireAuth, withTx, async (ctx) => {
        const body = parseBody(ctx, widgetSchema);
        const r = await ctx.state.tx.query('UPDATE widgets SET name = $2 WHERE id = $1', [
          ctx.params.id,
          body.name,
        ]);
        if (r.rowCount === 0) throw notFound('Widget not found.');
        ctx.body = { ok: true };
      });
      router.get(
        '/api/widgets/hall-owner/:ownerId',
        requireAuth,
        requireTenantParam('ownerId'),
        async (ctx) => {
          ctx.body = { ownerId: ctx.params.ownerId };
        },
      );
      router.get('/api/bookings-page', requireAuth, requirePermission('bookings'), withTx, async (ctx) => {
        ctx.body = { ok: true };
      });
      router.get('/api/boom', async () => {
        throw new Error('connection string postgres://secret@db/prod leaked');
      });
    },
    ...overrides,
  };
}
