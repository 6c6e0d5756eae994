/**
 * The read model's copies of money's facts (decision 39): invoices, payments, credit notes and
 * bonds, each upserted by its natural key and guarded by a version, as consumers.ts explains.
 */
import { keepNewest, type Consumer, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';

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
  // The newest version of the invoice (the kit's read-copy upsert: every other column follows it).
  await keepNewest(
    db(tx),
    'invoices',
    {
      tenant_id: tenantId,
      id: inv.id,
      invoice_number: inv.invoiceNumber,
      type: inv.type,
      status: inv.status,
      booking_id: inv.bookingId,
      booking_code: inv.bookingCode,
      customer_name: inv.customerName,
      customer_email: inv.customerEmail,
      issue_date: inv.issueDate,
      due_date: inv.dueDate,
      total_cents: inv.totalCents,
      paid_cents: inv.paidCents,
      credited_cents: inv.creditedCents,
      balance_cents: inv.balanceCents,
      version_at: versionAt,
    },
    { key: ['tenant_id', 'id'], version: 'version_at' },
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
  await db(tx)
    .insertInto('payments')
    .values({
      tenant_id: tenantId,
      id: p.paymentId,
      invoice_id: p.invoice.id,
      kind: p.kind,
      amount_cents: p.amountCents,
      method: p.paymentMethod,
      processed_at: p.processedAt,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'id']).doNothing())
    .execute();
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
  const q = db(tx);
  await q
    .insertInto('credit_notes')
    .values({
      tenant_id: tenantId,
      id: c.id,
      invoice_id: c.invoiceId,
      amount_cents: c.amountCents,
      created_at: c.createdAt,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'id']).doNothing())
    .execute();
  const notes = q
    .selectFrom('credit_notes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', c.invoiceId)
    .as('n');
  await q
    .updateTable('invoices as i')
    .from(notes)
    .set((eb) => {
      const credited = eb.fn<number>('greatest', ['i.credited_cents', 'n.total']);
      return {
        credited_cents: credited,
        balance_cents: eb.fn<number>('greatest', [
          eb.lit(0),
          eb(eb('i.total_cents', '-', credited), '-', eb.ref('i.paid_cents')),
        ]),
      };
    })
    .where('i.tenant_id', '=', tenantId)
    .where('i.id', '=', c.invoiceId)
    .execute();
};

/** `bond.received|refunded|forfeited`: a bond on record stops the booking's bond being due. */
export const bondConsumer: Consumer<'bond.received' | 'bond.refunded' | 'bond.forfeited'> = async (
  event,
  tx,
) => {
  const tenantId = tenantOf(event);
  if (!tenantId) return;
  const b = event.data;
  await db(tx)
    .insertInto('bonds')
    .values({ tenant_id: tenantId, id: b.id, booking_id: b.bookingId, status: b.status, version_at: b.at })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'id'])
        .doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          version_at: eb.ref('excluded.version_at'),
        }))
        .whereRef('bonds.version_at', '<=', 'excluded.version_at'),
    )
    .execute();
};
