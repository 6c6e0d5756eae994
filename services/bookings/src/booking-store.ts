/** Data access for bookings: rows ↔ API shape, resources, conflicts and the slot guarantee. */
import { createHash } from 'node:crypto';
import { conflict, badRequest, type Tx } from '@venue/service-kit';
import type { BookingClients, CatalogueResource } from './clients.ts';
import { venueIso } from './time.ts';

export const CONFLICT_MESSAGE =
  'Time slot conflicts with existing booking(s). Please choose a different time.';

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
  status: string;
  estimated_price_cents: number | null;
  calculated_price_cents: number;
  price_details: Record<string, unknown>;
  add_ons: { id: string; name: string; quantity: number; priceCents: number }[];
  additional_description: string;
  notes: string;
  booking_source: string;
  quotation_id: string | null;
  priority: string;
  customer_tier: string;
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
  cancelled_at: Date | string | null;
  cancellation_reason: string | null;
  change_request: { message: string; at: string } | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Columns with dates rendered as text so both drivers give the same shape. */
export const BOOKING_COLUMNS = `b.*, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const dollars = (c: number | null) => (c === null ? null : Math.round(c) / 100);

/** The confirmed total (or the price) less a deposit marked paid; mirrors BALANCE_SQL. */
export function balanceDue(r: Pick<BookingRow, 'payment_details' | 'calculated_price_cents'>): number {
  const pd = r.payment_details as {
    totalCents?: number;
    depositCents?: number;
    deposit_paid?: boolean;
  } | null;
  const total = pd?.totalCents ?? Number(r.calculated_price_cents);
  return total - (pd?.deposit_paid ? (pd.depositCents ?? 0) : 0);
}

export function toBooking(r: BookingRow, timeZone: string) {
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
    payment_details: r.payment_details,
    balanceDueCents: balanceDue(r),
    depositType: pd?.deposit_type ?? 'None',
    depositValue: pd?.deposit_value ?? 0,
    depositAmount: pd?.deposit_amount ?? 0,
    taxType: pd?.tax?.tax_type ?? null,
    cancelledAt: iso(r.cancelled_at),
    cancellationReason: r.cancellation_reason,
    changeRequest: r.change_request,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    hallOwnerId: r.tenant_id,
    title: `${r.event_type} - ${r.customer_name}`,
  };
}
export type Booking = ReturnType<typeof toBooking>;

export async function findBooking(tx: Tx, id: string): Promise<BookingRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await tx.query<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

function rowToResource(r: Record<string, unknown>): CatalogueResource {
  return {
    id: String(r.id),
    name: String(r.name),
    capacity: Number(r.capacity),
    status: String(r.status),
    setupBufferMinutes: Number(r.setup_buffer_minutes),
    packdownBufferMinutes: Number(r.packdown_buffer_minutes),
    applyBuffers: Boolean(r.apply_buffers),
  };
}

export async function upsertResource(tx: Tx, tenantId: string, r: CatalogueResource): Promise<void> {
  await tx.query(
    `INSERT INTO resources (tenant_id, id, name, capacity, status, setup_buffer_minutes, packdown_buffer_minutes, apply_buffers, deleted, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, now())
     ON CONFLICT (tenant_id, id) DO UPDATE SET name = EXCLUDED.name, capacity = EXCLUDED.capacity,
       status = EXCLUDED.status, setup_buffer_minutes = EXCLUDED.setup_buffer_minutes,
       packdown_buffer_minutes = EXCLUDED.packdown_buffer_minutes, apply_buffers = EXCLUDED.apply_buffers,
       deleted = false, updated_at = now()`,
    [
      tenantId,
      r.id,
      r.name,
      r.capacity,
      r.status,
      r.setupBufferMinutes,
      r.packdownBufferMinutes,
      r.applyBuffers,
    ],
  );
}

/** The local copy, refreshed from the catalogue when the resource is not known yet. */
export async function loadResource(
  tx: Tx,
  clients: BookingClients,
  tenantId: string,
  resourceId: string,
): Promise<CatalogueResource | null> {
  if (!/^[0-9a-f-]{36}$/i.test(resourceId)) return null;
  const local = await tx.query(`SELECT * FROM resources WHERE id = $1 AND NOT deleted`, [resourceId]);
  if (local.rows[0]) return rowToResource(local.rows[0]);
  const remote = await clients.resources(tenantId);
  if (!remote) return null;
  for (const r of remote) await upsertResource(tx, tenantId, r);
  return remote.find((r) => r.id === resourceId) ?? null;
}

export async function requireResource(tx: Tx, clients: BookingClients, tenantId: string, resourceId: string) {
  const resource = await loadResource(tx, clients, tenantId, resourceId);
  if (!resource)
    throw badRequest('The selected hall was not found.', {
      errors: [{ path: 'selectedHall', message: 'The selected hall was not found.' }],
    });
  if (resource.status !== 'active') throw badRequest('The selected hall is archived and cannot be booked.');
  return resource;
}

export interface ConflictEntry {
  id: string;
  customer: string;
  startTime: string;
  endTime: string;
  eventType: string;
  status: string;
  bookingCode: string;
  bookingDate: string;
}

export interface BlockoutEntry {
  id: string;
  reason: string;
  startsAt: string;
  endsAt: string;
}

/** Blocking bookings and block-outs whose slot overlaps [start, end) on the resource. */
export async function findConflicts(
  tx: Tx,
  resourceId: string,
  slotStart: Date,
  slotEnd: Date,
  excludeId: string | null,
): Promise<{ conflicts: ConflictEntry[]; blockouts: BlockoutEntry[] }> {
  const range = [slotStart.toISOString(), slotEnd.toISOString()];
  const bookings = await tx.query<{
    id: string;
    customer_name: string;
    start_time: string;
    end_time: string;
    event_type: string;
    status: string;
    booking_code: string;
    booking_date: string;
  }>(
    `SELECT b.id, b.customer_name, b.start_time, b.end_time, b.event_type, b.status, b.booking_code,
            to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date
       FROM resource_slots s JOIN bookings b ON b.tenant_id = s.tenant_id AND b.id = s.booking_id
      WHERE s.resource_id = $1 AND s.kind = 'booking' AND s.slot && tstzrange($2::timestamptz, $3::timestamptz)
        AND ($4::uuid IS NULL OR b.id <> $4::uuid)
      ORDER BY b.starts_at`,
    [resourceId, ...range, excludeId],
  );
  const blockouts = await tx.query<{
    id: string;
    reason: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(
    `SELECT id, reason, starts_at, ends_at FROM blockouts
      WHERE resource_id = $1 AND tstzrange(starts_at, ends_at) && tstzrange($2::timestamptz, $3::timestamptz)
      ORDER BY starts_at`,
    [resourceId, ...range],
  );
  return {
    conflicts: bookings.rows.map((b) => ({
      id: b.id,
      customer: b.customer_name,
      startTime: b.start_time,
      endTime: b.end_time,
      eventType: b.event_type,
      status: b.status,
      bookingCode: b.booking_code,
      bookingDate: b.booking_date,
    })),
    blockouts: blockouts.rows.map((b) => ({
      id: b.id,
      reason: b.reason,
      startsAt: new Date(b.starts_at).toISOString(),
      endsAt: new Date(b.ends_at).toISOString(),
    })),
  };
}

export function conflictError(found: { conflicts: ConflictEntry[]; blockouts: BlockoutEntry[] }) {
  return conflict(CONFLICT_MESSAGE, { conflicts: found.conflicts, blockouts: found.blockouts });
}

/**
 * Takes the booking's slot under the exclusion constraint. A concurrent winner makes the
 * insert do nothing (it waits for that transaction first), which becomes the 409.
 */
export async function claimBookingSlot(
  tx: Tx,
  tenantId: string,
  bookingId: string,
  resourceId: string,
  start: Date,
  end: Date,
): Promise<boolean> {
  await tx.query(`DELETE FROM resource_slots WHERE booking_id = $1`, [bookingId]);
  const { rowCount } = await tx.query(
    `INSERT INTO resource_slots (tenant_id, resource_id, kind, booking_id, slot)
     VALUES ($1, $2, 'booking', $3, tstzrange($4::timestamptz, $5::timestamptz))
     ON CONFLICT DO NOTHING`,
    [tenantId, resourceId, bookingId, start.toISOString(), end.toISOString()],
  );
  return rowCount === 1;
}

/** Lets go of a booking's slot and gives waiting block-outs on that resource their slot back. */
export async function releaseBookingSlot(tx: Tx, bookingId: string): Promise<void> {
  const { rows } = await tx.query<{ resource_id: string }>(
    `DELETE FROM resource_slots WHERE booking_id = $1 RETURNING resource_id`,
    [bookingId],
  );
  for (const r of rows) await reclaimBlockouts(tx, r.resource_id);
}

export async function reclaimBlockouts(tx: Tx, resourceId: string): Promise<void> {
  const { rows } = await tx.query<{
    tenant_id: string;
    id: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(`SELECT tenant_id, id, starts_at, ends_at FROM blockouts WHERE resource_id = $1 AND NOT claimed`, [
    resourceId,
  ]);
  for (const b of rows) await claimBlockout(tx, b.tenant_id, b.id, resourceId, b.starts_at, b.ends_at);
}

export async function claimBlockout(
  tx: Tx,
  tenantId: string,
  id: string,
  resourceId: string,
  start: Date | string,
  end: Date | string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO resource_slots (tenant_id, resource_id, kind, blockout_id, slot)
     VALUES ($1, $2, 'blockout', $3, tstzrange($4::timestamptz, $5::timestamptz))
     ON CONFLICT DO NOTHING`,
    [tenantId, resourceId, id, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  await tx.query(`UPDATE blockouts SET claimed = $4 WHERE tenant_id = $1 AND id = $2 AND resource_id = $3`, [
    tenantId,
    id,
    resourceId,
    rowCount === 1,
  ]);
  return rowCount === 1;
}

/** HH-2026-0042: per-tenant, per-year counter row, taken inside the booking's transaction. */
export async function nextBookingCode(tx: Tx, tenantId: string, year: number): Promise<string> {
  const { rows } = await tx.query<{ last: number }>(
    `INSERT INTO booking_counters (tenant_id, year, last) VALUES ($1, $2, 1)
     ON CONFLICT (tenant_id, year) DO UPDATE SET last = booking_counters.last + 1 RETURNING last`,
    [tenantId, year],
  );
  return `HH-${year}-${String(rows[0]!.last).padStart(4, '0')}`;
}

export function customerBaseId(email: string): string {
  const alnum = email
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  return `CUST-${alnum || 'X'}`;
}

/** The customer of this e-mail (lower-cased), created or refreshed from the booking. */
export async function upsertCustomer(
  tx: Tx,
  tenantId: string,
  c: { name: string; email: string; phone: string; tier: string },
): Promise<string> {
  const key = c.email.trim().toLowerCase();
  const existing = await tx.query<{ id: string }>(
    `UPDATE customers SET name = $2, email = $3, phone = $4, tier = $5, updated_at = now()
      WHERE email_key = $1 RETURNING id`,
    [key, c.name, c.email.trim(), c.phone, c.tier],
  );
  if (existing.rows[0]) return existing.rows[0].id;
  let id = customerBaseId(key);
  const taken = await tx.query(`SELECT 1 FROM customers WHERE id = $1`, [id]);
  // Two addresses can share the first eight letters; a short hash of the e-mail tells them apart.
  if (taken.rowCount > 0)
    id = `${id}-${createHash('sha256').update(key).digest('hex').slice(0, 6).toUpperCase()}`;
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO customers (tenant_id, id, email_key, name, email, phone, tier) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (tenant_id, email_key) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone, updated_at = now()
     RETURNING id`,
    [tenantId, id, key, c.name, c.email.trim(), c.phone, c.tier],
  );
  return rows[0]!.id;
}
