/** Booking writes: create, edit, move and status transitions, each audited and published. */
import { badRequest, conflict, notFound, type AppContext, type Tx } from '@venue/service-kit';
import type { BookingClients, CatalogueResource, TenantSettings } from './clients.ts';
import {
  claimBookingSlot,
  conflictError,
  findBooking,
  findConflicts,
  nextBookingCode,
  releaseBookingSlot,
  requireResource,
  toBooking,
  upsertCustomer,
  BOOKING_COLUMNS,
  type BookingRow,
} from './booking-store.ts';
import { validateBookingForm, validateExtras, type BookingForm } from './booking-form.ts';
import { paymentDetails, type DepositType, type TaxType } from './payment.ts';
import { bookingSpan, venueToday } from './time.ts';
import { canTransition, isBlocking, STATUSES, transitionRefusal, type BookingStatus } from './transitions.ts';

export interface Deps {
  clients: BookingClients;
  now: () => Date;
}

export const HOLD_HOURS = [24, 48, 72, 168] as const;
const SOURCES = ['website', 'admin', 'quotation'];
const PRIORITIES = ['high', 'medium', 'normal'];
const TIERS = ['premium', 'business', 'standard', 'nonprofit'];

const pick = <T extends string>(v: unknown, allowed: readonly string[], d: T): T =>
  typeof v === 'string' && allowed.includes(v) ? (v as T) : d;

interface AddOnRequest {
  id: string;
  quantity: number;
}

function addOnRequests(body: Record<string, unknown>): AddOnRequest[] | undefined {
  if (Array.isArray(body.addOns)) {
    return (body.addOns as Array<{ id?: unknown; quantity?: unknown }>)
      .filter((a) => typeof a?.id === 'string')
      .map((a) => ({ id: String(a.id), quantity: Math.max(1, Math.round(Number(a.quantity ?? 1)) || 1) }));
  }
  if (Array.isArray(body.addOnIds))
    return (body.addOnIds as unknown[]).map((id) => ({ id: String(id), quantity: 1 }));
  return undefined;
}

async function price(
  deps: Deps,
  tenantId: string,
  form: BookingForm,
  estimatedPriceCents: number | null,
  addOns: AddOnRequest[],
) {
  const quote = await deps.clients.priceQuote(tenantId, {
    resourceId: form.selectedHall,
    date: form.bookingDate,
    startTime: form.startTime,
    endTime: form.endTime,
    addOns,
  });
  const quotedAddOns = quote?.addOns ?? [];
  if (estimatedPriceCents !== null) {
    return {
      cents: estimatedPriceCents,
      details: { override: true, estimatedPriceCents, quote },
      addOns: quotedAddOns,
    };
  }
  if (!quote) {
    // Decision (README): the booking is still taken; staff see the note and set the price.
    return {
      cents: 0,
      details: {
        unavailable:
          "The price could not be calculated: the catalogue's price quote was unavailable. Set the price by editing the booking.",
      },
      addOns: [] as typeof quotedAddOns,
    };
  }
  return { cents: Math.round(Number(quote.calculatedPriceCents) || 0), details: quote, addOns: quotedAddOns };
}

function spanFor(form: BookingForm, resource: CatalogueResource, settings: TenantSettings) {
  const setup = resource.applyBuffers ? resource.setupBufferMinutes : 0;
  const packdown = resource.applyBuffers ? resource.packdownBufferMinutes : 0;
  return {
    setup,
    packdown,
    ...bookingSpan(form.bookingDate, form.startTime, form.endTime, settings.timezone, setup, packdown),
  };
}

async function holdSlotOr409(
  tx: Tx,
  tenantId: string,
  id: string,
  resourceId: string,
  span: { slotStart: Date; slotEnd: Date },
) {
  let ok: boolean;
  try {
    ok = await claimBookingSlot(tx, tenantId, id, resourceId, span.slotStart, span.slotEnd);
  } catch (err) {
    // 23P01 exclusion / 40P01 deadlock between racing inserts: someone else got the slot.
    const code = (err as { code?: string }).code;
    if (code === '23P01' || code === '40P01') throw conflictError({ conflicts: [], blockouts: [] });
    throw err;
  }
  if (!ok) throw conflictError(await findConflicts(tx, resourceId, span.slotStart, span.slotEnd, id));
}

export async function reload(tx: Tx, id: string): Promise<BookingRow> {
  const row = await findBooking(tx, id);
  if (!row) throw notFound('Booking not found');
  return row;
}

export async function publishBooking(
  tx: Tx,
  ctx: AppContext | null,
  type: string,
  row: BookingRow,
  tz: string,
  extra: Record<string, unknown> = {},
) {
  const booking = toBooking(row, tz);
  await tx.publish(type, { ...booking, ...extra });
  return booking;
}

function staffFields(body: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  if (typeof body.bondRequired === 'boolean') set.bond_required = body.bondRequired;
  if (body.bondCents !== undefined) {
    const n = Number(body.bondCents);
    if (!Number.isInteger(n) || n < 0) throw badRequest('Bond must be 0 or more');
    set.bond_cents = n;
  }
  if (typeof body.bondPaid === 'boolean') set.bond_paid = body.bondPaid;
  if (body.docs && typeof body.docs === 'object') {
    const d = body.docs as Record<string, unknown>;
    set.docs = JSON.stringify({
      idVerified: d.idVerified === true,
      insuranceVerified: d.insuranceVerified === true,
    });
  }
  if (body.priority !== undefined) set.priority = pick(body.priority, PRIORITIES, 'normal');
  if (body.customerTier !== undefined) set.customer_tier = pick(body.customerTier, TIERS, 'standard');
  if (typeof body.notes === 'string') set.notes = body.notes.slice(0, 5000);
  return set;
}

export async function createBooking(ctx: AppContext, deps: Deps, body: Record<string, unknown>) {
  const tx = ctx.state.tx;
  const tenantId = ctx.state.principal!.tenantId;
  const settings = await deps.clients.tenantSettings(tenantId);
  const now = deps.now();
  const form = validateBookingForm(body, venueToday(now, settings.timezone));
  const resource = await requireResource(tx, deps.clients, tenantId, form.selectedHall);
  const extras = validateExtras(body, resource.capacity);
  const span = spanFor(form, resource, settings);
  const found = await findConflicts(tx, resource.id, span.slotStart, span.slotEnd, null);
  if (found.conflicts.length > 0 || found.blockouts.length > 0) throw conflictError(found);

  const requested = typeof body.status === 'string' ? body.status.toLowerCase() : 'pending';
  if (!['pending', 'tentative', 'confirmed', 'completed', 'cancelled'].includes(requested))
    throw badRequest('Status must be pending, tentative, confirmed, completed or cancelled.');
  const status = requested as BookingStatus;
  const priced = await price(deps, tenantId, form, extras.estimatedPriceCents, addOnRequests(body) ?? []);
  const tier = pick(body.customerTier, TIERS, 'standard');
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
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone, event_type,
        guest_count, booking_date, start_time, end_time, resource_id, resource_name, status, estimated_price_cents,
        calculated_price_cents, price_details, add_ons, additional_description, notes, booking_source, quotation_id,
        priority, customer_tier, bond_required, bond_cents, bond_paid, docs, hold_expires_at, setup_buffer_minutes,
        packdown_buffer_minutes, starts_at, ends_at, slot, payment_details, cancelled_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,
        COALESCE($28::jsonb, '{"idVerified":false,"insuranceVerified":false}'::jsonb),$29,$30,$31,$32,$33,
        tstzrange($34::timestamptz, $35::timestamptz), $36, CASE WHEN $14 = 'cancelled' THEN now() END)
     RETURNING id`,
    [
      tenantId,
      code,
      customerId,
      form.customerName,
      form.customerEmail,
      form.customerPhone,
      form.eventType,
      extras.guestCount,
      form.bookingDate,
      form.startTime,
      form.endTime,
      resource.id,
      resource.name,
      status,
      extras.estimatedPriceCents,
      priced.cents,
      JSON.stringify(priced.details),
      JSON.stringify(priced.addOns),
      String(body.additionalDescription ?? '').slice(0, 5000),
      (staff.notes as string | undefined) ?? '',
      pick(body.bookingSource, SOURCES, 'admin'),
      typeof body.quotationId === 'string' ? body.quotationId : null,
      (staff.priority as string | undefined) ?? 'normal',
      tier,
      staff.bond_required ?? false,
      staff.bond_cents ?? 0,
      staff.bond_paid ?? false,
      (staff.docs as string | undefined) ?? null,
      holdUntil,
      span.setup,
      span.packdown,
      span.startsAt.toISOString(),
      span.endsAt.toISOString(),
      span.slotStart.toISOString(),
      span.slotEnd.toISOString(),
      payment ? JSON.stringify(payment) : null,
    ],
  );
  const id = rows[0]!.id;
  if (isBlocking(status)) await holdSlotOr409(tx, tenantId, id, resource.id, span);
  const row = await reload(tx, id);
  await tx.audit(ctx, {
    action: 'booking_created',
    targetType: 'booking',
    target: code,
    additionalInfo: `${form.customerName} · ${resource.name} · ${form.bookingDate} ${form.startTime}–${form.endTime}`,
  });
  return publishBooking(tx, ctx, 'booking.created', row, settings.timezone);
}

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
];

/** PUT: the form's edit (same rules, excluding itself), staff fields, or the deposit-paid flag. */
export async function updateBooking(ctx: AppContext, deps: Deps, id: string, body: Record<string, unknown>) {
  const tx = ctx.state.tx;
  const tenantId = ctx.state.principal!.tenantId;
  const settings = await deps.clients.tenantSettings(tenantId);
  const before = await reload(tx, id);
  const changes: Record<string, { old: unknown; new: unknown }> = {};

  const pd = body.payment_details as { deposit_paid?: unknown } | undefined;
  if (pd && typeof pd.deposit_paid === 'boolean') {
    if (!before.payment_details) throw conflict('This booking has no payment details yet. Confirm it first.');
    const paid = pd.deposit_paid;
    await tx.query(
      `UPDATE bookings SET payment_details = payment_details || jsonb_build_object('deposit_paid', $2::boolean, 'paid_at', CASE WHEN $2::boolean THEN to_jsonb(now()) ELSE 'null'::jsonb END), updated_at = now() WHERE id = $1`,
      [id, paid],
    );
    changes.deposit_paid = {
      old: (before.payment_details as { deposit_paid?: boolean }).deposit_paid ?? false,
      new: paid,
    };
  }

  const staff = staffFields(body);
  const staffKeys = Object.keys(staff);
  if (staffKeys.length > 0) {
    const sets = staffKeys.map((k, i) => `${k} = $${i + 2}${k === 'docs' ? '::jsonb' : ''}`);
    await tx.query(`UPDATE bookings SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...staffKeys.map((k) => staff[k]),
    ]);
    for (const k of staffKeys)
      changes[k] = { old: (before as unknown as Record<string, unknown>)[k], new: staff[k] };
  }

  if (FORM_KEYS.some((k) => body[k] !== undefined)) {
    const merged: Record<string, unknown> = {
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
    if (body.resourceId !== undefined && body.selectedHall === undefined)
      merged.selectedHall = body.resourceId;
    const moved =
      String(merged.bookingDate) !== before.booking_date ||
      String(merged.startTime) !== before.start_time ||
      String(merged.endTime) !== before.end_time ||
      String(merged.selectedHall) !== before.resource_id;
    const form = validateBookingForm(merged, venueToday(deps.now(), settings.timezone), moved);
    const resource = moved
      ? await requireResource(tx, deps.clients, tenantId, form.selectedHall)
      : {
          id: before.resource_id,
          name: before.resource_name,
          capacity: 0,
          status: 'active',
          setupBufferMinutes: before.setup_buffer_minutes,
          packdownBufferMinutes: before.packdown_buffer_minutes,
          applyBuffers: true,
        };
    if (!moved) {
      const cap = await tx.query<{ capacity: number }>(`SELECT capacity FROM resources WHERE id = $1`, [
        before.resource_id,
      ]);
      resource.capacity = cap.rows[0]?.capacity ?? 0;
    }
    const extras = validateExtras(merged, resource.capacity);
    const span = spanFor(form, resource, settings);
    // Only a booking that holds time can clash; a finished one may be corrected freely.
    if (moved && isBlocking(before.status)) {
      const found = await findConflicts(tx, resource.id, span.slotStart, span.slotEnd, id);
      if (found.conflicts.length > 0 || found.blockouts.length > 0) throw conflictError(found);
    }
    const addOns = addOnRequests(body);
    const repriced =
      moved || addOns !== undefined || extras.estimatedPriceCents !== before.estimated_price_cents;
    const priced = repriced
      ? await price(
          deps,
          tenantId,
          form,
          extras.estimatedPriceCents,
          addOns ?? before.add_ons.map((a) => ({ id: a.id, quantity: a.quantity })),
        )
      : { cents: before.calculated_price_cents, details: before.price_details, addOns: before.add_ons };
    const customerId = await upsertCustomer(tx, tenantId, {
      name: form.customerName,
      email: form.customerEmail,
      phone: form.customerPhone,
      tier: (staff.customer_tier as string | undefined) ?? before.customer_tier,
    });
    await tx.query(
      `UPDATE bookings SET customer_id = $2, customer_name = $3, customer_email = $4, customer_phone = $5, event_type = $6,
          guest_count = $7, booking_date = $8, start_time = $9, end_time = $10, resource_id = $11, resource_name = $12,
          estimated_price_cents = $13, calculated_price_cents = $14, price_details = $15, add_ons = $16,
          additional_description = $17, setup_buffer_minutes = $18, packdown_buffer_minutes = $19,
          starts_at = $20, ends_at = $21, slot = tstzrange($22::timestamptz, $23::timestamptz), updated_at = now()
        WHERE id = $1`,
      [
        id,
        customerId,
        form.customerName,
        form.customerEmail,
        form.customerPhone,
        form.eventType,
        extras.guestCount,
        form.bookingDate,
        form.startTime,
        form.endTime,
        resource.id,
        resource.name,
        extras.estimatedPriceCents,
        priced.cents,
        JSON.stringify(priced.details),
        JSON.stringify(priced.addOns),
        String(merged.additionalDescription ?? '').slice(0, 5000),
        span.setup,
        span.packdown,
        span.startsAt.toISOString(),
        span.endsAt.toISOString(),
        span.slotStart.toISOString(),
        span.slotEnd.toISOString(),
      ],
    );
    if (moved && isBlocking(before.status)) {
      await releaseBookingSlot(tx, id);
      await holdSlotOr409(tx, tenantId, id, resource.id, span);
    }
    for (const [k, col] of [
      ['bookingDate', 'booking_date'],
      ['startTime', 'start_time'],
      ['endTime', 'end_time'],
      ['selectedHall', 'resource_id'],
      ['customerName', 'customer_name'],
      ['guestCount', 'guest_count'],
      ['eventType', 'event_type'],
    ] as const) {
      const old = (before as unknown as Record<string, unknown>)[col];
      const now =
        (form as unknown as Record<string, unknown>)[k] ??
        (k === 'guestCount' ? extras.guestCount : undefined);
      if (now !== undefined && String(old) !== String(now)) changes[col] = { old, new: now };
    }
    if (typeof body.status === 'string' && body.status.toLowerCase() !== before.status) {
      await transition(ctx, deps, id, body.status.toLowerCase(), {});
    }
  }

  const row = await reload(tx, id);
  await tx.audit(ctx, {
    action: 'booking_updated',
    targetType: 'booking',
    target: row.booking_code,
    changes,
  });
  return publishBooking(tx, ctx, 'booking.updated', row, settings.timezone);
}

export interface TransitionOptions {
  reason?: string | null;
  holdHours?: number;
  payment?: { tax_type?: unknown; deposit_type?: unknown; deposit_value?: unknown };
  /** System sweeps pass null. */
  systemActor?: boolean;
}

const AUDIT_ACTION: Record<string, string> = {
  tentative: 'booking_accepted',
  confirmed: 'booking_confirmed',
  cancelled: 'booking_cancelled',
  completed: 'booking_completed',
  expired: 'booking_expired',
};

/** Moves a booking along the transition table, keeping its slot only while it blocks. */
export async function transition(
  ctx: AppContext | null,
  deps: Deps,
  id: string,
  to: string,
  opts: TransitionOptions,
  txArg?: Tx,
) {
  const tx = txArg ?? ctx!.state.tx;
  const before = await reload(tx, id);
  const settings = await deps.clients.tenantSettings(before.tenant_id);
  const from = before.status as BookingStatus;
  if (!(STATUSES as readonly string[]).includes(to) || !canTransition(from, to as BookingStatus)) {
    throw conflict(transitionRefusal(from, to));
  }
  const now = deps.now();
  if (to === 'tentative') {
    const hours = opts.holdHours ?? settings.holdExpiryHours;
    await tx.query(
      `UPDATE bookings SET status = 'tentative', hold_expires_at = $2, updated_at = now() WHERE id = $1`,
      [id, new Date(now.getTime() + hours * 3_600_000).toISOString()],
    );
  } else if (to === 'confirmed') {
    const p = opts.payment ?? {};
    const details = paymentDetails({
      priceCents: Number(before.calculated_price_cents),
      taxType: pick<TaxType>(p.tax_type, ['inclusive', 'exclusive'], 'inclusive'),
      taxRatePercent: settings.taxRatePercent,
      depositType: pick<DepositType>(p.deposit_type, ['None', 'Fixed', 'Percentage'], 'None'),
      depositValue:
        typeof p.deposit_value === 'number' || typeof p.deposit_value === 'string' ? p.deposit_value : null,
    });
    await tx.query(
      `UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL, payment_details = $2, updated_at = now() WHERE id = $1`,
      [id, JSON.stringify(details)],
    );
  } else if (to === 'cancelled') {
    const reason = opts.reason?.trim() ? opts.reason.trim().slice(0, 1000) : null;
    await tx.query(
      `UPDATE bookings SET status = 'cancelled', hold_expires_at = NULL, cancelled_at = now(), cancellation_reason = $2, updated_at = now() WHERE id = $1`,
      [id, reason],
    );
  } else {
    await tx.query(
      `UPDATE bookings SET status = $2, hold_expires_at = NULL, updated_at = now() WHERE id = $1`,
      [id, to],
    );
  }
  if (!isBlocking(to)) await releaseBookingSlot(tx, id);
  const row = await reload(tx, id);
  await tx.audit(ctx, {
    action: AUDIT_ACTION[to] ?? 'booking_status_changed',
    targetType: 'booking',
    target: row.booking_code,
    changes: { status: { old: from, new: to } },
    additionalInfo: opts.reason ?? null,
    ...(opts.systemActor
      ? { actor: { id: null, email: 'system', role: 'system' }, tenantId: row.tenant_id }
      : {}),
  });
  return publishBooking(tx, ctx, 'booking.status_changed', row, settings.timezone, { from, to });
}

export async function queueEmail(
  tx: Tx,
  tenantId: string,
  row: BookingRow,
  kind: string,
  subject: string,
  body: string,
) {
  await tx.query(
    `INSERT INTO customer_emails (tenant_id, booking_id, kind, to_email, to_name, subject, body) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
    [tenantId, row.id, kind, row.customer_email, row.customer_name, subject, body],
  );
}

export { BOOKING_COLUMNS };
