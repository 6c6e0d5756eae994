/** PUT /api/bookings/:id/status: any allowed transition; confirming computes the payment figures. */
import { badRequest, parseBody, type AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { bookingsGuard } from '../shared/guards.ts';
import { statusBody, tenantOf } from '../shared/request.ts';
import { holdHoursOf, transition } from './transition.ts';

export function statusRoutes(router: AppRouter, deps: Deps): void {
  router.put('/api/bookings/:id/status', ...bookingsGuard, async (ctx) => {
    const b = parseBody(ctx, statusBody);
    if (typeof b.status !== 'string') throw badRequest('Status is required');
    const to = b.status.toLowerCase();
    const holdHours = holdHoursOf(b);
    const reason =
      typeof b.reason === 'string'
        ? b.reason
        : typeof b.cancellationReason === 'string'
          ? b.cancellationReason
          : null;
    const settings = await tenantSettings(ctx.state.tx, tenantOf(ctx));
    ctx.body = {
      booking: await transition(ctx, deps, ctx.params.id!, to, {
        reason,
        payment: (b.payment_details ?? {}) as Record<string, unknown>,
        holdHours,
        settings,
      }),
    };
  });
}
