/** POST /api/bookings/admin: the form's checks in the spec's order, then one audited insert. */
import { badRequest, type AppContext } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { assertNoConflicts } from '../availability/conflicts.ts';
import { requireResource } from '../availability/resources.ts';
import { claimSlotOr409, spanFor } from '../availability/resource-slots.ts';
import { upsertCustomer } from '../customers/customer-store.ts';
import { paymentDetails } from '../status/payment.ts';
import { isBlocking, type BookingStatus } from '../status/transitions.ts';
import { oneOf, tenantOf } from '../shared/request.ts';
import { sqlParams } from '../shared/sql.ts';
import { venueToday } from '../shared/time.ts';
import { formColumns } from './booking-columns.ts';
import { nextBookingCode } from './booking-code.ts';
import { validateBookingForm, validateExtras } from './booking-form.ts';
import { publishBooking, reload } from './booking-row.ts';
import { addOnRequests, priceBooking } from './pricing.ts';
import { staffFields, TIERS } from './staff-fields.ts';

const SOURCES = ['website', 'admin', 'quotation'];
const CREATABLE = ['pending', 'tentative', 'confirmed', 'completed', 'cancelled'];

export async function createBooking(ctx: AppContext, deps: Deps, body: Record<string, unknown>) {
  const tx = ctx.state.tx;
  const tenantId = tenantOf(ctx);
  const settings = await deps.clients.tenantSettings(tenantId);
  const now = deps.now();
  const form = validateBookingForm(body, venueToday(now, settings.timezone));
  const resource = await requireResource(tx, deps.clients, tenantId, form.selectedHall);
  const extras = validateExtras(body, resource.capacity);
  const span = spanFor(form, resource, settings.timezone);
  await assertNoConflicts(tx, resource.id, span, null);

  const requested = typeof body.status === 'string' ? body.status.toLowerCase() : 'pending';
  if (!CREATABLE.includes(requested))
    throw badRequest('Status must be pending, tentative, confirmed, completed or cancelled.');
  const status = requested as BookingStatus;
  // The quote is the request's one wait on another service before it writes anything; it stays
  // after the conflict check, where the PostgreSQL race test holds requests (availability/race.test.ts).
  const priced = await priceBooking(
    deps.clients,
    tenantId,
    form,
    extras.estimatedPriceCents,
    addOnRequests(body) ?? [],
  );
  const tier = oneOf(body.customerTier, TIERS, 'standard');
  const customerId = await upsertCustomer(tx, tenantId, {
    name: form.customerName,
    email: form.customerEmail,
    phone: form.customerPhone,
    tier,
  });
  const code = await nextBookingCode(tx, tenantId, Number(form.bookingDate.slice(0, 4)));
  const payment =
    status === 'confirmed'
      ? paymentDetails({
          priceCents: priced.cents,
          taxType: 'inclusive',
          taxRatePercent: settings.taxRatePercent,
          depositType: 'None',
          depositValue: 0,
        })
      : null;
  const holdUntil =
    status === 'tentative' ? new Date(now.getTime() + settings.holdExpiryHours * 3_600_000) : null;
  const staff = staffFields(body);
  const { params, p } = sqlParams();
  const columns: Record<string, string> = {
    tenant_id: p(tenantId),
    booking_code: p(code),
    ...formColumns(
      {
        customerId,
        form,
        extras,
        resource,
        priced,
        description: String(body.additionalDescription ?? ''),
        span,
      },
      p,
    ),
    status: p(status),
    notes: p((staff.notes as string | undefined) ?? ''),
    booking_source: p(oneOf(body.bookingSource, SOURCES, 'admin')),
    quotation_id: p(typeof body.quotationId === 'string' ? body.quotationId : null),
    priority: p((staff.priority as string | undefined) ?? 'normal'),
    customer_tier: p(tier),
    bond_required: p(staff.bond_required ?? false),
    bond_cents: p(staff.bond_cents ?? 0),
    bond_paid: p(staff.bond_paid ?? false),
    docs: `COALESCE(${p((staff.docs as string | undefined) ?? null)}::jsonb, '{"idVerified":false,"insuranceVerified":false}'::jsonb)`,
    hold_expires_at: p(holdUntil),
    payment_details: p(payment ? JSON.stringify(payment) : null),
    cancelled_at: status === 'cancelled' ? 'now()' : 'NULL',
  };
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO bookings (${Object.keys(columns).join(', ')}) VALUES (${Object.values(columns).join(', ')}) RETURNING id`,
    params,
  );
  const id = rows[0]!.id;
  if (isBlocking(status)) await claimSlotOr409(tx, tenantId, id, resource.id, span);
  const row = await reload(tx, id);
  await tx.audit(ctx, {
    action: 'booking_created',
    targetType: 'booking',
    target: code,
    additionalInfo: `${form.customerName} · ${resource.name} · ${form.bookingDate} ${form.startTime}–${form.endTime}`,
  });
  return publishBooking(tx, 'booking.created', row, settings.timezone);
}
