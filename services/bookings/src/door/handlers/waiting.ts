import type { WaitingRequests } from '@venue/contracts/bookings';
import { operation, requireAuth } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import { anyPermission } from '../../shared/guards.ts';
import { tenantOf } from '../../shared/request.ts';

/** The side menu's count of requests waiting, shown to whoever sees the requests. */
export const waitingRequests = operation(
  'get /api/bookings/requests/waiting',
  { guard: [requireAuth, anyPermission('dashboard', 'bookings')], transaction: 'read' },
  async ({ ctx, tx }) => {
    const tenantId = tenantOf(ctx);
    // bookings_pending_source_idx: the tenant's pending bookings by source
    const rows = await db(tx)
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
    return answer;
  },
);
