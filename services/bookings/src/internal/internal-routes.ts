/** Service-to-service routes (never routed by the gateway). */
import { notFound, requireInternal, sql, type AppRouter, type ServiceKit } from '@venue/service-kit';
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
        // The furthest funnel stage the row itself proves (0 request, 1 held, 2 confirmed,
        // 3 completed), for insights' rebuild (decision 45): a booking cancelled after its
        // confirmation keeps the payment_details only a confirmation writes; an expired one was
        // a hold. Bookings keeps no status history of its own (each move is an audit entry in
        // admin's log, which the rebuild reads for what this cannot tell, e.g. a hold cancelled).
        // sql: a CASE over the row's status and payment_details (no builder form reads as well)
        .select(
          sql<number>`CASE
            WHEN status = 'completed' THEN 3
            WHEN status = 'confirmed' OR payment_details IS NOT NULL THEN 2
            WHEN status IN ('tentative', 'expired') OR hold_expires_at IS NOT NULL THEN 1
            ELSE 0 END`.as('furthest_stage'),
        )
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
