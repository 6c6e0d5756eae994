/**
 * The answers the light app reads, as decision 56 describes them. Each is narrowed to what the
 * pages use; where the owning service's contract has landed in packages/contracts the type is
 * taken from there (`import type`, so no schema reaches the bundle).
 */
import type { Country, Currency, UserSettings } from '@venue/contracts';

export interface OpeningHours {
  /** 'HH:mm' of the venue's wall clock, or null when closed that weekday. */
  open: string | null;
  close: string | null;
}

export interface PublicResource {
  id: string;
  name: string;
  capacity: number;
  description: string;
  photoUrl: string | null;
  equipment: string[];
  /** By weekday, 0 = Sunday … 6 = Saturday. */
  openingHours: OpeningHours[];
  setupMinutes: number;
  packdownMinutes: number;
  /** The rate card in words: "$160 an hour weekdays, $200 weekends". */
  rateInWords: string;
}

export interface PublicAddOn {
  id: string;
  name: string;
  description?: string;
  priceCents: number;
  /** How the price applies, in words ("per booking", "per hour"). */
  unit?: string;
}

export type QuestionKind = 'text' | 'choice' | 'yesno';

export interface Question {
  id: string;
  label: string;
  kind: QuestionKind;
  options?: string[];
  required: boolean;
}

export interface Agreement {
  version: number;
  text: string;
  cancellationTerms: string;
  updatedAt: string;
}

export interface OnlineSettings {
  questions: Question[];
  agreement: Agreement;
  minNoticeHours: number;
  windowDays: number;
  mode: 'request' | 'hold';
  verifyEmail: boolean;
}

export interface VenueProfile {
  slug: string;
  name: string;
  logoUrl: string | null;
  contact: { phone: string | null; email: string | null; address: string | null };
  timezone: UserSettings['timezone'];
  dateFormat: UserSettings['dateFormat'];
  timeFormat: UserSettings['timeFormat'];
  currency: Currency;
  country: Country;
  resources: PublicResource[];
  addOns: PublicAddOn[];
  online: OnlineSettings;
}

export interface AvailabilityAnswer {
  timezone: string;
  days: Array<{ date: string; open: string | null; close: string | null }>;
  busy: Array<{ start: string; end: string }>;
  earliestStart: string;
  lastDate: string;
}

export interface Slot {
  date: string;
  startTime: string;
  endTime: string;
}

export interface RepeatChoice {
  frequency: 'weekly' | 'fortnightly' | 'monthly';
  count: number;
}

export interface QuoteRequest extends Slot {
  resourceId: string;
  guests?: number;
  addOns: Array<{ id: string; quantity: number }>;
  repeat?: RepeatChoice;
}

export interface QuoteAnswer {
  /** The price of one date, and of every free date of a repeat. */
  totalCents: number;
  lines: Array<{ label: string; amountCents: number }>;
  gstCents?: number;
  depositCents?: number;
  /** A repeat's dates, each with what holds it (null when free). */
  occurrences?: Array<{ date: string; clash: string | null }>;
  seriesTotalCents?: number;
}

export interface RequestBody extends QuoteRequest {
  eventType: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
  answers: Record<string, string | boolean>;
  agreementVersion: number;
  acceptedTerms: boolean;
  /** The honeypot: people never see it, so anything in it was typed by a machine. */
  website: string;
}

export type RequestAnswer =
  | { status: 'verify' }
  | { status: 'received'; bookings: Array<{ code: string; date: string }>; hold?: boolean };

export interface Alternative {
  date: string;
  startTime: string;
  endTime: string;
}

export interface VerifyAnswer {
  status: 'received' | 'already';
  booking: { code: string; date: string; startTime: string; endTime: string; resourceName: string };
  hold?: boolean;
}

// --- the portal ---

export interface Me {
  customerId: string;
  email: string;
  venue: { slug: string; name: string };
}

export type PortalBookingStatus =
  'pending' | 'tentative' | 'confirmed' | 'completed' | 'cancelled' | 'expired';

export interface PortalBooking {
  id: string;
  code: string;
  status: PortalBookingStatus;
  resourceName: string;
  date: string;
  startTime: string;
  endTime: string;
  guests: number | null;
  eventType: string;
  totalCents: number;
  holdExpiresAt: string | null;
  /** What the venue still needs: ID and insurance documents. */
  documentsNeeded: Array<'id' | 'insurance'>;
}

export interface PortalDocument {
  id: string;
  kind: 'id' | 'insurance';
  fileName: string;
  uploadedAt: string;
  verified: boolean;
}

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
