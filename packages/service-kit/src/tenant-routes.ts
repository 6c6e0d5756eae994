/**
 * The internal routes a service serves for one tenant named in the path (never routed by the
 * gateway, behind the internal secret): written once here because every service that holds
 * tenant data serves them alike. A tenant id that is no uuid is a 404, as for a tenant the
 * service does not know: the route does not exist for it.
 */
import type { z } from 'zod';
import { demoHistoryRefusal } from '@venue/contracts/demo';
import { requireInternal } from './auth/middleware.ts';
import type { Tx } from './db/types.ts';
import { HttpError, notFound } from './errors.ts';
import type { AppContext, AppRouter } from './http/context.ts';
import type { ServiceKit } from './kit.ts';
import { isUuid, parseBody } from './validation.ts';

/** The `:tenantId` of an internal route's path: a uuid, else 404 `No such tenant.`. */
export function pathTenant(ctx: AppContext): string {
  const tenantId = ctx.params.tenantId ?? '';
  if (!isUuid(tenantId)) throw notFound('No such tenant.');
  return tenantId;
}

/**
 * GET /internal/tenant-export/:tenantId, everything the service holds for a tenant (data
 * portability): what `read` answers inside the tenant's transaction.
 */
export function tenantExportRoute(
  router: AppRouter,
  kit: ServiceKit,
  read: (tx: Tx, tenantId: string) => Promise<unknown>,
): void {
  router.get('/internal/tenant-export/:tenantId', requireInternal, async (ctx) => {
    const tenantId = pathTenant(ctx);
    ctx.body = await kit.db.tenantTx(tenantId, (tx) => read(tx, tenantId));
  });
}

/**
 * POST /internal/demo/history/:tenantId (decision 48), `npm start`'s demo seed handing the
 * service its part of the demo venue's history: 404 unless the tenant is a demo venue and
 * SEED_DEMO is on, then the body checked against `schema` and `write` run in the tenant's
 * transaction (its answer is the route's).
 */
export function demoHistoryRoute<S extends z.ZodType>(
  router: AppRouter,
  kit: ServiceKit,
  schema: S,
  write: (tx: Tx, tenantId: string, plan: z.output<S>) => Promise<unknown>,
): void {
  router.post('/internal/demo/history/:tenantId', requireInternal, async (ctx) => {
    const tenantId = pathTenant(ctx);
    const refusal = demoHistoryRefusal(tenantId, process.env.SEED_DEMO);
    if (refusal) throw new HttpError(404, refusal);
    const plan = parseBody(ctx, schema);
    ctx.body = await kit.db.tenantTx(tenantId, (tx) => write(tx, tenantId, plan));
  });
}
