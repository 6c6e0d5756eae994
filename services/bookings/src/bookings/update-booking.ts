/**
 * PUT /api/bookings/:id (and the calendar's move): the form's edit under the same rules
 * (excluding itself), staff fields, or the deposit-paid flag. Every check and the price quote
 * come before the first write, and the catalogue is asked between a read transaction and the
 * write transaction, so no connection or row lock waits on it.
 */
import type { BookingEdit } from '@venue/contracts/bookings';
import { conflict, HttpError, inRequestTx, type AppContext, type Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { assertNoConflicts, conflictError } from '../availability/conflicts.ts';
import { localResource, resolveResource, upsertResource, usableResource } from '../availability/resources.ts';
import { claimSlotOr409, releaseBookingSlot, spanFor } from '../availability/resource-slots.ts';
import { upsertCustomer } from '../customers/customer-store.ts';
import { refreshCustomerSummary } from '../customers/customer-summary.ts';
import type { CatalogueResource } from '../remote/clients.ts';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { tenantOf } from '../shared/request.ts';
import { pricingTerms } from '../status/payment.ts';
import { applyBookingMoney } from '../money/money-copy.ts';
import { lockUnchanged, transition } from '../status/transition.ts';
import { isBlocking } from '../status/transitions.ts';
import { bookingLabel, publishBooking, reload, type BookingRow } from './booking-row.ts';
import { formValues, staffColumns, type FormValues, type StaffColumns } from './booking-write.ts';
import { checkBooking, fitsHall, venueRules, type BookingForm } from './create-booking.ts';
import { priceBooking } from './pricing.ts';

type Changes = Record<string, { old: unknown; new: unknown }>;

/** The fields that make a body an edit of the form (the rest are staff fields and the deposit flag). */
const FORM_KEYS = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'eventType',
  'selectedHall',
  'resourceId',
  'bookingDate',
  'startTime',
  'endTime',
  'additionalDescription',
  'estimatedPrice',
  'guestCount',
  'addOns',
  'addOnIds',
  'status',
] as const satisfies ReadonlyArray<keyof BookingEdit>;

/** Form fields whose change the audit records, as [form key, column]. */
const AUDITED: ReadonlyArray<readonly [keyof BookingForm | 'guestCount', keyof BookingRow]> = [
  ['bookingDate', 'booking_date'],
  ['startTime', 'start_time'],
  ['endTime', 'end_time'],
  ['selectedHall', 'resource_id'],
  ['customerName', 'customer_name'],
  ['guestCount', 'guest_count'],
  ['eventType', 'event_type'],
];

/** Money records the deposit as paid or not (a payment or a reversal) and answers the booking's money. */
async function handOverDeposit(
  ctx: AppContext,
  deps: Deps,
  tenantId: string,
  id: string,
  depositPaid: boolean,
) {
  const p = ctx.state.principal!;
  const answer = deps.clients.setDeposit
    ? await deps.clients.setDeposit(tenantId, id, depositPaid, { id: p.userId, email: p.email, role: p.role })
    : null;
  if (!answer)
    throw new HttpError(
      503,
      'Invoices & deposits is unavailable, so the deposit was not changed. Try again in a minute.',
    );
  if (!answer.ok) throw new HttpError(answer.status, answer.message);
  return answer.bookingMoney;
}

export async function updateBooking(ctx: AppContext, deps: Deps, id: string, body: BookingEdit) {
  const tenantId = tenantOf(ctx);
  const depositPaid = body.payment_details?.deposit_paid;
  const staff = staffColumns(body);
  const isEdit = FORM_KEYS.some((k) => body[k] !== undefined);
  // 1. A short read: the venue's settings (503 without bookings' copy), the booking, and the
  //    edit's checks that need only bookings' tables.
  const read = await inRequestTx(ctx, async (tx) => {
    const settings = await tenantSettings(tx, tenantId);
    const before = await reload(tx, id);
    if (depositPaid !== undefined && !before.payment_details)
      throw conflict('This booking has no payment details yet. Confirm it first.');
    const draft = isEdit ? await draftEdit(tx, deps, settings, before, body) : null;
    return { settings, before, draft };
  });
  const { settings, before } = read;
  // 2. The catalogue, with no transaction open: a resource bookings has no copy of, the quote.
  const edit = read.draft ? await planEdit(deps, tenantId, settings, before, read.draft, body, staff) : null;
  // The deposit flag is money's fact (decision 32): handed over, and the answer kept as the copy.
  const money =
    depositPaid === undefined ? null : await handOverDeposit(ctx, deps, tenantId, id, depositPaid);

  // 3. The writes hold the row and require its status unchanged since step 1, so an edit or
  //    move never lands on a booking cancelled or confirmed meanwhile.
  return inRequestTx(ctx, async (tx) => {
    await lockUnchanged(tx, before);
    const changes: Changes = {};
    if (depositPaid !== undefined && money) {
      await applyBookingMoney(tx, tenantId, money);
      changes.deposit_paid = {
        old: (before.payment_details as { deposit_paid?: boolean }).deposit_paid ?? false,
        new: money.depositPaid,
      };
    }
    const staffKeys = Object.keys(staff) as (keyof typeof staff)[];
    if (staffKeys.length > 0) {
      // The row is locked above; the tenant stated as well as row-level security's.
      await db(tx)
        .updateTable('bookings')
        .set({ ...staff, updated_at: NOW })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      for (const k of staffKeys) changes[k] = { old: before[k], new: staff[k] };
    }
    if (edit) {
      for (const r of edit.fetched) await upsertResource(tx, tenantId, r);
      // checked again: another booking may have taken the time while the catalogue was asked
      if (edit.reclaims) await assertNoConflicts(tx, edit.values.resource.id, edit.values.span, before.id);
      await applyEdit(ctx, tx, deps, settings, before, edit, changes);
    }

    const row = await reload(tx, id);
    await tx.audit(ctx, {
      action: 'booking_updated',
      targetType: 'booking',
      target: row.booking_code,
      targetLabel: bookingLabel(row),
      changes,
    });
    return publishBooking(tx, 'booking.updated', row, settings.timezone);
  });
}

type Draft = Awaited<ReturnType<typeof draftEdit>>;
type Edit = Awaited<ReturnType<typeof planEdit>>;

/**
 * The form merged over the booking, rules 1–6, and the resource from bookings' copy; when that
 * copy has it, capacity and rule 7 too, so a clash is answered before the catalogue is asked.
 */
async function draftEdit(
  tx: Tx,
  deps: Deps,
  settings: TenantSettings,
  before: BookingRow,
  body: BookingEdit,
) {
  const merged: BookingEdit = {
    customerName: before.customer_name,
    customerEmail: before.customer_email,
    customerPhone: before.customer_phone,
    eventType: before.event_type,
    selectedHall: before.resource_id,
    bookingDate: before.booking_date,
    startTime: before.start_time,
    endTime: before.end_time,
    additionalDescription: before.additional_description,
    estimatedPrice: before.estimated_price_cents === null ? null : before.estimated_price_cents / 100,
    guestCount: before.guest_count,
    ...body,
  };
  if (body.resourceId !== undefined && body.selectedHall === undefined) merged.selectedHall = body.resourceId;
  const moved =
    String(merged.bookingDate) !== before.booking_date ||
    String(merged.startTime) !== before.start_time ||
    String(merged.endTime) !== before.end_time ||
    String(merged.selectedHall) !== before.resource_id;
  const checked = checkBooking(merged, {
    ...venueRules(settings, deps.now()),
    checkPast: moved,
    // the phone as stored (or sent back as stored) is not read again: see BookingRuleOptions
    checkPhone: (merged.customerPhone ?? '').trim() !== before.customer_phone,
  });
  const { form } = checked;
  const known = moved ? await localResource(tx, form.selectedHall) : await currentResource(tx, before);
  // Only a booking that holds time can clash; a finished one may be corrected freely.
  const reclaims = moved && isBlocking(before.status);
  if (known) {
    const resource = fitsHall(checked, moved ? usableResource(known) : known);
    if (reclaims) await assertNoConflicts(tx, resource.id, spanFor(form, resource, settings), before.id);
  }
  return { merged, moved, checked, known, reclaims };
}

/** The rest of the edit, with no transaction open: the resource if bookings lacks it, the price. */
async function planEdit(
  deps: Deps,
  tenantId: string,
  settings: TenantSettings,
  before: BookingRow,
  draft: Draft,
  body: BookingEdit,
  staff: StaffColumns,
) {
  const { merged, moved, checked, reclaims } = draft;
  const { form } = checked;
  const { resource: found, fetched } = moved
    ? await resolveResource(deps.clients, tenantId, form.selectedHall, draft.known)
    : { resource: draft.known, fetched: [] };
  const resource = fitsHall(checked, moved ? usableResource(found) : found!);
  const extras = { guestCount: checked.guestCount, estimatedPriceCents: checked.estimatedPriceCents };
  const span = spanFor(form, resource, settings);
  // Only the edit's own add-ons are merged in: none named, the booking keeps its own.
  const addOns = checked.addOns;
  const repriced =
    moved || addOns !== undefined || extras.estimatedPriceCents !== before.estimated_price_cents;
  const priced = repriced
    ? await priceBooking(
        deps.clients,
        tenantId,
        form,
        extras.estimatedPriceCents,
        addOns ?? before.add_ons.map((a) => ({ id: a.id, quantity: a.quantity })),
        pricingTerms(settings, before),
      )
    : { cents: before.calculated_price_cents, details: before.price_details, addOns: before.add_ons };
  const values: Omit<FormValues, 'customerId'> = {
    form,
    extras,
    resource,
    priced,
    description: merged.additionalDescription ?? '',
    span,
  };
  const status = body.status?.toLowerCase();
  return {
    values,
    reclaims,
    fetched,
    tier: staff.customer_tier ?? before.customer_tier,
    status: status !== before.status ? status : undefined,
  };
}

/** The booking's own resource as it stands (its buffers as booked, today's capacity). */
async function currentResource(tx: Tx, before: BookingRow): Promise<CatalogueResource> {
  const cap = await db(tx)
    .selectFrom('resources')
    .select('capacity')
    .where('tenant_id', '=', before.tenant_id)
    .where('id', '=', before.resource_id)
    .executeTakeFirst();
  return {
    id: before.resource_id,
    name: before.resource_name,
    capacity: cap?.capacity ?? 0,
    status: 'active',
    setupBufferMinutes: before.setup_buffer_minutes,
    packdownBufferMinutes: before.packdown_buffer_minutes,
    applyBuffers: true,
  };
}

async function applyEdit(
  ctx: AppContext,
  tx: Tx,
  deps: Deps,
  settings: TenantSettings,
  before: BookingRow,
  edit: Edit,
  changes: Changes,
) {
  const { form, extras, resource, span } = edit.values;
  const customerId = await upsertCustomer(tx, tenantOf(ctx), {
    name: form.customerName,
    email: form.customerEmail,
    phone: form.customerPhone,
    tier: edit.tier,
  });
  await db(tx)
    .updateTable('bookings')
    .set({ ...formValues({ ...edit.values, customerId }), updated_at: NOW })
    .where('tenant_id', '=', before.tenant_id)
    .where('id', '=', before.id)
    .execute();
  await refreshCustomerSummary(
    tx,
    tenantOf(ctx),
    [customerId, before.customer_id],
    deps.now(),
    settings.timezone,
  );
  if (edit.reclaims) {
    try {
      await releaseBookingSlot(tx, tenantOf(ctx), before.id);
      await claimSlotOr409(tx, tenantOf(ctx), before.id, resource.id, span);
    } catch (err) {
      // Giving the old slot back re-claims waiting block-outs, which can meet a racing move's
      // insert in the exclusion constraint (23P01) or a deadlock (40P01): the other request won
      // the time, so this one answers the same 409 as a taken slot (and rolls back), never a 500.
      const code = (err as { code?: string }).code;
      if (code === '23P01' || code === '40P01') throw conflictError({ conflicts: [], blockouts: [] });
      throw err;
    }
  }
  for (const [k, col] of AUDITED) {
    const old = before[col];
    const now = k === 'guestCount' ? extras.guestCount : form[k];
    if (now !== undefined && String(old) !== String(now)) changes[col] = { old, new: now };
  }
  if (edit.status) await transition(ctx, deps, before.id, edit.status, { settings }, tx);
}
