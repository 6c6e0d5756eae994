/** Moves a booking along the transition table, keeping its slot only while it blocks. */
import { conflict, notFound, type AppContext, type Tx, type Updateable } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { releaseBookingSlot } from '../availability/resource-slots.ts';
import { bookingLabel, publishBooking, reload } from '../bookings/booking-row.ts';
import { refreshCustomerSummary } from '../customers/customer-summary.ts';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { db, NOW } from '../db/query.ts';
import type { BookingsTable } from '../db/schema.ts';
import { confirmFigures, moneyValues, paymentDetails } from './payment.ts';
import {
  canTransition,
  changedMeanwhile,
  isBlocking,
  isStatus,
  transitionRefusal,
  type BookingStatus,
} from './transitions.ts';

export interface TransitionOptions {
  reason?: string | null;
  holdHours?: number;
  payment?: { tax_type?: unknown; deposit_type?: unknown; deposit_value?: unknown };
  /** System sweeps pass null. */
  systemActor?: boolean;
  /** The tenant's settings when the caller read them already; read from bookings' copy otherwise. */
  settings?: TenantSettings;
  /** Added to the `booking.status_changed` payload (a decline's reason for the customer's e-mail). */
  eventExtra?: { declineReason?: string; cancelledBy?: 'customer' };
  /** Who acted when no staff member did (a customer withdrawing a request from the portal). */
  actor?: { id: string | null; email: string | null; role: string | null };
}

const AUDIT_ACTION: Record<string, string> = {
  tentative: 'booking_accepted',
  confirmed: 'booking_confirmed',
  cancelled: 'booking_cancelled',
  completed: 'booking_completed',
  expired: 'booking_expired',
};

export async function transition(
  ctx: AppContext | null,
  deps: Deps,
  id: string,
  to: string,
  opts: TransitionOptions,
  tx: Tx,
) {
  const before = await reload(tx, id);
  const settings = opts.settings ?? (await tenantSettings(tx, before.tenant_id));
  const from = before.status as BookingStatus;
  if (!isStatus(to) || !canTransition(from, to)) {
    throw conflict(transitionRefusal(from, to));
  }
  const now = deps.now();
  // Each move is one conditional update: it applies only while the booking still has the status
  // read above, so of two requests racing on one booking exactly one writes (the other waits for
  // the row, then matches nothing) and only the winner is audited and published.
  let set: Updateable<BookingsTable> = { hold_expires_at: null };
  let samePrice = false;
  if (to === 'tentative') {
    const hours = opts.holdHours ?? settings.holdExpiryHours;
    set = { hold_expires_at: new Date(now.getTime() + hours * 3_600_000).toISOString() };
  } else if (to === 'confirmed') {
    const figures = confirmFigures(Number(before.calculated_price_cents), settings, opts.payment ?? {});
    const details = paymentDetails(figures);
    set = { hold_expires_at: null, payment_details: JSON.stringify(details), ...moneyValues(figures) };
    // The figures come from the price read above: an edit repricing the booking meanwhile makes
    // this request the loser too, rather than confirming with stale figures.
    samePrice = true;
  } else if (to === 'cancelled') {
    const reason = opts.reason?.trim() ? opts.reason.trim().slice(0, 1000) : null;
    set = { hold_expires_at: null, cancellation_reason: reason };
  }
  const moved = await db(tx)
    .updateTable('bookings')
    .set({ status: to as BookingStatus, ...set, updated_at: NOW })
    .where('tenant_id', '=', before.tenant_id)
    .where('id', '=', id)
    .where('status', '=', from)
    .$if(to === 'cancelled', (qb) => qb.set({ cancelled_at: NOW }))
    .$if(samePrice, (qb) => qb.where('calculated_price_cents', '=', Number(before.calculated_price_cents)))
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) throw conflict(changedMeanwhile((await reload(tx, id)).status, to));
  await refreshCustomerSummary(tx, before.tenant_id, [before.customer_id], now, settings.timezone);
  if (!isBlocking(to)) await releaseBookingSlot(tx, before.tenant_id, id);
  const row = await reload(tx, id);
  await tx.audit(ctx, {
    action: AUDIT_ACTION[to] ?? 'booking_status_changed',
    targetType: 'booking',
    target: row.booking_code,
    targetLabel: bookingLabel(row),
    changes: { status: { old: from, new: to } },
    additionalInfo: opts.reason ?? null,
    ...(opts.systemActor
      ? { actor: { id: null, email: 'system', role: 'system' }, tenantId: row.tenant_id }
      : opts.actor
        ? { actor: opts.actor, tenantId: row.tenant_id }
        : {}),
  });
  return publishBooking(tx, 'booking.status_changed', row, settings.timezone, {
    from,
    to,
    ...opts.eventExtra,
  });
}

/**
 * Takes the booking's row lock before an edit's first write and refuses (409) when its status
 * is no longer the one the edit was planned on: the edit's checks and price quote ran without a
 * lock (another service was asked meanwhile), and a booking cancelled or confirmed in between
 * must not be moved back into a slot, nor edited as if it were still a request.
 */
export async function lockUnchanged(tx: Tx, before: { tenant_id: string; id: string; status: string }) {
  const row = await db(tx)
    .selectFrom('bookings')
    .select('status')
    .where('tenant_id', '=', before.tenant_id)
    .where('id', '=', before.id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Booking not found');
  if (row.status !== before.status) throw conflict(changedMeanwhile(row.status));
}
