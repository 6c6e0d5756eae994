// Payloads of the bookings service's events (the slot part of booking.* is booking-events.ts).
import { z } from 'zod';
import { bookingSlotEventSchema } from '../booking-events.ts';

const status = bookingSlotEventSchema.shape.status;

/**
 * `booking.created|updated`: the whole booking in its API shape. Consumers may rely on the slot
 * part only (`bookingSlotEventSchema`); the rest (customer, money, …) is passed through as is.
 */
export const bookingEventSchema = z.looseObject(bookingSlotEventSchema.shape);

/** `booking.status_changed`: the booking after the move, and the move itself. */
export const bookingStatusChangedEventSchema = z.looseObject({
  ...bookingSlotEventSchema.shape,
  from: status.optional(),
  to: status.optional(),
});

/** `booking.blockout_overlap`: a block-out arrived over a booking and waits for its slot (decision 13). */
export const bookingBlockoutOverlapEventSchema = z.object({
  blockoutId: z.guid(),
  resourceId: z.guid(),
});

/** `customer.anonymised`: a customer's personal data was erased (the row stays, anonymised). */
export const customerAnonymisedEventSchema = z.object({
  /** The customer's id, `CUST-…` (spec 02 §3.4). */
  id: z.string().min(1),
});
