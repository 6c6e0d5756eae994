/**
 * POST /internal/demo/history/:tenantId (decision 48): `npm start`'s demo seed hands bookings the
 * demo venue's customers and bookings. Internal only (the internal secret; the gateway never
 * routes /internal), and 404 unless the tenant is a demo venue and SEED_DEMO is on.
 */
import {
  isUuid,
  notFound,
  parseBody,
  requireInternal,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { demoBookingsSchema, guardDemoTenant, writeDemoBookings } from './demo-history.ts';

export function demoRoutes(router: AppRouter, kit: ServiceKit, deps: Deps): void {
  router.post('/internal/demo/history/:tenantId', requireInternal, async (ctx) => {
    const tenantId = ctx.params.tenantId ?? '';
    if (!isUuid(tenantId)) throw notFound('No such tenant.');
    guardDemoTenant(tenantId);
    const plan = parseBody(ctx, demoBookingsSchema);
    ctx.body = await kit.db.tenantTx(tenantId, (tx) => writeDemoBookings(tx, tenantId, plan, deps.now()));
  });
}
