/**
 * The bookings service's booking answers (bookings, checks and conflicts, series, calendar,
 * holds, bulk results), as it sends them (booking-row.ts, …). Money in cents; the dollar fields
 * beside some cents fields are the specification's own names, kept for old clients.
 */
import { z } from 'zod';
import { cents, day, hhmm, instant } from '../api/common.ts';
import { type PriceQuote, priceQuoteSchema } from '../catalogue/responses.ts';
import { onlineRequestInfoSchema } from './door.ts';
import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  CUSTOMER_TIERS,
  DEPOSIT_TYPES,
  PRIORITIES,
  TAX_TYPES,
} from './values.ts';

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/** The spec's `payment_details` (dollars), with the exact cents beside them once stored. */
export const paymentDetailsSchema = z
  .looseObject({
    total_amount: z.number().optional(),
    final_due: z.number().optional(),
    deposit_amount: z.number().optional(),
    deposit_type: z.enum(DEPOSIT_TYPES).optional(),
    deposit_value: z.number().nullable().optional(),
    deposit_paid: z.boolean().optional(),
    paid_at: z.string().nullable().optional(),
    tax: z
      .looseObject({
        tax_type: z.enum(TAX_TYPES).optional(),
        tax_rate: z.number().optional(),
        tax_amount: z.number().optional(),
        gst: z.number().optional(),
      })
      .optional(),
    totalCents: cents().optional(),
    finalDueCents: cents().optional(),
    depositCents: cents().optional(),
    gstCents: cents().optional(),
  })
  .meta({ id: 'PaymentDetails' });
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** The figures stored for a booking (bookings migration 007); every screen shows these. */
export const moneyViewSchema = z
  .object({
    taxType: z.enum(TAX_TYPES),
    taxRateBp: z.number().int(),
    netCents: cents(),
    gstCents: cents(),
    totalCents: cents(),
    depositCents: cents(),
    finalDueCents: cents(),
  })
  .meta({ id: 'MoneyView' });
export type MoneyView = z.infer<typeof moneyViewSchema>;

export const addOnLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  priceCents: cents(),
});
export type AddOnLine = z.infer<typeof addOnLineSchema>;

/** With `withConflicts` on a list: what holds part of a booking's time (spec 02 §2.4). */
export const listConflictSchema = z.object({
  kind: z.enum(['booking', 'blockout']),
  id: z.string(),
  /** The other booking's code and customer, or the block-out's reason. */
  label: z.string(),
  start: instant(),
  end: instant(),
});
export type ListConflict = z.infer<typeof listConflictSchema>;

export const bookingSchema = z
  .object({
    id: z.string(),
    bookingCode: z.string(),
    customerId: z.string().nullable(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string(),
    eventType: z.string(),
    guestCount: z.number().int().nullable(),
    bookingDate: day(),
    startTime: hhmm(),
    endTime: hhmm(),
    resourceId: z.string(),
    /** The spec's name of `resourceId`. */
    selectedHall: z.string(),
    hallId: z.string(),
    resourceName: z.string(),
    hallName: z.string(),
    status: bookingStatusSchema,
    estimatedPriceCents: cents().nullable(),
    /** Dollars (the spec's field). */
    estimatedPrice: z.number().nullable(),
    calculatedPriceCents: cents(),
    /** Dollars (the spec's field). */
    calculatedPrice: z.number().nullable(),
    priceDetails: z.record(z.string(), z.unknown()),
    addOns: z.array(addOnLineSchema),
    additionalDescription: z.string(),
    notes: z.string(),
    bookingSource: z.enum(BOOKING_SOURCES),
    quotationId: z.string().nullable(),
    priority: z.enum(PRIORITIES),
    customerTier: z.enum(CUSTOMER_TIERS),
    bondRequired: z.boolean(),
    bondCents: cents(),
    bondPaid: z.boolean(),
    docs: z.object({ idVerified: z.boolean(), insuranceVerified: z.boolean() }),
    holdExpiresAt: instant().nullable(),
    setupBufferMinutes: z.number().int(),
    packdownBufferMinutes: z.number().int(),
    /** The event's start at the venue's offset (`2026-04-05T10:00:00.000+10:00`). */
    startsAt: instant(),
    endsAt: instant(),
    payment_details: paymentDetailsSchema.nullable(),
    /** Net, GST, total, deposit and final due as stored; null on a booking stored without them. */
    money: moneyViewSchema.nullable(),
    /** What is still owed (total less a paid deposit). */
    balanceDueCents: cents(),
    depositType: z.string(),
    depositValue: z.number(),
    depositAmount: z.number(),
    taxType: z.string().nullable(),
    cancelledAt: instant().nullable(),
    cancellationReason: z.string().nullable(),
    changeRequest: z.object({ message: z.string(), at: z.string() }).nullable(),
    /** The recurring series the booking belongs to; null for a one-off. */
    seriesId: z.string().nullable(),
    createdAt: instant(),
    updatedAt: instant(),
    hallOwnerId: z.string(),
    title: z.string(),
    /**
     * A booking requested on the venue's booking page (issue 25): the answers to the venue's
     * questions, the hire agreement version accepted and when, and the client address; null
     * for every other booking.
     */
    onlineRequest: onlineRequestInfoSchema.nullable(),
    /** Only with `withConflicts=1` on GET /api/bookings. */
    conflicts: z.array(listConflictSchema).optional(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

/** `{booking}`: what a create, an edit, a move or a status action answers. */
export const bookingEnvelopeSchema = z.object({ booking: bookingSchema });

/** A page of a list. `total` and `totalPages` only when counted (page 1, or `withTotal=1`). */
export const bookingPageSchema = z
  .object({
    items: z.array(bookingSchema),
    total: z.number().int().nullable(),
    totalIsEstimate: z.boolean(),
    page: z.number().int().nullable(),
    limit: z.number().int(),
    totalPages: z.number().int().nullable(),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'BookingPage' });
export type BookingPage = z.infer<typeof bookingPageSchema>;

export const bookingStatsSchema = z.object({
  todayCount: z.number().int(),
  pendingCount: z.number().int(),
  confirmedCount: z.number().int(),
  completedCount: z.number().int(),
  completedThisMonth: z.number().int(),
  completedRevenueCents: cents(),
  completedRevenueInclGstCents: cents(),
  avgCompletedValueCents: cents(),
  cancelledCount: z.number().int(),
  cancelledThisMonth: z.number().int(),
  lostRevenueCents: cents(),
  refundedCents: cents(),
  highRiskCount: z.number().int(),
});
export type BookingStats = z.infer<typeof bookingStatsSchema>;

export const searchHitSchema = z.object({
  id: z.string(),
  bookingCode: z.string(),
  customerName: z.string(),
  resourceName: z.string(),
  bookingDate: day(),
  startTime: hhmm(),
  status: bookingStatusSchema,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Why a booking or block-out holds the time, in the server's words (`explanation`). */
const conflictReason = {
  cause: z.enum(['overlap', 'setup_buffer', 'packdown_buffer', 'buffers']).optional(),
  bufferMinutes: z.number().int().nullable().optional(),
  explanation: z.string().optional(),
};
export const conflictReasonSchema = z.object(conflictReason);
export type ConflictReason = z.infer<typeof conflictReasonSchema>;

export const conflictSchema = z
  .object({
    ...conflictReason,
    id: z.string(),
    customer: z.string(),
    startTime: hhmm(),
    endTime: hhmm(),
    eventType: z.string(),
    status: z.string(),
    bookingCode: z.string(),
    bookingDate: day(),
  })
  .meta({ id: 'Conflict' });
export type Conflict = z.infer<typeof conflictSchema>;

export const blockoutConflictSchema = z
  .object({
    ...conflictReason,
    id: z.string(),
    reason: z.string(),
    startsAt: instant(),
    endsAt: instant(),
  })
  .meta({ id: 'BlockoutConflict' });
export type BlockoutConflict = z.infer<typeof blockoutConflictSchema>;

/** The catalogue's price quote, as the booking form shows it. */
export type Quote = PriceQuote;

export const checkResultSchema = z.object({
  conflicts: z.array(conflictSchema),
  blockouts: z.array(blockoutConflictSchema),
  /**
   * The catalogue's quote as it answered (POST /api/price-quote); passed along as is, so only
   * the price is sure to be there. Null when the catalogue could not be asked.
   */
  quote: priceQuoteSchema.partial().extend({ calculatedPriceCents: cents() }).nullable(),
  /** The catalogue could not price it just now (the booking can still be saved). */
  quoteUnavailable: z.boolean(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const seriesOccurrenceSchema = z.looseObject({
  date: day(),
  free: z.boolean(),
  conflicts: z.array(conflictSchema),
  blockouts: z.array(blockoutConflictSchema),
});
export const seriesCheckSchema = z.object({
  frequency: z.enum(['weekly', 'fortnightly', 'monthly']),
  monthly: z.literal('skip').optional(),
  note: z.string().optional(),
  /** Months without the day of the month (monthly series). */
  skipped: z.array(day()).optional(),
  occurrences: z.array(seriesOccurrenceSchema),
  freeCount: z.number().int(),
});
export type SeriesCheck = z.infer<typeof seriesCheckSchema>;
export const seriesCreatedSchema = z.object({ seriesId: z.string(), bookings: z.array(bookingSchema) });
export type SeriesCreated = z.infer<typeof seriesCreatedSchema>;

export const calendarEventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    resourceId: z.string(),
    resourceName: z.string(),
    start: instant(),
    end: instant(),
    bufferStart: instant().nullable(),
    bufferEnd: instant().nullable(),
    status: bookingStatusSchema,
    bookingCode: z.string(),
    customerName: z.string(),
    eventType: z.string(),
    /** The stored venue-local slot (the calendar shows these, not the instants re-zoned). */
    bookingDate: day(),
    startTime: hhmm(),
    endTime: hhmm(),
  })
  .meta({ id: 'CalendarEvent' });
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarBlockoutSchema = z
  .object({
    id: z.string(),
    resourceId: z.string(),
    resourceName: z.string().nullable(),
    reason: z.string(),
    start: instant(),
    end: instant(),
    /** The block-out arrived over a booking and waits for its slot (decision 13). */
    overlapsBooking: z.boolean(),
  })
  .meta({ id: 'CalendarBlockout' });
export type CalendarBlockout = z.infer<typeof calendarBlockoutSchema>;

export const calendarDataSchema = z.object({
  events: z.array(calendarEventSchema),
  /** With `perDay`: each venue day's number of bookings, for "+N more". */
  dayTotals: z.record(z.string(), z.number().int()).optional(),
  blockouts: z.array(calendarBlockoutSchema),
});
export type CalendarData = z.infer<typeof calendarDataSchema>;

export const holdsExpiringSchema = z.object({
  holds: z.array(
    z.object({
      bookingId: z.string(),
      booking: z.string(),
      resource: z.string(),
      start: instant(),
      expiresAt: instant(),
      expiresIn: z.string(),
      customer: z.string(),
    }),
  ),
});
export type HoldsExpiring = z.infer<typeof holdsExpiringSchema>;

export const bulkResultSchema = z
  .object({
    succeeded: z.array(z.string()),
    failed: z.array(z.object({ id: z.string(), message: z.string() })),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const confirmPreviewSchema = z.object({
  priceCents: cents(),
  terms: z.record(z.string(), z.unknown()),
  figures: z.record(z.string(), z.unknown()),
});
export type ConfirmPreview = z.infer<typeof confirmPreviewSchema>;
