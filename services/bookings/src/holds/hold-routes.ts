/** Requests and holds: accept (tentative hold), decline, request changes, their bulk forms, expiring holds. */
import {
  badRequest,
  conflict,
  parseBody,
  requireAuth,
  withTx,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { db, NOW } from '../db/query.ts';
import {
  bookingLabel,
  publishBooking,
  reload,
  selectBookings,
  type BookingRow,
} from '../bookings/booking-row.ts';
import { anyPermission, bookingsGuard } from '../shared/guards.ts';
import {
  acceptBody,
  bulkAcceptBody,
  bulkDeclineBody,
  changesBody,
  declineBody,
  tenantOf,
} from '../shared/request.ts';
import { venueIso } from '../shared/time.ts';
import { transition } from '../status/transition.ts';
import { changedMeanwhile } from '../status/transitions.ts';
import { bulk } from './bulk.ts';
import { decline, declineReason } from './decline.ts';

const CHANGES_NEEDED = 'Please enter a message describing the changes needed.';

/** `expiresIn` of the dashboard widget: whole hours, or minutes in the last hour. */
function expiresIn(ms: number): string {
  const h = Math.max(0, Math.floor(ms / 3_600_000));
  return h >= 1 ? `${h}h` : `${Math.max(0, Math.floor(ms / 60_000))}m`;
}

export function holdRoutes(router: AppRouter, deps: Deps): void {
  const settingsOf = (ctx: AppContext) => tenantSettings(ctx.state.tx, tenantOf(ctx));

  // Dashboard widget: anyone who may see the dashboard or bookings.
  router.get(
    '/api/bookings/holds-expiring',
    requireAuth,
    anyPermission('dashboard', 'bookings'),
    withTx,
    async (ctx) => {
      const zone = (await settingsOf(ctx)).timezone;
      const now = deps.now();
      // bookings_hold_idx: the tenant's tentative holds by expiry, read up to two days ahead
      const rows: BookingRow[] = await selectBookings(ctx.state.tx)
        .where('b.tenant_id', '=', tenantOf(ctx))
        .where('b.status', '=', 'tentative')
        .where('b.hold_expires_at', '<=', new Date(now.getTime() + 48 * 3_600_000))
        .orderBy('b.hold_expires_at')
        .orderBy('b.id')
        .execute();
      ctx.body = {
        holds: rows.map((r) => ({
          bookingId: r.id,
          booking: r.booking_code,
          resource: r.resource_name,
          start: venueIso(new Date(r.starts_at), zone),
          expiresAt: new Date(r.hold_expires_at!).toISOString(),
          expiresIn: expiresIn(new Date(r.hold_expires_at!).getTime() - now.getTime()),
          customer: r.customer_name,
        })),
      };
    },
  );

  // Registered before the /:id/ routes below, which would otherwise take "bulk" for an id.
  router.post('/api/bookings/bulk/accept', ...bookingsGuard, async (ctx) => {
    // The contract refuses an empty list ("Select at least one booking.") and other hold lengths.
    const { ids, holdHours } = parseBody(ctx, bulkAcceptBody);
    const settings = await settingsOf(ctx);
    ctx.body = await bulk(ids, (id) => transition(ctx, deps, id, 'tentative', { holdHours, settings }));
  });

  router.post('/api/bookings/bulk/decline', ...bookingsGuard, async (ctx) => {
    const b = parseBody(ctx, bulkDeclineBody);
    const reason = declineReason(b);
    const settings = await settingsOf(ctx);
    ctx.body = await bulk(b.ids, (id) => decline(ctx, deps, settings, id, reason));
  });

  router.post('/api/bookings/:id/accept', ...bookingsGuard, async (ctx) => {
    const { holdHours } = parseBody(ctx, acceptBody);
    const settings = await settingsOf(ctx);
    ctx.body = { booking: await transition(ctx, deps, ctx.params.id!, 'tentative', { holdHours, settings }) };
  });

  router.post('/api/bookings/:id/decline', ...bookingsGuard, async (ctx) => {
    const reason = declineReason(parseBody(ctx, declineBody));
    ctx.body = { booking: await decline(ctx, deps, await settingsOf(ctx), ctx.params.id!, reason) };
  });

  router.post('/api/bookings/:id/request-changes', ...bookingsGuard, async (ctx) => {
    const message = (parseBody(ctx, changesBody).message ?? '').trim();
    if (!message)
      throw badRequest(CHANGES_NEEDED, { errors: [{ path: 'message', message: CHANGES_NEEDED }] });
    const { timezone } = await settingsOf(ctx);
    const tx = ctx.state.tx;
    const row = await reload(tx, ctx.params.id!);
    if (row.status !== 'pending')
      throw conflict(`Changes can only be requested on a pending booking; this one is ${row.status}.`);
    // Conditional on the status read above: a confirm or decline committed meanwhile wins, and
    // the customer is not asked for changes to a booking that is no longer a request.
    const asked = await db(tx)
      .updateTable('bookings')
      .set({
        change_request: JSON.stringify({ message: message.slice(0, 5000), at: deps.now().toISOString() }),
        updated_at: NOW,
      })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (asked.numUpdatedRows === 0n) throw conflict(changedMeanwhile((await reload(tx, row.id)).status));
    const updated = await reload(tx, row.id);
    await tx.audit(ctx, {
      action: 'booking_changes_requested',
      targetType: 'booking',
      target: row.booking_code,
      targetLabel: bookingLabel(updated),
      additionalInfo: message.slice(0, 500),
    });
    // comms e-mails the customer the message with the tenant's Changes requested template (issue 12)
    const booking = await publishBooking(tx, 'booking.updated', updated, timezone, {
      changesRequested: { message: message.slice(0, 5000) },
    });
    ctx.body = { booking };
  });
}
