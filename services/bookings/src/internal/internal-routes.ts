/** Service-to-service routes (never routed by the gateway). */
import { notFound, requireInternal, type AppRouter, type ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { isUuid } from '../shared/request.ts';
import { fromQuoteRoute } from './from-quote.ts';

export function internalRoutes(router: AppRouter, kit: ServiceKit, deps?: Deps): void {
  // money's Accept of a quotation (decision 33); needs the catalogue clients and the clock.
  if (deps) fromQuoteRoute(router, deps);
  // The catalogue's iCalendar feeds keep their own copy of each booking's slot from the
  // booking.* events (packages/contracts booking-events.ts); nothing to answer here for them.

  /** Everything this service holds for a tenant (data portability). */
  router.get('/internal/tenant-export/:tenantId', requireInternal, async (ctx) => {
    const tenantId = ctx.params.tenantId ?? '';
    if (!isUuid(tenantId)) throw notFound('No such tenant.');
    // Every column as stored; the tenant stated as well as row-level security's.
    ctx.body = await kit.db.tenantTx(tenantId, async (tx) => ({
      bookings: await db(tx)
        .selectFrom('bookings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at')
        .execute(),
      customers: await db(tx)
        .selectFrom('customers')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at')
        .execute(),
    }));
  });
}
