/**
 * booking.* events (bookings → comms): the booking copy comms keeps (recipients, their bookings,
 * previews with real values, reminders) and the automatic e-mail the change calls for.
 */
import { bookingMailPartSchema, type BookingMailPart, type BOOKING_SLOT_EVENTS } from '@venue/contracts';
import type { AutomaticEmailKind } from '@venue/contracts/comms';
import type { Consumer, Tx } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { queueAutomatic } from './automatic.ts';

/** Keeps the newest version of the booking (its updatedAt); older or repeated events change nothing. */
export async function storeBookingCopy(tx: Tx, b: BookingMailPart): Promise<void> {
  await tx.query(
    `INSERT INTO booking_copies (tenant_id, booking_id, booking_code, customer_id, customer_name, customer_email,
        event_type, guest_count, booking_date, start_time, end_time, resource_id, resource_name, status,
        calculated_price_cents, starts_at, hold_expires_at, booking_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     ON CONFLICT (tenant_id, booking_id) DO UPDATE SET booking_code = EXCLUDED.booking_code,
        customer_id = EXCLUDED.customer_id, customer_name = EXCLUDED.customer_name,
        customer_email = EXCLUDED.customer_email, event_type = EXCLUDED.event_type,
        guest_count = EXCLUDED.guest_count, booking_date = EXCLUDED.booking_date,
        start_time = EXCLUDED.start_time, end_time = EXCLUDED.end_time, resource_id = EXCLUDED.resource_id,
        resource_name = EXCLUDED.resource_name, status = EXCLUDED.status,
        calculated_price_cents = EXCLUDED.calculated_price_cents, starts_at = EXCLUDED.starts_at,
        hold_expires_at = EXCLUDED.hold_expires_at, booking_updated_at = EXCLUDED.booking_updated_at,
        received_at = now()
      WHERE booking_copies.booking_updated_at <= EXCLUDED.booking_updated_at`,
    [
      b.hallOwnerId,
      b.id,
      b.bookingCode,
      b.customerId ?? null,
      b.customerName,
      b.customerEmail,
      b.eventType,
      b.guestCount ?? null,
      b.bookingDate,
      b.startTime,
      b.endTime,
      b.resourceId,
      b.resourceName,
      b.status,
      b.calculatedPriceCents ?? null,
      b.startsAt,
      b.holdExpiresAt ?? null,
      b.updatedAt,
    ],
  );
}

/** The automatic e-mail an event calls for, if any. */
export function automaticKindOf(type: string, b: BookingMailPart): AutomaticEmailKind | null {
  if (type === 'booking.updated') return b.changesRequested ? 'changes_requested' : null;
  const to = type === 'booking.status_changed' ? ((b as { to?: string }).to ?? b.status) : b.status;
  if (type === 'booking.created' && to !== 'confirmed' && to !== 'tentative') return null;
  switch (to) {
    case 'confirmed':
      return 'booking_confirmed';
    case 'tentative':
      return 'hold_placed';
    case 'cancelled':
      return b.declineReason !== undefined ? 'declined' : 'cancelled';
    default:
      return null;
  }
}

export function bookingEventConsumer(deps: CommsDeps): Consumer<(typeof BOOKING_SLOT_EVENTS)[number]> {
  return async (event, tx) => {
    // The part comms needs, checked here: bookings' schema only promises the slot part.
    const b = bookingMailPartSchema.parse(event.data);
    await storeBookingCopy(tx, b);
    const kind = automaticKindOf(event.type, b);
    if (!kind) return;
    await queueAutomatic(tx, b.hallOwnerId, b.id, kind, {
      now: deps.now(),
      extra: {
        ...(b.declineReason !== undefined ? { declineReason: b.declineReason } : {}),
        ...(b.changesRequested ? { changesMessage: b.changesRequested.message } : {}),
      },
      // each change request is its own e-mail; redelivery of the same one is not
      keySuffix: kind === 'changes_requested' ? (b.changeRequest?.at ?? b.updatedAt) : undefined,
    });
  };
}
