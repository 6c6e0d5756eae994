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

// --- the customer's door (issue 25, decision 56) -------------------------------------------------

/**
 * `booking.request_verification_requested` (bookings → comms): a visitor sent a request from an
 * address not yet verified for this venue. `token` is the single-use plaintext the "Verify your
 * e-mail" message must carry (`/book/<slug>/verify?token=…`): events are internal and never
 * exposed, and bookings stores only its SHA-256. Nothing is held until the link is opened;
 * comms sends it before `expiresAt` or not at all. Times are the venue's wall clock.
 */
export const bookingRequestVerificationRequestedEventSchema = z.object({
  requestId: z.guid(),
  tenantId: z.guid(),
  slug: z.string().min(1).max(60),
  email: z.string().trim().min(1).max(320),
  name: z.string(),
  token: z.string().min(32).max(128),
  resourceName: z.string(),
  /** The first date asked for (yyyy-MM-dd) and its start and end (HH:mm). */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** With a repeat: how many dates were asked for in all (1 without). */
  dates: z.number().int().min(1).optional(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type BookingRequestVerificationRequestedEvent = z.infer<
  typeof bookingRequestVerificationRequestedEventSchema
>;

/**
 * `booking.request_received` (bookings → comms, insights…): a request from the venue's booking
 * page became a booking (at once, or when its e-mail was verified). The booking as booking
 * events carry it (the first date's, when a repeat made several), plus `source: 'website'`,
 * whether the time is held (`hold`), the venue's `slug` and every booking the request made
 * (`bookings`), so one e-mail can name them all. `booking.created` is published for each as well.
 */
export const bookingRequestReceivedEventSchema = z.looseObject({
  ...bookingMailPartSchema.shape,
  customerId: z.string().nullable().optional(),
  source: z.literal('website'),
  hold: z.boolean(),
  slug: z.string().optional(),
  bookings: z.array(
    z.object({
      id: z.uuid(),
      bookingCode: z.string(),
      bookingDate: z.string(),
      startTime: z.string(),
      endTime: z.string(),
    }),
  ),
});
export type BookingRequestReceivedEvent = z.infer<typeof bookingRequestReceivedEventSchema>;

/**
 * `booking.customer_changes_requested` (bookings → comms): a customer asked the venue, from the
 * portal, for changes to their booking; the message is also kept on the booking as a note for
 * staff. Comms e-mails it to the venue.
 */
export const bookingCustomerChangesRequestedEventSchema = z.looseObject({
  ...bookingMailPartSchema.shape,
  customerId: z.string().nullable().optional(),
  /** The customer's words. */
  customerMessage: z.string().min(1).max(2000),
});
export type BookingCustomerChangesRequestedEvent = z.infer<typeof bookingCustomerChangesRequestedEventSchema>;
