/**
 * PUT /api/bookings/:id/status: any allowed transition; confirming computes and stores the
 * money figures. POST /api/bookings/:id/confirm-preview: the figures a confirmation would
 * store, and the inputs they come from, without changing anything (the confirm dialog).
 */
import { previewBody } from '@venue/contracts/bookings';
import { conflict, notFound, parseBody, type AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { findBooking } from '../bookings/booking-row.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { bookingsGuard } from '../shared/guards.ts';
import { statusBody, tenantOf } from '../shared/request.ts';
import { confirmFigures, tenantTerms } from './payment.ts';
import { transition } from './transition.ts';
import { canTransition, transitionRefusal, type BookingStatus } from './transitions.ts';

export function statusRoutes(router: AppRouter, deps: Deps): void {
  router.put('/api/bookings/:id/status', ...bookingsGuard, async (ctx) => {
    // The contract requires `status` (400 "Status is required") and offers only the hold lengths.
    const b = parseBody(ctx, statusBody);
    const settings = await tenantSettings(ctx.state.tx, tenantOf(ctx));
    ctx.body = {
      booking: await transition(ctx, deps, ctx.params.id!, b.status.toLowerCase(), {
        reason: b.reason ?? b.cancellationReason ?? null,
        payment: b.payment_details ?? {},
        holdHours: b.holdHours,
        settings,
      }),
    };
  });

  // A read that takes the dialog's choices as a body, hence POST. The dialog recomputes as the
  // user types with the same module (@venue/contracts money) from `priceCents` and `terms`.
  router.post('/api/bookings/:id/confirm-preview', ...bookingsGuard, async (ctx) => {
    const b = parseBody(ctx, previewBody);
    const row = await findBooking(ctx.state.tx, ctx.params.id!);
    if (!row) throw notFound('Booking not found');
    if (!canTransition(row.status as BookingStatus, 'confirmed')) {
      throw conflict(transitionRefusal(row.status as BookingStatus, 'confirmed'));
    }
    const settings = await tenantSettings(ctx.state.tx, tenantOf(ctx));
    const priceCents = Number(row.calculated_price_cents);
    ctx.body = {
      priceCents,
      terms: tenantTerms(settings),
      figures: confirmFigures(priceCents, settings, b.payment_details ?? {}),
    };
  });
}
