/**
 * booking.* events (bookings → comms): the booking copy comms keeps (recipients, their bookings,
 * previews with real values, reminders) and the automatic e-mail the change calls for.
 */
import { bookingMailPartSchema, type BookingMailPart, type BOOKING_SLOT_EVENTS } from '@venue/contracts';
import type { AutomaticEmailKind } from '@venue/contracts/comms';
import { keepNewest, type Consumer, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { queueAutomatic } from './automatic.ts';

/** The booking's customer phone from the event (the booking's API shape passes it through), '' when none. */
function customerPhoneOf(b: BookingMailPart): string {
  const phone = (b as { customerPhone?: unknown }).customerPhone;
  return typeof phone === 'string' ? phone.trim() : '';
}

/** Keeps the newest version of the booking (its updatedAt); older or repeated events change nothing. */
export async function storeBookingCopy(tx: Tx, b: BookingMailPart): Promise<void> {
  await keepNewest(
    db(tx),
    'booking_copies',
    {
      tenant_id: b.hallOwnerId,
      booking_id: b.id,
      booking_code: b.bookingCode,
      customer_id: b.customerId ?? null,
      customer_name: b.customerName,
      customer_email: b.customerEmail,
      // E.164 as bookings stores it (issue 26: SMS); the event carries the booking's API shape
      customer_phone: customerPhoneOf(b),
      event_type: b.eventType,
      guest_count: b.guestCount ?? null,
      booking_date: b.bookingDate,
      start_time: b.startTime,
      end_time: b.endTime,
      resource_id: b.resourceId,
      resource_name: b.resourceName,
      status: b.status,
      calculated_price_cents: b.calculatedPriceCents ?? null,
      starts_at: b.startsAt,
      hold_expires_at: b.holdExpiresAt ?? null,
      booking_updated_at: b.updatedAt,
    },
    { key: ['tenant_id', 'booking_id'], version: 'booking_updated_at', stamp: 'received_at' },
  );
}

/**
 * The automatic e-mail an event calls for, if any. A booking made from the venue's booking page
 * (source `website`) is answered by "Request received" (door/door-mail.ts), which says the
 * automatic hold and its end when the venue holds requests: its creation sends no "Hold placed"
 * as well. Every later step (staff confirming, holding, declining, asking for changes,
 * cancelling) e-mails the customer exactly as for any other booking.
 */
export function automaticKindOf(type: string, b: BookingMailPart): AutomaticEmailKind | null {
  if (type === 'booking.updated') return b.changesRequested ? 'changes_requested' : null;
  if (type === 'booking.created' && (b as { bookingSource?: unknown }).bookingSource === 'website')
    return null;
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
