/**
 * The answers the light app reads and the bodies it sends, from the owning services' contracts
 * in packages/contracts (`import type`, so no schema reaches the bundle): catalogue's public
 * profile, bookings' availability, quote, request, verification and portal bookings, admin's
 * portal session, money's invoices and quotations.
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

export type {
  PortalInvoice,
  PortalReceipt,
  PortalCreditNote,
  PortalPayAnswer,
  PortalQuotation,
  PortalAcceptAnswer,
} from '@venue/contracts/money-api';
