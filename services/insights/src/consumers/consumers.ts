/**
 * The read model's consumers (decision 39): each keeps one denormalised table in step with its
 * owner's events. Every write is an upsert by the fact's natural key guarded by a version
 * (`version_at`: the owner's updatedAt where it publishes one, else the envelope's occurredAt),
 * so an event delivered twice, late, or replayed by the rebuild leaves the newest state in
 * place; the kit's inbox already drops repeats of one event id. Events arrive in a system
 * transaction: every statement names the tenant itself.
 */
import { storeSettingsSnapshot, type Consumer, type Tx } from '@venue/service-kit';
import { z } from 'zod';

/** Keeps the venue's settings (its time zone): the newest version per tenant. */
export const settingsConsumer: Consumer<'tenant.settings_changed'> = async (event, tx) => {
  await storeSettingsSnapshot(tx, event);
};

/** `resource.created|updated|deleted`: name, status and opening hours. */
export const resourceConsumer: Consumer<
  'resource.created' | 'resource.updated' | 'resource.deleted'
> = async (event, tx) => {
  const r = event.data;
  await tx.query(
    `INSERT INTO resources (tenant_id, id, name, status, hours, deleted, version_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (tenant_id, id) DO UPDATE SET name = EXCLUDED.name, status = EXCLUDED.status,
        hours = EXCLUDED.hours, deleted = EXCLUDED.deleted, version_at = EXCLUDED.version_at
      WHERE resources.version_at <= EXCLUDED.version_at AND NOT resources.deleted`,
    [
      r.tenantId,
      r.id,
      r.name,
      r.status,
      r.hours ? JSON.stringify(r.hours) : null,
      event.type === 'resource.deleted',
      event.occurredAt,
    ],
  );
};

/** `blockout.created|updated|deleted`: the period and the whole resource set. */
export const blockoutConsumer: Consumer<
  'blockout.created' | 'blockout.updated' | 'blockout.deleted'
> = async (event, tx) => {
  const b = event.data;
  await tx.query(
    `INSERT INTO blockouts (tenant_id, id, resource_ids, starts_at, ends_at, reason, deleted, version_at)
     VALUES ($1, $2, $3::uuid[], $4, $5, $6, $7, $8)
     ON CONFLICT (tenant_id, id) DO UPDATE SET resource_ids = EXCLUDED.resource_ids,
        starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, reason = EXCLUDED.reason,
        deleted = EXCLUDED.deleted, version_at = EXCLUDED.version_at
      WHERE blockouts.version_at <= EXCLUDED.version_at AND NOT blockouts.deleted`,
    [
      b.tenantId,
      b.id,
      b.resourceIds,
      b.startsAt,
      b.endsAt,
      b.reason ?? null,
      event.type === 'blockout.deleted',
      event.occurredAt,
    ],
  );
};

/**
 * The part of a booking event (the booking's API shape, contracts bookings/responses.ts) the
 * dashboard shows beyond the slot. Lenient: a field bookings leaves out gets its neutral value
 * rather than refusing the event, since the slot part is already checked by the catalogue schema.
 */
const bookingExtra = z.looseObject({
  bookingCode: z.string().catch(''),
  customerId: z.string().nullable().optional().catch(null),
  customerName: z.string().catch(''),
  customerEmail: z.string().catch(''),
  resourceName: z.string().catch(''),
  title: z.string().optional().catch(undefined),
  eventType: z.string().optional().catch(undefined),
  holdExpiresAt: z.string().nullable().optional().catch(null),
  cancelledAt: z.string().nullable().optional().catch(null),
  docs: z.object({ idVerified: z.boolean(), insuranceVerified: z.boolean() }).optional().catch(undefined),
  bondRequired: z.boolean().optional().catch(false),
  bondCents: z.number().int().min(0).optional().catch(0),
  bondPaid: z.boolean().optional().catch(false),
  money: z.object({ totalCents: z.number().int() }).nullable().optional().catch(null),
  calculatedPriceCents: z.number().int().nullable().optional().catch(null),
  createdAt: z.string().optional().catch(undefined),
});

/** `booking.created|updated|status_changed`: the newest version per booking (its updatedAt). */
export const bookingConsumer: Consumer<
  'booking.created' | 'booking.updated' | 'booking.status_changed'
> = async (event, tx) => {
  const b = event.data;
  const x = bookingExtra.parse(b);
  const title = x.title ?? [x.eventType, x.customerName].filter(Boolean).join(' - ');
  await tx.query(
    `INSERT INTO bookings (tenant_id, id, booking_code, customer_id, customer_name, customer_email, resource_id,
        resource_name, title, status, starts_at, ends_at, hold_expires_at, last_hold_expires_at, cancelled_at,
        id_verified, insurance_verified, bond_required, bond_cents, bond_paid, total_cents, created_at, version_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
     ON CONFLICT (tenant_id, id) DO UPDATE SET booking_code = EXCLUDED.booking_code,
        customer_id = EXCLUDED.customer_id, customer_name = EXCLUDED.customer_name,
        customer_email = EXCLUDED.customer_email, resource_id = EXCLUDED.resource_id,
        resource_name = EXCLUDED.resource_name, title = EXCLUDED.title, status = EXCLUDED.status,
        starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, hold_expires_at = EXCLUDED.hold_expires_at,
        last_hold_expires_at = COALESCE(EXCLUDED.hold_expires_at, bookings.last_hold_expires_at),
        cancelled_at = EXCLUDED.cancelled_at, id_verified = EXCLUDED.id_verified,
        insurance_verified = EXCLUDED.insurance_verified, bond_required = EXCLUDED.bond_required,
        bond_cents = EXCLUDED.bond_cents, bond_paid = EXCLUDED.bond_paid, total_cents = EXCLUDED.total_cents,
        created_at = EXCLUDED.created_at, version_at = EXCLUDED.version_at
      WHERE bookings.version_at <= EXCLUDED.version_at`,
    [
      // the booking's own tenant: the hold sweep publishes from a system transaction
      b.hallOwnerId,
      b.id,
      x.bookingCode,
      x.customerId ?? null,
      x.customerName,
      x.customerEmail,
      b.resourceId,
      x.resourceName,
      title,
      b.status,
      b.startsAt,
      b.endsAt,
      x.holdExpiresAt ?? null,
      x.cancelledAt ?? (b.status === 'cancelled' ? b.updatedAt : null),
      x.docs?.idVerified ?? false,
      x.docs?.insuranceVerified ?? false,
      x.bondRequired ?? false,
      x.bondCents ?? 0,
      x.bondPaid ?? false,
      x.money?.totalCents ?? x.calculatedPriceCents ?? 0,
      x.createdAt ?? b.updatedAt,
      b.updatedAt,
    ],
  );
};

/** `customer.anonymised`: the copies drop the customer's name and e-mail as bookings did. */
export const customerAnonymisedConsumer: Consumer<'customer.anonymised'> = async (event, tx) => {
  if (!event.tenantId) return;
  await tx.query(
    `UPDATE bookings SET customer_name = 'Anonymised customer', customer_email = ''
      WHERE tenant_id = $1 AND customer_id = $2`,
    [event.tenantId, event.data.id],
  );
  await tx.query(
    `UPDATE invoices i SET customer_name = 'Anonymised customer', customer_email = ''
       FROM bookings b
      WHERE i.tenant_id = $1 AND b.tenant_id = $1 AND b.customer_id = $2 AND i.booking_id = b.id`,
    [event.tenantId, event.data.id],
  );
};

interface InvoiceFigures {
  id: string;
  invoiceNumber: string | null;
  type: string;
  status: string;
  bookingId: string | null;
  bookingCode: string | null;
  customerName: string;
  customerEmail: string;
  issueDate: string | null;
  dueDate: string;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  balanceCents: number;
}

async function upsertInvoice(
  tx: Tx,
  tenantId: string,
  inv: InvoiceFigures,
  versionAt: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO invoices (tenant_id, id, invoice_number, type, status, booking_id, booking_code, customer_name,
        customer_email, issue_date, due_date, total_cents, paid_cents, credited_cents, balance_cents, version_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (tenant_id, id) DO UPDATE SET invoice_number = EXCLUDED.invoice_number, type = EXCLUDED.type,
        status = EXCLUDED.status, booking_id = EXCLUDED.booking_id, booking_code = EXCLUDED.booking_code,
        customer_name = EXCLUDED.customer_name, customer_email = EXCLUDED.customer_email,
        issue_date = EXCLUDED.issue_date, due_date = EXCLUDED.due_date, total_cents = EXCLUDED.total_cents,
        paid_cents = EXCLUDED.paid_cents, credited_cents = EXCLUDED.credited_cents,
        balance_cents = EXCLUDED.balance_cents, version_at = EXCLUDED.version_at
      WHERE invoices.version_at <= EXCLUDED.version_at`,
    [
      tenantId,
      inv.id,
      inv.invoiceNumber,
      inv.type,
      inv.status,
      inv.bookingId,
      inv.bookingCode,
      inv.customerName,
      inv.customerEmail,
      inv.issueDate,
      inv.dueDate,
      inv.totalCents,
      inv.paidCents,
      inv.creditedCents,
      inv.balanceCents,
      versionAt,
    ],
  );
}

/**
 * The tenant of a money event: the envelope's (money publishes inside the tenant's request or
 * job transaction). An event without one cannot be placed and is ignored.
 */
function tenantOf(event: { tenantId: string | null; data: unknown }): string | null {
  const own = (event.data as { hallOwnerId?: unknown }).hallOwnerId;
  return typeof own === 'string' ? own : event.tenantId;
}

/** `invoice.issued|status_changed`: the invoice's figures after the change. */
export const invoiceConsumer: Consumer<'invoice.issued' | 'invoice.status_changed'> = async (event, tx) => {
  const tenantId = tenantOf(event);
  if (!tenantId) return;
  await upsertInvoice(tx, tenantId, event.data, event.occurredAt);
};

/** `payment.recorded`: the movement itself (revenue by payment date) and the invoice after it. */
export const paymentConsumer: Consumer<'payment.recorded'> = async (event, tx) => {
  const tenantId = tenantOf(event) ?? tenantOf({ tenantId: null, data: event.data.invoice });
  if (!tenantId) return;
  const p = event.data;
  await tx.query(
    `INSERT INTO payments (tenant_id, id, invoice_id, kind, amount_cents, method, processed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, id) DO NOTHING`,
    [tenantId, p.paymentId, p.invoice.id, p.kind, p.amountCents, p.paymentMethod, p.processedAt],
  );
  await upsertInvoice(tx, tenantId, p.invoice, event.occurredAt);
};

/**
 * `credit_note.issued`: the note is kept by its id, and the invoice's credited figure becomes
 * at least the sum of its notes (credits only grow), its balance what is left of the total
 * after credits and payments. An invoice event that follows carries money's own figures and
 * replaces these.
 */
export const creditNoteConsumer: Consumer<'credit_note.issued'> = async (event, tx) => {
  const c = event.data;
  const tenantId = c.hallOwnerId;
  await tx.query(
    `INSERT INTO credit_notes (tenant_id, id, invoice_id, amount_cents, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id, id) DO NOTHING`,
    [tenantId, c.id, c.invoiceId, c.amountCents, c.createdAt],
  );
  await tx.query(
    `UPDATE invoices i SET credited_cents = GREATEST(i.credited_cents, n.total),
            balance_cents = GREATEST(0, i.total_cents - GREATEST(i.credited_cents, n.total) - i.paid_cents)
       FROM (SELECT COALESCE(sum(amount_cents), 0) AS total FROM credit_notes
              WHERE tenant_id = $1 AND invoice_id = $2) n
      WHERE i.tenant_id = $1 AND i.id = $2`,
    [tenantId, c.invoiceId],
  );
};

/** `bond.received|refunded|forfeited`: a bond on record stops the booking's bond being due. */
export const bondConsumer: Consumer<'bond.received' | 'bond.refunded' | 'bond.forfeited'> = async (
  event,
  tx,
) => {
  const tenantId = tenantOf(event);
  if (!tenantId) return;
  const b = event.data;
  await tx.query(
    `INSERT INTO bonds (tenant_id, id, booking_id, status, version_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id, id) DO UPDATE SET status = EXCLUDED.status, version_at = EXCLUDED.version_at
      WHERE bonds.version_at <= EXCLUDED.version_at`,
    [tenantId, b.id, b.bookingId, b.status, b.at],
  );
};

/** `audit.recorded` from every service: Recent Activity (an entry without a tenant is the platform's). */
export const auditConsumer: Consumer<'audit.recorded'> = async (event, tx) => {
  if (!event.tenantId) return;
  const a = event.data;
  await tx.query(
    `INSERT INTO activity (tenant_id, event_id, at, actor_id, actor_email, actor_role, action, target_type,
        target, target_label)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (tenant_id, event_id) DO NOTHING`,
    [
      event.tenantId,
      event.id,
      event.occurredAt,
      a.actorId,
      a.actorEmail,
      a.actorRole,
      a.action,
      a.targetType,
      a.target,
      a.targetLabel ?? null,
    ],
  );
};
