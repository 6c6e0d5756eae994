/** Create, read, edit and move one booking, and the form's live availability check. */
import { bookingCreateBody, bookingFormBody, type BookingEdit } from '@venue/contracts/bookings';
import { inRequestRead, inRequestTx, parseBody, type AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { findConflicts } from '../availability/conflicts.ts';
import { localResource, resolveResource, upsertResource, usableResource } from '../availability/resources.ts';
import { spanFor } from '../availability/resource-slots.ts';
import { bookingsAuth, bookingsGuard } from '../shared/guards.ts';
import { checkBody, isUuid, moveBody, tenantOf } from '../shared/request.ts';
import { reload, toBooking } from './booking-row.ts';
import { createBooking } from './create-booking.ts';
import { updateBooking } from './update-booking.ts';

export function editRoutes(router: AppRouter, deps: Deps): void {
  router.post('/api/bookings/check', ...bookingsAuth, async (ctx) => {
    // Types, the real calendar, HH:mm and end after start: a 400 naming the field (request.ts).
    const b = parseBody(ctx, checkBody);
    const resourceId = (b.resourceId ?? b.selectedHall)!;
    const when = { bookingDate: b.bookingDate, startTime: b.startTime, endTime: b.endTime };
    const tenantId = tenantOf(ctx);
    const excludeId = isUuid(b.excludeId) ? b.excludeId : null;
    // Bookings' own copies first (503 without the venue's settings), then the catalogue with no
    // transaction open, then the conflicts in a second short read.
    const first = await inRequestRead(ctx, async (tx) => ({
      settings: await tenantSettings(tx, tenantId),
      known: await localResource(tx, resourceId),
    }));
    const { addOnIds, addOns } = b;
    const quote = await deps.clients.priceQuote(tenantId, {
      resourceId,
      date: when.bookingDate,
      startTime: when.startTime,
      endTime: when.endTime,
      ...(addOnIds ? { addOnIds } : {}),
      ...(addOns ? { addOns } : {}),
    });
    const { resource: found, fetched } = await resolveResource(
      deps.clients,
      tenantId,
      resourceId,
      first.known,
    );
    const resource = usableResource(found);
    ctx.body = await inRequestTx(ctx, async (tx) => {
      for (const r of fetched) await upsertResource(tx, tenantId, r);
      const span = spanFor(when, resource, first.settings);
      const clashes = await findConflicts(tx, resource.id, span, excludeId);
      return { ...clashes, quote, quoteUnavailable: quote === null };
    });
  });

  // The contract's parse is the body's only reading of its own (types, lengths, ranges, status);
  // createBooking receives its output as it is (docs/adding-a-feature.md follows it to the row).
  router.post('/api/bookings/admin', ...bookingsAuth, async (ctx) => {
    const body = parseBody(ctx, bookingCreateBody);
    ctx.status = 201;
    ctx.body = { booking: await createBooking(ctx, deps, body) };
  });

  router.get('/api/bookings/:id', ...bookingsGuard, async (ctx) => {
    const { timezone } = await tenantSettings(ctx.state.tx, tenantOf(ctx));
    ctx.body = toBooking(await reload(ctx.state.tx, ctx.params.id!), timezone);
  });

  router.put('/api/bookings/:id', ...bookingsAuth, async (ctx) => {
    ctx.body = { booking: await updateBooking(ctx, deps, ctx.params.id!, parseBody(ctx, bookingFormBody)) };
  });

  router.patch('/api/bookings/:id/move', ...bookingsAuth, async (ctx) => {
    const b = parseBody(ctx, moveBody);
    // An edit of the date, times and hall alone, under the edit's rules.
    const patch: BookingEdit = {
      bookingDate: b.bookingDate,
      startTime: b.startTime,
      endTime: b.endTime,
      ...(b.resourceId !== undefined ? { selectedHall: b.resourceId } : {}),
    };
    ctx.body = { booking: await updateBooking(ctx, deps, ctx.params.id!, patch) };
  });
}
