/**
 * The answers the light app reads and the bodies it sends, from the owning services' contracts
 * in packages/contracts (`import type`, so no schema reaches the bundle): catalogue's public
 * profile, bookings' availability, quote, request, verification and portal bookings, admin's
 * portal session. Only the money portal's shapes are still written here (below), after decision
 * 56, until money's contract lands.
 */
export type { PublicVenue as VenueProfile, PublicResource, PublicAddOn } from '@venue/contracts/catalogue';
export type {
  PublicAvailability as AvailabilityAnswer,
  PublicQuoteBody as QuoteRequest,
  PublicQuote as QuoteAnswer,
  PublicRequestBody as RequestBody,
  PublicRequestAnswer as RequestAnswer,
  SlotAlternative as Alternative,
  VerifyAnswer,
  PortalBooking,
  BookingDocument as PortalDocument,
  MadeBooking,
  PublicOccurrence,
} from '@venue/contracts/bookings';
export type { OnlineQuestion as Question } from '@venue/contracts';
export type { PortalMe as Me, PortalToken } from '@venue/contracts/admin';

import type { PublicVenue } from '@venue/contracts/catalogue';

export type OnlineSettings = PublicVenue['online'];

/** The slot a visitor picked on the calendar. */
export interface Slot {
  date: string;
  startTime: string;
  endTime: string;
}

// --- the money portal (decision 56), until money's contract lands ---

export type InvoiceStatus = 'DRAFT' | 'SENT' | 'PARTIAL' | 'PAID' | 'OVERDUE' | 'VOID' | 'REFUNDED';

export interface PortalInvoice {
  id: string;
  number: string;
  kind: string;
  status: InvoiceStatus;
  bookingCode: string | null;
  issuedAt: string;
  dueDate: string | null;
  totalCents: number;
  balanceCents: number;
  receipts: Array<{ paymentId: string; number: string; paidAt: string; amountCents: number }>;
  creditNotes: Array<{ id: string; number: string; issuedAt: string; amountCents: number }>;
}

export type QuotationStatus = 'Sent' | 'Accepted' | 'Declined' | 'Expired';

export interface PortalQuotation {
  id: string;
  number: string;
  status: QuotationStatus;
  resourceName: string;
  eventDate: string;
  startTime: string;
  endTime: string;
  validUntil: string;
  totalCents: number;
  items: Array<{ description: string; amountCents: number }>;
  bookingCode: string | null;
}
