/**
 * What the money screens read from other services (issue 13), beside the money API itself:
 * the bookings an invoice can be raised for. `@venue/contracts/money-api/screens`.
 *
 * Additive to the money contract: it names only the fields of bookings' `GET /api/bookings`
 * items (docs/api/bookings.md) that the New Invoice dialog shows and computes from, so the
 * screen carries no hand-written copy of them. Amounts are the cents bookings stored when it
 * priced or confirmed the booking (decision 25).
 */
import { z } from 'zod';

// The statuses and the list's path the dialog imports live in ../paths.ts, which loads no zod.
export { INVOICEABLE_BOOKING_STATUSES, invoiceableBookingsPath } from '../paths.ts';

const cents = z.number().int().min(0);

export const invoiceableBookingSchema = z.object({
  id: z.uuid(),
  bookingCode: z.string(),
  status: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  eventType: z.string(),
  /** The venue's day, YYYY-MM-DD, and wall-clock times HH:mm. */
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  resourceName: z.string(),
  calculatedPriceCents: cents,
  /** The stored figures; null on a booking stored without them (the price is then its total). */
  money: z
    .object({
      taxType: z.enum(['inclusive', 'exclusive']),
      taxRateBp: z.number().int(),
      netCents: cents,
      gstCents: cents,
      totalCents: cents,
      depositCents: cents,
      finalDueCents: cents,
    })
    .nullable()
    .optional(),
  payment_details: z.looseObject({ deposit_paid: z.boolean().optional() }).nullable().optional(),
});
export type InvoiceableBooking = z.infer<typeof invoiceableBookingSchema>;

export const invoiceableBookingPageSchema = z.object({
  items: z.array(invoiceableBookingSchema),
  total: z.number().int(),
});
export type InvoiceableBookingPage = z.infer<typeof invoiceableBookingPageSchema>;
