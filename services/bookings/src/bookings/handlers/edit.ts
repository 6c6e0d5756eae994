import { type BookingEdit } from '@venue/contracts/bookings';
import { operation } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { tenantOf } from '../../shared/request.ts';
import { reload, toBooking } from '../booking-row.ts';
import { createBooking } from '../create-booking.ts';
import { updateBooking } from '../update-booking.ts';

/**
 * Create a booking (the admin form). The contract's parse is the body's only reading of its own
 * (types, lengths, ranges, status); createBooking receives its output as it is
 * (docs/adding-a-feature.md follows it to the row) and opens its own read and write.
 */
export const createAdminBooking = (deps: Deps) =>
  operation('post /api/bookings/admin', { transaction: 'none' }, async ({ ctx, body }) => {
    ctx.status = 201;
    return { booking: await createBooking(ctx, deps, body) };
  });

/** One booking. */
export const getBooking = operation('get /api/bookings/{id}', async ({ ctx, tx, params }) => {
  const { timezone } = await tenantSettings(tx, tenantOf(ctx));
  return toBooking(await reload(tx, params.id), timezone);
});

/** Edit a booking (the form; also `payment_details.deposit_paid`); updateBooking opens its transactions. */
export const editBooking = (deps: Deps) =>
  operation('put /api/bookings/{id}', { transaction: 'none' }, async ({ ctx, params, body }) => ({
    booking: await updateBooking(ctx, deps, params.id, body),
  }));

/** The calendar's drag: an edit of the date, times and hall alone, under the edit's rules. */
export const moveBooking = (deps: Deps) =>
  operation('patch /api/bookings/{id}/move', { transaction: 'none' }, async ({ ctx, params, body }) => {
    const patch: BookingEdit = {
      bookingDate: body.bookingDate,
      startTime: body.startTime,
      endTime: body.endTime,
      ...(body.resourceId !== undefined ? { selectedHall: body.resourceId } : {}),
    };
    return { booking: await updateBooking(ctx, deps, params.id, patch) };
  });
