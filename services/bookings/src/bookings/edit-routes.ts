/** Create, read, edit and move one booking, and the form's live availability check. */
import { badRequest, type AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { findConflicts } from '../availability/conflicts.ts';
import { requireResource } from '../availability/resources.ts';
import { spanFor } from '../availability/resource-slots.ts';
import { bookingsGuard } from '../shared/guards.ts';
import { body, isUuid, stringList, tenantOf } from '../shared/request.ts';
import { isValidDate, isValidTime } from './booking-form.ts';
import { reload, toBooking } from './booking-row.ts';
import { createBooking } from './create-booking.ts';
import { updateBooking } from './update-booking.ts';

export function editRoutes(router: AppRouter, deps: Deps): void {
  router.post('/api/bookings/check', ...bookingsGuard, async (ctx) => {
    const b = body(ctx);
    const resourceId = String(b.resourceId ?? b.selectedHall ?? '');
    const when = {
      bookingDate: String(b.bookingDate ?? ''),
      startTime: String(b.startTime ?? ''),
      endTime: String(b.endTime ?? ''),
    };
    if (
      !resourceId ||
      !isValidDate(when.bookingDate) ||
      !isValidTime(when.startTime) ||
      !isValidTime(when.endTime)
    )
      throw badRequest('Resource, date, start and end time are needed to check availability.');
    if (when.endTime <= when.startTime) throw badRequest('End time must be after start time');
    const tenantId = tenantOf(ctx);
    // Both answers from other services first, then the database.
    const settings = await deps.clients.tenantSettings(tenantId);
    const addOnIds = stringList(b.addOnIds);
    const quote = await deps.clients.priceQuote(tenantId, {
      resourceId,
      date: when.bookingDate,
      startTime: when.startTime,
      endTime: when.endTime,
      ...(addOnIds ? { addOnIds } : {}),
    });
    const resource = await requireResource(ctx.state.tx, deps.clients, tenantId, resourceId);
    const span = spanFor(when, resource, settings.timezone);
    const excludeId = isUuid(b.excludeId) ? b.excludeId : null;
    const found = await findConflicts(ctx.state.tx, resource.id, span, excludeId);
    ctx.body = { ...found, quote, quoteUnavailable: quote === null };
  });

  router.post('/api/bookings/admin', ...bookingsGuard, async (ctx) => {
    ctx.status = 201;
    ctx.body = { booking: await createBooking(ctx, deps, body(ctx)) };
  });

  router.get('/api/bookings/:id', ...bookingsGuard, async (ctx) => {
    const { timezone } = await deps.clients.tenantSettings(tenantOf(ctx));
    ctx.body = toBooking(await reload(ctx.state.tx, ctx.params.id!), timezone);
  });

  router.put('/api/bookings/:id', ...bookingsGuard, async (ctx) => {
    ctx.body = { booking: await updateBooking(ctx, deps, ctx.params.id!, body(ctx)) };
  });

  router.patch('/api/bookings/:id/move', ...bookingsGuard, async (ctx) => {
    const b = body(ctx);
    const patch: Record<string, unknown> = {
      bookingDate: b.bookingDate,
      startTime: b.startTime,
      endTime: b.endTime,
    };
    if (b.resourceId !== undefined) patch.selectedHall = b.resourceId;
    ctx.body = { booking: await updateBooking(ctx, deps, ctx.params.id!, patch) };
  });
}
