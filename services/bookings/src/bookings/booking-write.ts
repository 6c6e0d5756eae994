/**
 * The row of a booking as its body decides it: the create's INSERT (insertBooking, which a
 * series, the booking page and money's accepted quotation call too), and the columns the edit's
 * UPDATE writes alike (formValues, staffColumns).
 */
import { randomUUID } from 'node:crypto';
import { sql, type AppContext, type Tx } from '@venue/service-kit';
import type { BookingEdit } from '@venue/contracts/bookings';
import { dateText, NOW } from '../db/query.ts';
import type { OnlineAnswer } from '../db/schema.ts';
import { assertNoBlockouts, assertNoConflicts } from '../availability/conflicts.ts';
import { upsertResource } from '../availability/resources.ts';
import { claimSlotOr409, spanFor } from '../availability/resource-slots.ts';
import { upsertCustomer } from '../customers/customer-store.ts';
import { refreshCustomerSummary } from '../customers/customer-summary.ts';
import type { CatalogueResource } from '../remote/clients.ts';
import type { TenantSettings } from '../remote/tenant-settings.ts';
import { moneyValues, paymentDetails } from '../status/payment.ts';
import { isBlocking, type BookingStatus } from '../status/transitions.ts';
import { codeFromClaim, withCodeClaim } from './booking-code.ts';
import { bookingLabel, publishBooking, type BookingRow } from './booking-row.ts';
import type { BookingForm } from './create-booking.ts';
import type { Priced } from './pricing.ts';

/** The fields only staff set (bond, documents, priority, tier, notes). */
type StaffFields = Pick<
  BookingEdit,
  'bondRequired' | 'bondCents' | 'bondPaid' | 'docs' | 'priority' | 'customerTier' | 'notes'
>;

/**
 * What a new row takes from its body besides the form: the staff fields, the source, the
 * quotation and the description. A create's parsed body is one; the booking page passes its own.
 */
export type RowFields = StaffFields &
  Pick<BookingEdit, 'bookingSource' | 'quotationId' | 'additionalDescription'>;

export interface NewBooking {
  tenantId: string;
  now: Date;
  body: RowFields;
  settings: TenantSettings;
  form: BookingForm;
  resource: CatalogueResource;
  fetched: CatalogueResource[];
  extras: { guestCount: number | null; estimatedPriceCents: number | null };
  status: BookingStatus;
  priced: Priced;
  /** The recurring series the booking is one date of (recurring.ts). */
  seriesId?: string;
  /** A tentative booking's hold in hours (default: the venue's hold expiry setting). */
  holdHours?: number;
  /** A request from the venue's booking page (issue 25): what it keeps for staff. */
  online?: OnlineColumns;
  /** Who acted when no staff member did (a customer on the booking page); the audit's actor. */
  actor?: { id: string | null; email: string | null; role: string | null };
}

/** What a booking made on the booking page stores (migration 021). */
export interface OnlineColumns {
  answers: OnlineAnswer[];
  agreementVersion: number;
  acceptedAt: Date;
  clientAddress: string;
  requestId: string | null;
}

/** The write of one new booking, in the caller's transaction; recurring series call it per date. */
export async function insertBooking(ctx: AppContext, tx: Tx, n: NewBooking) {
  const { tenantId, now, body, settings, form, resource, extras, status, priced } = n;
  for (const r of n.fetched) await upsertResource(tx, tenantId, r);
  const span = spanFor(form, resource, settings);
  // A blocking booking's clash with another is the slot claim's to find (below); a booking that
  // holds no slot (created cancelled or completed) is still refused on a clash, as before.
  if (isBlocking(status)) await assertNoBlockouts(tx, resource.id, span);
  else await assertNoConflicts(tx, resource.id, span, null);
  // The id is chosen here so that the slot is claimed (or the clash answered) before the venue's
  // booking counter and totals rows are locked: those are held until commit, and every create
  // of the venue waits for them, so the less that runs after them the more creates a second.
  const id = randomUUID();
  if (isBlocking(status)) await claimSlotOr409(tx, tenantId, id, resource.id, span, { fresh: true });
  const tier = body.customerTier ?? 'standard';
  const customerId = await upsertCustomer(tx, tenantId, {
    name: form.customerName,
    email: form.customerEmail,
    phone: form.customerPhone,
    tier,
  });
  const year = Number(form.bookingDate.slice(0, 4));
  // Created confirmed (e.g. an accepted quotation): the tenant's terms, no deposit yet.
  const payment = status === 'confirmed' && priced.money ? paymentDetails(priced.money) : null;
  const holdUntil =
    status === 'tentative'
      ? new Date(now.getTime() + (n.holdHours ?? settings.holdExpiryHours) * 3_600_000)
      : null;
  const staff = staffColumns(body);
  // The code is claimed in the INSERT itself (withCodeClaim): one statement while the counter is locked.
  const inserted = await withCodeClaim(tx, tenantId, year)
    .insertInto('bookings')
    .values({
      tenant_id: tenantId,
      id,
      booking_code: codeFromClaim(year),
      ...formValues({
        customerId,
        form,
        extras,
        resource,
        priced,
        description: body.additionalDescription ?? '',
        span,
      }),
      status,
      notes: staff.notes ?? '',
      booking_source: body.bookingSource ?? 'admin',
      quotation_id: body.quotationId ?? null,
      priority: staff.priority ?? 'normal',
      customer_tier: tier,
      bond_required: staff.bond_required ?? false,
      bond_cents: staff.bond_cents ?? 0,
      bond_paid: staff.bond_paid ?? false,
      docs: staff.docs ?? JSON.stringify({ idVerified: false, insuranceVerified: false }),
      hold_expires_at: holdUntil,
      payment_details: payment ? JSON.stringify(payment) : null,
      cancelled_at: status === 'cancelled' ? NOW : null,
      series_id: n.seriesId ?? null,
      ...(n.online ? onlineValues(n.online) : {}),
    })
    // The row as `reload` reads it (the summary and the slot below do not change it), without
    // reading it again.
    .returningAll()
    .returning((eb) => dateText(eb.ref('booking_date')).as('booking_date'))
    .executeTakeFirstOrThrow();
  const row = inserted as BookingRow;
  await refreshCustomerSummary(tx, tenantId, [customerId], now, settings.timezone);
  await tx.audit(ctx, {
    action: 'booking_created',
    targetType: 'booking',
    target: row.booking_code,
    targetLabel: bookingLabel(row),
    additionalInfo: `${form.customerName} · ${resource.name} · ${form.bookingDate} ${form.startTime}–${form.endTime}`,
    ...(n.actor ? { actor: n.actor, tenantId } : {}),
  });
  return publishBooking(tx, 'booking.created', row, settings.timezone);
}

/** A booking page request's columns (migration 021). */
function onlineValues(online: OnlineColumns) {
  return {
    online_answers: JSON.stringify(online.answers),
    agreement_version: online.agreementVersion,
    agreement_accepted_at: online.acceptedAt.toISOString(),
    client_address: online.clientAddress,
    online_request_id: online.requestId,
  };
}

export interface FormValues {
  customerId: string;
  form: BookingForm;
  extras: { guestCount: number | null; estimatedPriceCents: number | null };
  resource: { id: string; name: string };
  priced: Priced;
  description: string;
  span: ReturnType<typeof spanFor>;
}

/** The form's columns and their values, alike for the INSERT and the edit's UPDATE. */
export function formValues(v: FormValues) {
  const { form, extras, span } = v;
  return {
    customer_id: v.customerId,
    customer_name: form.customerName,
    customer_email: form.customerEmail,
    customer_phone: form.customerPhone,
    event_type: form.eventType,
    guest_count: extras.guestCount,
    booking_date: form.bookingDate,
    start_time: form.startTime,
    end_time: form.endTime,
    resource_id: v.resource.id,
    resource_name: v.resource.name,
    estimated_price_cents: extras.estimatedPriceCents,
    calculated_price_cents: v.priced.cents,
    price_details: JSON.stringify(v.priced.details),
    add_ons: JSON.stringify(v.priced.addOns),
    additional_description: v.description.slice(0, 5000),
    setup_buffer_minutes: span.setup,
    packdown_buffer_minutes: span.packdown,
    starts_at: span.startsAt.toISOString(),
    ends_at: span.endsAt.toISOString(),
    // sql: a range value (the slot), which the builder has no constructor for
    slot: sql<string>`tstzrange(${span.slotStart.toISOString()}::timestamptz, ${span.slotEnd.toISOString()}::timestamptz)`,
    // a new price brings its stored figures (migration 007); an edit that keeps the price keeps them
    ...(v.priced.money ? moneyValues(v.priced.money) : {}),
  };
}

/** The staff columns a body sets, as written (docs as JSON text); an edit writes only these. */
export interface StaffColumns {
  bond_required?: boolean;
  bond_cents?: number;
  bond_paid?: boolean;
  docs?: string;
  priority?: NonNullable<StaffFields['priority']>;
  customer_tier?: NonNullable<StaffFields['customerTier']>;
  notes?: string;
}

/**
 * The contract typed and bounded each value already (an unknown tier or a 6,000-character note
 * was a 400 naming the field), so absent is the only case left to skip.
 */
export function staffColumns(body: StaffFields): StaffColumns {
  const set: StaffColumns = {};
  if (body.bondRequired !== undefined) set.bond_required = body.bondRequired;
  if (body.bondCents !== undefined) set.bond_cents = body.bondCents;
  if (body.bondPaid !== undefined) set.bond_paid = body.bondPaid;
  if (body.docs !== undefined)
    set.docs = JSON.stringify({
      idVerified: body.docs.idVerified === true,
      insuranceVerified: body.docs.insuranceVerified === true,
    });
  if (body.priority !== undefined) set.priority = body.priority;
  if (body.customerTier !== undefined) set.customer_tier = body.customerTier;
  if (body.notes !== undefined) set.notes = body.notes;
  return set;
}
