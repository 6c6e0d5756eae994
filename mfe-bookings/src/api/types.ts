/**
 * Wire shapes of the bookings and catalogue APIs: every type is inferred from the API contract's
 * schemas in @venue/contracts (the ones the services answer by and the OpenAPI document shows),
 * imported as types only so zod stays out of this bundle. Money in cents.
 */
import type { Booking, BookingDocument, BookingPage, PaymentDetails } from '@venue/contracts/bookings';

export {
  BOOKING_STATUSES,
  EVENT_TYPES,
  SEGMENTS,
  type BookingSource,
  type BookingStatus,
  type CustomerTier,
  type DepositType,
  type Priority,
  type Segment,
  type TaxType,
} from '@venue/contracts/bookings';

export type {
  AddOnLine,
  Booking,
  BookingStats,
  BulkResult,
  CalendarBlockout,
  CalendarData,
  CalendarEvent,
  CheckResult,
  Conflict,
  ConflictReason,
  Customer,
  CustomerBooking,
  CustomerDetail,
  CustomerList,
  ListConflict,
  MoneyView,
  OnlineRequestInfo,
  PaymentDetails,
  Quote,
  SearchHit,
} from '@venue/contracts/bookings';

/** A customer's uploaded document as staff see it: who marked it verified as well. */
export type StaffDocument = BookingDocument & { verifiedBy: string | null };
export interface StaffDocumentList {
  documents: StaffDocument[];
}

/** A resource as the booking screens read it (the bookable view of GET /api/resources). */
export type { BookableResource as Resource } from '@venue/contracts/catalogue';

/** A page of bookings (GET /api/bookings), with its items typed as given. */
export type Paged<T = Booking> = Omit<BookingPage, 'items'> & { items: T[] };

/** Cents of a payment figure: the exact cents field when the server gives it, else the dollars. */
export function paymentCents(p: PaymentDetails, field: 'total' | 'finalDue' | 'deposit' | 'gst'): number {
  const exact = { total: p.totalCents, finalDue: p.finalDueCents, deposit: p.depositCents, gst: p.gstCents }[
    field
  ];
  if (typeof exact === 'number') return exact;
  const dollars = {
    total: p.total_amount,
    finalDue: p.final_due,
    deposit: p.deposit_amount,
    gst: p.tax?.gst ?? p.tax?.tax_amount,
  }[field];
  return Math.round((dollars ?? 0) * 100);
}
