// Payloads of the bookings service's events (the slot part of booking.* is booking-events.ts).
import { z } from 'zod';
import { bookingSlotEventSchema } from '../booking-events.ts';

const status = bookingSlotEventSchema.shape.status;

/**
 * `booking.created|updated`: the whole booking in its API shape. Consumers may rely on the slot
 * part only (`bookingSlotEventSchema`); the rest (customer, money, …) is passed through as is.
 */
export const bookingEventSchema = z.looseObject({
  ...bookingSlotEventSchema.shape,
  /** On the `booking.updated` of a change request: the message sent to the customer (issue 12). */
  changesRequested: z.object({ message: z.string() }).optional(),
});

/** `booking.status_changed`: the booking after the move, and the move itself. */
export const bookingStatusChangedEventSchema = z.looseObject({
  ...bookingSlotEventSchema.shape,
  from: status.optional(),
  to: status.optional(),
  /** A declined request: the reason in words, for the customer's e-mail (issue 12). */
  declineReason: z.string().optional(),
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

/**
 * The part of `booking.*` events the comms service reads to write the customer's e-mails
 * (issue 12): who, what, when, where, and the words of a decline or a change request. Every
 * field is in the booking's API shape that bookings publishes; comms validates with this.
 */
export const bookingMailPartSchema = z.looseObject({
  id: z.uuid(),
  hallOwnerId: z.uuid(),
  bookingCode: z.string(),
  customerId: z.string().optional(),
  customerName: z.string(),
  customerEmail: z.string(),
  eventType: z.string(),
  guestCount: z.number().int().nullable().optional(),
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  resourceId: z.uuid(),
  resourceName: z.string(),
  status,
  calculatedPriceCents: z.number().int().nullable().optional(),
  startsAt: z.iso.datetime({ offset: true }),
  holdExpiresAt: z.string().nullable().optional(),
  cancellationReason: z.string().nullable().optional(),
  changeRequest: z.object({ message: z.string(), at: z.string() }).nullable().optional(),
  updatedAt: z.iso.datetime({ offset: true }),
  /** On `booking.status_changed` of a declined request: the reason in words (issue 12). */
  declineReason: z.string().optional(),
  /** On the `booking.updated` of a change request: the message sent to the customer (issue 12). */
  changesRequested: z.object({ message: z.string() }).optional(),
});
export type BookingMailPart = z.infer<typeof bookingMailPartSchema>;
