/** A booking as stored and as the API returns it; loading one and announcing a change. */
import type { EventData } from '@venue/contracts';
import type {
  Booking,
  BookingSource,
  BookingStatus,
  CustomerTier,
  Priority,
} from '@venue/contracts/bookings';
import { notFound, type Queryable, type Tx } from '@venue/service-kit';
import { dateText, db } from '../db/query.ts';
import type { OnlineAnswer } from '../db/schema.ts';
import { isUuid } from '../shared/request.ts';
import { venueIso } from '../shared/time.ts';
import { depositCentsOf, paymentDetailsView, storedMoney, totalCentsOf } from '../status/payment.ts';

export interface BookingRow {
  tenant_id: string;
  id: string;
  booking_code: string;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  event_type: string;
  guest_count: number | null;
  booking_date: string;
  start_time: string;
  end_time: string;
  resource_id: string;
  resource_name: string;
  /** The table's CHECKs hold these columns to the API's values. */
  status: BookingStatus;
  estimated_price_cents: number | null;
  calculated_price_cents: number;
  price_details: Record<string, unknown>;
  add_ons: { id: string; name: string; quantity: number; priceCents: number }[];
  additional_description: string;
  notes: string;
  booking_source: BookingSource;
  quotation_id: string | null;
  priority: Priority;
  customer_tier: CustomerTier;
  bond_required: boolean;
  bond_cents: number;
  bond_paid: boolean;
  docs: { idVerified: boolean; insuranceVerified: boolean };
  hold_expires_at: Date | string | null;
  setup_buffer_minutes: number;
  packdown_buffer_minutes: number;
  starts_at: Date | string;
  ends_at: Date | string;
  payment_details: Record<string, unknown> | null;
  /** The stored money figures (migration 007, status/payment.ts); bigint columns may be text. */
  tax_type: string | null;
  tax_rate_bp: number | null;
  net_cents: number | string | null;
  gst_cents: number | string | null;
  total_cents: number | string | null;
  deposit_cents: number | string | null;
  final_due_cents: number | string | null;
  cancelled_at: Date | string | null;
  cancellation_reason: string | null;
  change_request: { message: string; at: string } | null;
  /** The recurring series the booking belongs to (migration 009); null for a one-off. */
  series_id: string | null;
  /** A booking requested on the venue's booking page (migration 021); all null otherwise. */
  online_answers: OnlineAnswer[] | null;
  agreement_version: number | null;
  agreement_accepted_at: Date | string | null;
  client_address: string | null;
  online_request_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * The bookings table as `b` with every column, the date rendered as text so both drivers give
 * the same shape (`b.*, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date`): a BookingRow.
 */
export function selectBookings(tx: Queryable) {
  return db(tx)
    .selectFrom('bookings as b')
    .selectAll('b')
    .select((eb) => dateText(eb.ref('b.booking_date')).as('booking_date'));
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const dollars = (c: number | null) => (c === null ? null : Math.round(c) / 100);

/** The stored total (or the price) less a deposit marked paid; mirrors BALANCE_SQL. */
export function balanceDue(r: BookingRow): number {
  const pd = r.payment_details as { deposit_paid?: boolean } | null;
  return totalCentsOf(r) - (pd?.deposit_paid ? depositCentsOf(r) : 0);
}

/** The booking as the API answers it: the contract's Booking (the compiler holds the two together). */
export function toBooking(r: BookingRow, timeZone: string): Booking {
  const pd = r.payment_details as {
    deposit_type?: string;
    deposit_value?: number;
    deposit_amount?: number;
    tax?: { tax_type?: string };
  } | null;
  return {
    id: r.id,
    bookingCode: r.booking_code,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    eventType: r.event_type,
    guestCount: r.guest_count,
    bookingDate: r.booking_date,
    startTime: r.start_time,
    endTime: r.end_time,
    resourceId: r.resource_id,
    selectedHall: r.resource_id,
    hallId: r.resource_id,
    resourceName: r.resource_name,
    hallName: r.resource_name,
    status: r.status,
    estimatedPriceCents: r.estimated_price_cents,
    estimatedPrice: dollars(r.estimated_price_cents),
    calculatedPriceCents: r.calculated_price_cents,
    calculatedPrice: dollars(r.calculated_price_cents),
    priceDetails: r.price_details,
    addOns: r.add_ons,
    additionalDescription: r.additional_description,
    notes: r.notes,
    bookingSource: r.booking_source,
    quotationId: r.quotation_id,
    priority: r.priority,
    customerTier: r.customer_tier,
    bondRequired: r.bond_required,
    bondCents: r.bond_cents,
    bondPaid: r.bond_paid,
    docs: r.docs,
    holdExpiresAt: iso(r.hold_expires_at),
    setupBufferMinutes: r.setup_buffer_minutes,
    packdownBufferMinutes: r.packdown_buffer_minutes,
    startsAt: venueIso(new Date(r.starts_at), timeZone),
    endsAt: venueIso(new Date(r.ends_at), timeZone),
    payment_details: paymentDetailsView(r),
    /** Net, GST, total, deposit and final due as stored; every screen shows these. */
    money: storedMoney(r),
    balanceDueCents: balanceDue(r),
    depositType: pd?.deposit_type ?? 'None',
    depositValue: pd?.deposit_value ?? 0,
    depositAmount: pd?.deposit_amount ?? 0,
    taxType: pd?.tax?.tax_type ?? null,
    cancelledAt: iso(r.cancelled_at),
    cancellationReason: r.cancellation_reason,
    changeRequest: r.change_request,
    seriesId: r.series_id ?? null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    hallOwnerId: r.tenant_id,
    title: `${r.event_type} - ${r.customer_name}`,
    onlineRequest: onlineRequestOf(r),
  };
}

/** What a booking made on the booking page keeps for staff (issue 25), or null. */
export function onlineRequestOf(r: BookingRow): Booking['onlineRequest'] {
  if (r.agreement_version === null || r.agreement_accepted_at === null) return null;
  return {
    answers: r.online_answers ?? [],
    agreementVersion: r.agreement_version,
    acceptedAt: new Date(r.agreement_accepted_at).toISOString(),
    clientAddress: r.client_address ?? '',
  };
}
export type { Booking };

export async function findBooking(tx: Tx, id: string): Promise<BookingRow | null> {
  if (!isUuid(id)) return null;
  // The tenant stated as well as left to row-level security, so the primary key serves it
  // (a system transaction, such as the hold sweep's, has no tenant and looks up by id).
  const tenantId = tx.tenantId;
  const row = await selectBookings(tx)
    .$if(Boolean(tenantId), (qb) => qb.where('b.tenant_id', '=', tenantId!))
    .where('b.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function reload(tx: Tx, id: string): Promise<BookingRow> {
  const row = await findBooking(tx, id);
  if (!row) throw notFound('Booking not found');
  return row;
}

/** How a booking is named to people: "Smith Wedding" (customer, then event type). */
export function bookingName(customer: string, eventType: string): string {
  return [customer.trim(), eventType.trim()].filter(Boolean).join(' ') || 'another booking';
}

/** The audit log's label of a booking: "Booking HH-2027-0023 — Smith Wedding". */
export function bookingLabel(r: Pick<BookingRow, 'booking_code' | 'customer_name' | 'event_type'>): string {
  return `Booking ${r.booking_code} — ${bookingName(r.customer_name, r.event_type)}`;
}

/** Publishes the booking in the API shape (plus `extra`, the event's own fields) and returns that shape. */
export async function publishBooking<
  T extends 'booking.created' | 'booking.updated' | 'booking.status_changed',
>(tx: Tx, type: T, row: BookingRow, timeZone: string, extra: Partial<EventData<T>> = {}) {
  const booking = toBooking(row, timeZone);
  // The row's status is text to TypeScript; the table's CHECK and `publish`'s schema check hold it.
  await tx.publish(type, { ...booking, ...extra } as EventData<T>);
  return booking;
}
