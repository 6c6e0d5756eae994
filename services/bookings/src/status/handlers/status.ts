import { conflict, notFound, operation } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { findBooking } from '../../bookings/booking-row.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { tenantOf } from '../../shared/request.ts';
import { confirmFigures, tenantTerms } from '../payment.ts';
import { transition } from '../transition.ts';
import { canTransition, transitionRefusal, type BookingStatus } from '../transitions.ts';

/**
 * Any allowed transition; confirming computes and stores the money figures. The contract
 * requires `status` (400 "Status is required") and offers only the hold lengths.
 */
export const putStatus = (deps: Deps) =>
  operation('put /api/bookings/{id}/status', async ({ ctx, tx, params, body }) => {
    const settings = await tenantSettings(tx, tenantOf(ctx));
    const booking = await transition(
      ctx,
      deps,
      params.id,
      body.status.toLowerCase(),
      {
        reason: body.reason ?? body.cancellationReason ?? null,
        payment: body.payment_details ?? {},
        holdHours: body.holdHours,
        settings,
      },
      tx,
    );
    return { booking };
  });

/**
 * The figures a confirmation would store, and the inputs they come from, without changing
 * anything (the confirm dialog). A read that takes the dialog's choices as a body, hence POST;
 * the dialog recomputes as the user types with the same module (@venue/contracts money).
 */
export const confirmPreview = operation(
  'post /api/bookings/{id}/confirm-preview',
  async ({ ctx, tx, params, body }) => {
    const row = await findBooking(tx, params.id);
    if (!row) throw notFound('Booking not found');
    if (!canTransition(row.status as BookingStatus, 'confirmed')) {
      throw conflict(transitionRefusal(row.status as BookingStatus, 'confirmed'));
    }
    const settings = await tenantSettings(tx, tenantOf(ctx));
    const priceCents = Number(row.calculated_price_cents);
    return {
      priceCents,
      terms: tenantTerms(settings),
      figures: confirmFigures(priceCents, settings, body.payment_details ?? {}),
    };
  },
);
