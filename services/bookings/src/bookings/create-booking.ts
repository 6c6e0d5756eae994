/**
 * POST /api/bookings/admin: the form's checks in the spec's order, then one audited insert.
 * The catalogue is asked between two transactions, never inside one (no connection waits on it).
 */
import { badRequest, inRequestTx, type AppContext, type Tx } from '@venue/service-kit';
import type { BookingSource } from '@venue/contracts/bookings';
import { db, NOW } from '../db/query.ts';
import type { OnlineAnswer } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { assertNoConflicts } from '../availability/conflicts.ts';
import { localResource, resolveResource, upsertResource, usableResource } from '../availability/resources.ts';
import { claimSlotOr409, spanFor } from '../availability/resource-slots.ts';
import { upsertCustomer } from '../customers/customer-store.ts';
import { refreshCustomerSummary } from '../customers/customer-summary.ts';
import type { CatalogueResource } from '../remote/clients.ts';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { paymentDetails, pricingTerms } from '../status/payment.ts';
import { isBlocking, type BookingStatus } from '../status/transitions.ts';
import { oneOf, tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { formValues } from './booking-columns.ts';
import { nextBookingCode } from './booking-code.ts';
import { validateBookingForm, validateExtras, type BookingForm } from './booking-form.ts';
import { bookingLabel, publishBooking, reload } from './booking-row.ts';
import { addOnRequests, priceBooking, type Priced } from './pricing.ts';
import { staffFields, TIERS } from './staff-fields.ts';

const SOURCES = ['website', 'admin', 'quotation'];
const CREATABLE = ['pending', 'tentative', 'confirmed', 'completed', 'cancelled'];

export async function createBooking(ctx: AppContext, deps: Deps, body: Record<string, unknown>) {
  const tenantId = tenantOf(ctx);
  const now = deps.now();
  // 1. A short read: the venue's settings (503 without bookings' copy), rules 1–6 on the venue's
  //    date and, when bookings knows the resource, rule 7, so a clash costs no catalogue call.
  const first = await inRequestTx(ctx, async (tx) => {
    const settings = await tenantSettings(tx, tenantId);
    const form = validateBookingForm(body, venueToday(now, settings.timezone), { country: settings.country });
    const known = await localResource(tx, form.selectedHall);
    if (known) {
      const resource = usableResource(known);
      validateExtras(body, resource.capacity);
      await assertNoConflicts(tx, resource.id, spanFor(form, resource, settings), null);
    }
    return { settings, form, known };
  });
  const { settings, form } = first;
  // 2. The catalogue, with no transaction open: a resource bookings has no copy of yet, the quote.
  const { resource: found, fetched } = await resolveResource(
    deps.clients,
    tenantId,
    form.selectedHall,
    first.known,
  );
  const resource = usableResource(found);
  const extras = validateExtras(body, resource.capacity);
  const status = creatableStatus(body);
  // The race test holds requests here (availability/race.test.ts): past the application's
  // check, before the write transaction, where only the exclusion constraint decides.
  const priced = await priceBooking(
    deps.clients,
    tenantId,
    form,
    extras.estimatedPriceCents,
    addOnRequests(body) ?? [],
    pricingTerms(settings),
  );
  // 3. The write, checked again: another booking may have taken the time meanwhile.
  return inRequestTx(ctx, (tx) =>
    insertBooking(ctx, tx, {
      tenantId,
      now,
      body,
      settings,
      form,
      resource,
      fetched,
      extras,
      status,
      priced,
    }),
  );
}

/** The status a new booking is created with (pending unless the body says otherwise). */
export function creatableStatus(body: Record<string, unknown>): BookingStatus {
  const requested = typeof body.status === 'string' ? body.status.toLowerCase() : 'pending';
  if (!CREATABLE.includes(requested))
    throw badRequest('Status must be pending, tentative, confirmed, completed or cancelled.');
  return requested as BookingStatus;
}

export interface NewBooking {
  tenantId: string;
  now: Date;
  body: Record<string, unknown>;
  settings: TenantSettings;
  form: BookingForm;
  resource: CatalogueResource;
  fetched: CatalogueResource[];
  extras: ReturnType<typeof validateExtras>;
  status: BookingStatus;
  priced: Priced;
  /** The recurring series the booking is one date of (recurring-routes.ts). */
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
  await assertNoConflicts(tx, resource.id, span, null);
  const tier = oneOf(body.customerTier, TIERS, 'standard');
  const customerId = await upsertCustomer(tx, tenantId, {
    name: form.customerName,
    email: form.customerEmail,
    phone: form.customerPhone,
    tier,
  });
  const code = await nextBookingCode(tx, tenantId, Number(form.bookingDate.slice(0, 4)));
  // Created confirmed (e.g. an accepted quotation): the tenant's terms, no deposit yet.
  const payment = status === 'confirmed' && priced.money ? paymentDetails(priced.money) : null;
  const holdUntil =
    status === 'tentative'
      ? new Date(now.getTime() + (n.holdHours ?? settings.holdExpiryHours) * 3_600_000)
      : null;
  const staff = staffFields(body);
  const inserted = await db(tx)
    .insertInto('bookings')
    .values({
      tenant_id: tenantId,
      booking_code: code,
      ...formValues({
        customerId,
        form,
        extras,
        resource,
        priced,
        description: String(body.additionalDescription ?? ''),
        span,
      }),
      status,
      notes: staff.notes ?? '',
      booking_source: oneOf<BookingSource>(body.bookingSource, SOURCES, 'admin'),
      quotation_id: typeof body.quotationId === 'string' ? body.quotationId : null,
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
      ...(n.online
        ? {
            online_answers: JSON.stringify(n.online.answers),
            agreement_version: n.online.agreementVersion,
            agreement_accepted_at: n.online.acceptedAt.toISOString(),
            client_address: n.online.clientAddress,
            online_request_id: n.online.requestId,
          }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = inserted.id;
  await refreshCustomerSummary(tx, tenantId, [customerId], now, settings.timezone);
  if (isBlocking(status)) await claimSlotOr409(tx, tenantId, id, resource.id, span);
  const row = await reload(tx, id);
  await tx.audit(ctx, {
    action: 'booking_created',
    targetType: 'booking',
    target: code,
    targetLabel: bookingLabel(row),
    additionalInfo: `${form.customerName} · ${resource.name} · ${form.bookingDate} ${form.startTime}–${form.endTime}`,
    ...(n.actor ? { actor: n.actor, tenantId } : {}),
  });
  return publishBooking(tx, 'booking.created', row, settings.timezone);
}
