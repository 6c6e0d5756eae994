/**
 * Staff's side of the customer's door (issue 25): the side menu's count of requests waiting, and
 * the documents customers upload (documents.ts). Booking Requests and All list the website's
 * requests like any pending booking (the `source=website` filter of the lists).
 */
import type { WaitingRequests } from '@venue/contracts/bookings';
import { requireAuth, withRead, type AppRouter } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { anyPermission } from '../shared/guards.ts';
import { tenantOf } from '../shared/request.ts';
import { staffDocumentRoutes } from './documents.ts';

export function staffDoorRoutes(router: AppRouter): void {
  // Registered before /api/bookings/:id… routes; the menu shows it to whoever sees the requests.
  router.get(
    '/api/bookings/requests/waiting',
    requireAuth,
    anyPermission('dashboard', 'bookings'),
    withRead,
    async (ctx) => {
      const tenantId = tenantOf(ctx);
      // bookings_pending_source_idx: the tenant's pending bookings by source
      const rows = await db(ctx.state.tx)
        .selectFrom('bookings')
        .select(['booking_source', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'pending')
        .groupBy('booking_source')
        .execute();
      const answer: WaitingRequests = { count: 0, website: 0 };
      for (const r of rows) {
        answer.count += Number(r.n);
        if (r.booking_source === 'website') answer.website += Number(r.n);
      }
      ctx.body = answer;
    },
  );
  staffDocumentRoutes(router);
}
