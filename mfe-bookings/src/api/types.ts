/** Wire shapes of the bookings and catalogue APIs (docs/api/bookings.md, catalogue.md). Money in cents. */

export const BOOKING_STATUSES = [
  'pending',
  'tentative',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const EVENT_TYPES = [
  'Wedding',
  'Birthday Party',
  'Corporate Event',
  'Conference',
  'Meeting',
  'Anniversary',
  'Graduation',
  'Baby Shower',
  'Bridal Shower',
  'Funeral',
  'Community Event',
  'Other',
] as const;

export type DepositType = 'None' | 'Fixed' | 'Percentage';
export type TaxType = 'inclusive' | 'exclusive';
export type Priority = 'high' | 'medium' | 'normal';
export type BookingSource = 'website' | 'admin' | 'quotation';
export type CustomerTier = 'premium' | 'business' | 'standard' | 'nonprofit';

export interface PaymentDetails {
  total_amount: number;
  final_due: number;
  deposit_amount: number;
  deposit_type: DepositType;
  deposit_value: number | null;
  deposit_paid: boolean;
  paid_at: string | null;
  tax: { tax_type: TaxType; tax_rate: number; tax_amount: number; gst: number };
  /** Exact figures in cents beside the spec's dollar fields. */
  totalCents?: number;
  finalDueCents?: number;
  depositCents?: number;
  gstCents?: number;
}

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

/** The figures the server stored for a booking (bookings migration 007); every screen shows these. */
export interface MoneyView {
  taxType: TaxType;
  taxRateBp: number;
  netCents: number;
  gstCents: number;
  totalCents: number;
  depositCents: number;
  finalDueCents: number;
}

export interface AddOnLine {
  id: string;
  name: string;
  quantity: number;
  priceCents: number;
}

export interface ListConflict {
  kind: 'booking' | 'blockout';
  id: string;
  /** The other booking's code and customer, or the block-out's reason. */
  label: string;
  start: string;
  end: string;
}

export interface Booking {
  id: string;
  bookingCode: string;
  customerId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  eventType: string;
  guestCount: number | null;
  bookingDate: string;
  startTime: string;
  endTime: string;
  resourceId: string;
  selectedHall: string;
  resourceName: string;
  hallName?: string;
  status: BookingStatus;
  estimatedPriceCents: number | null;
  calculatedPriceCents: number;
  calculatedPrice: number;
  addOns: AddOnLine[];
  additionalDescription: string;
  notes: string;
  bookingSource: BookingSource;
  priority: Priority;
  customerTier: CustomerTier;
  bondRequired: boolean;
  bondCents: number;
  bondPaid: boolean;
  docs: { idVerified: boolean; insuranceVerified: boolean };
  holdExpiresAt: string | null;
  startsAt: string;
  endsAt: string;
  payment_details: PaymentDetails | null;
  /** Net, GST, total, deposit and final due as stored; null on a booking stored without them. */
  money?: MoneyView | null;
  /** What is still owed (total less a paid deposit), from the server. */
  balanceDueCents?: number;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /** With `withConflicts` on a list: what holds part of this booking's time (spec 02 §2.4). */
  conflicts?: ListConflict[];
  changeRequest: { message: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface BookingStats {
  todayCount: number;
  pendingCount: number;
  completedRevenueCents: number;
  highRiskCount: number;
  confirmedCount: number;
  completedCount: number;
  completedThisMonth: number;
  completedRevenueInclGstCents: number;
  avgCompletedValueCents: number;
  cancelledCount: number;
  cancelledThisMonth: number;
  lostRevenueCents: number;
  refundedCents: number;
}

/** Why a booking or block-out holds the time (the server's words in `explanation`). */
export interface ConflictReason {
  cause?: 'overlap' | 'setup_buffer' | 'packdown_buffer' | 'buffers';
  bufferMinutes?: number | null;
  explanation?: string;
}

export interface Conflict extends ConflictReason {
  id: string;
  customer: string;
  startTime: string;
  endTime: string;
  eventType: string;
  status: string;
}

export interface Quote {
  calculatedPriceCents: number;
  durationHours: number;
  rateCents: number;
  rateType: string;
  isWeekend: boolean;
  holiday: { name: string; surchargePercent: number; surchargeCents: number } | null;
  breakdown: { label: string; amountCents: number }[];
}

export interface CheckResult {
  conflicts: Conflict[];
  blockouts: ({ id: string; reason: string; startsAt: string; endsAt: string } & ConflictReason)[];
  quote: Quote | null;
  quoteUnavailable?: boolean;
}

export interface Resource {
  id: string;
  name: string;
  type: string;
  capacity: number;
  status: string;
  calendarColour?: string;
}

export interface CalendarEvent {
  id: string;
  title: string;
  resourceId: string;
  resourceName: string;
  start: string;
  end: string;
  bufferStart: string | null;
  bufferEnd: string | null;
  status: string;
  bookingCode: string;
  customerName: string;
  eventType: string;
  /** The stored venue-local slot (the calendar shows these, not the instants re-zoned). */
  bookingDate?: string;
  startTime?: string;
  endTime?: string;
}

export interface CalendarBlockout {
  id: string;
  reason: string;
  resourceId?: string;
  resourceIds?: string[];
  start?: string;
  end?: string;
  startsAt?: string;
  endsAt?: string;
}

export interface CalendarData {
  events: CalendarEvent[];
  blockouts: CalendarBlockout[];
  /** With `perDay` (the month grid): each venue day's number of bookings, shown or not. */
  dayTotals?: Record<string, number>;
}

export interface SearchHit {
  id: string;
  bookingCode: string;
  customerName: string;
  resourceName: string;
  bookingDate: string;
  startTime: string;
  status: string;
}

export const SEGMENTS = ['Champions', 'Loyal', 'New', 'At-Risk', 'Lost'] as const;
export type Segment = (typeof SEGMENTS)[number];

export interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string;
  tags: string[];
  rfm: string;
  recency: number;
  frequency: number;
  monetary: number;
  segment: Segment;
  clvCents: number;
  lastActiveDays: number | null;
  totalBookings: number;
  totalSpendCents: number;
  lifetimeSpendCents: number;
  anonymised?: boolean;
}

export interface CustomerList {
  items: Customer[];
  total: number;
  stats: { total: number; vip: number; atRisk: number; topSegment: string | null };
}

export interface CustomerBooking {
  id: string;
  bookingCode: string;
  date: string;
  spendCents: number;
  status: string;
  eventType: string;
  resource: string;
  startTime: string;
  endTime: string;
  guestCount: number | null;
}

export interface CustomerDetail extends Customer {
  bookings: CustomerBooking[];
  avgSpendPerBookingCents: number;
  frequency12m: number;
  monetary12mCents: number;
  firstBookingDate: string | null;
  lastBookingDate: string | null;
  counts: { cancelled: number; confirmed: number; pending: number; completed: number };
}

export interface BulkResult {
  succeeded: string[];
  failed: { id: string; message: string }[];
}
