/** Moves a booking along the transition table, keeping its slot only while it blocks. */
import { badRequest, conflict, type AppContext, type Tx } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { releaseBookingSlot } from '../availability/resource-slots.ts';
import { publishBooking, reload } from '../bookings/booking-row.ts';
import type { TenantSettings } from '../remote/clients.ts';
import { oneOf } from '../shared/request.ts';
import { paymentDetails, type DepositType, type TaxType } from './payment.ts';
import { canTransition, isBlocking, STATUSES, transitionRefusal, type BookingStatus } from './transitions.ts';

export const HOLD_HOURS = [24, 48, 72, 168] as const;

/** The optional `holdHours` of an accept: one of the offered lengths. */
export function holdHoursOf(b: Record<string, unknown>): number | undefined {
  const holdHours = b.holdHours === undefined ? undefined : Number(b.holdHours);
  if (holdHours !== undefined && !(HOLD_HOURS as readonly number[]).includes(holdHours))
    throw badRequest('Hold must be 24, 48, 72 or 168 hours.');
  return holdHours;
}

export interface TransitionOptions {
  reason?: string | null;
  holdHours?: number;
  payment?: { tax_type?: unknown; deposit_type?: unknown; deposit_value?: unknown };
  /** System sweeps pass null. */
  systemActor?: boolean;
  /**
   * The tenant's settings when the caller fetched them already (before its first query, so the
   * wait on admin does not happen while the booking row is locked); fetched here otherwise.
   */
  settings?: TenantSettings;
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
  txArg?: Tx,
) {
  const tx = txArg ?? ctx!.state.tx;
  const before = await reload(tx, id);
  const settings = opts.settings ?? (await deps.clients.tenantSettings(before.tenant_id));
  const from = before.status as BookingStatus;
  if (!(STATUSES as readonly string[]).includes(to) || !canTransition(from, to as BookingStatus)) {
    throw conflict(transitionRefusal(from, to));
  }
  const now = deps.now();
  if (to === 'tentative') {
    const hours = opts.holdHours ?? settings.holdExpiryHours;
    await tx.query(
      `UPDATE bookings SET status = 'tentative', hold_expires_at = $2, updated_at = now() WHERE id = $1`,
      [id, new Date(now.getTime() + hours * 3_600_000).toISOString()],
    );
  } else if (to === 'confirmed') {
    const p = opts.payment ?? {};
    const details = paymentDetails({
      priceCents: Number(before.calculated_price_cents),
      taxType: oneOf<TaxType>(p.tax_type, ['inclusive', 'exclusive'], 'inclusive'),
      taxRatePercent: settings.taxRatePercent,
      depositType: oneOf<DepositType>(p.deposit_type, ['None', 'Fixed', 'Percentage'], 'None'),
      depositValue:
        typeof p.deposit_value === 'number' || typeof p.deposit_value === 'string' ? p.deposit_value : null,
    });
    await tx.query(
      `UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL, payment_details = $2, updated_at = now() WHERE id = $1`,
      [id, JSON.stringify(details)],
    );
  } else if (to === 'cancelled') {
    const reason = opts.reason?.trim() ? opts.reason.trim().slice(0, 1000) : null;
    await tx.query(
      `UPDATE bookings SET status = 'cancelled', hold_expires_at = NULL, cancelled_at = now(), cancellation_reason = $2, updated_at = now() WHERE id = $1`,
      [id, reason],
    );
  } else {
    await tx.query(
      `UPDATE bookings SET status = $2, hold_expires_at = NULL, updated_at = now() WHERE id = $1`,
      [id, to],
    );
  }
  if (!isBlocking(to)) await releaseBookingSlot(tx, id);
  const row = await reload(tx, id);
  await tx.audit(ctx, {
    action: AUDIT_ACTION[to] ?? 'booking_status_changed',
    targetType: 'booking',
    target: row.booking_code,
    changes: { status: { old: from, new: to } },
    additionalInfo: opts.reason ?? null,
    ...(opts.systemActor
      ? { actor: { id: null, email: 'system', role: 'system' }, tenantId: row.tenant_id }
      : {}),
  });
  return publishBooking(tx, 'booking.status_changed', row, settings.timezone, { from, to });
}
