/**
 * What a venue's signed-in customer may read of money (issue 25, decision 56), and its shape in
 * the portal's contract. Every query states the tenant AND the customer's address (lower-cased,
 * as the kit signs it) and leaves out what was never sent to them (a draft invoice, a Draft
 * quotation); the restrictive policies of migration 070 hold the same line underneath.
 */
import {
  LIST_ARRAY_CAP,
  PORTAL_MONEY_MESSAGES as PM,
  type PortalCreditNote,
  type PortalInvoice,
  type PortalQuotation,
  type PortalReceipt,
  type Quotation,
} from '@venue/contracts/money-api';
import { notFound, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { selectCreditNotes, type CreditNoteRow } from '../invoices/credit-notes.ts';
import { selectInvoices, toInvoice, type InvoiceRow } from '../invoices/invoice-row.ts';
import { PAYABLE } from '../paylinks/links.ts';
import { selectPayments, type PaymentListRow } from '../payments/payment-row.ts';
import { selectQuotations, type QuotationRow } from '../quotations/quotation-row.ts';

/**
 * The customer a portal request is for: their venue and their address, lower-cased as the kit
 * signs it; every query below compares it with `customer_email_key`, the stored lower-cased
 * address (migration 071: a condition on lower() could not use an index under row-level security).
 */
export interface PortalCustomer {
  tenantId: string;
  email: string;
}

// --- invoices -------------------------------------------------------------------------------------

/** The customer's issued invoices, newest first (a draft was never issued to them). */
export async function customerInvoices(tx: Tx, c: PortalCustomer): Promise<InvoiceRow[]> {
  return selectInvoices(tx)
    .where('i.tenant_id', '=', c.tenantId)
    .where('i.customer_email_key', '=', c.email)
    .where('i.status', '<>', 'DRAFT')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .limit(LIST_ARRAY_CAP)
    .execute();
}

/** One issued invoice of the customer (locked when asked); 404 when it is not theirs. */
export async function customerInvoice(
  tx: Tx,
  c: PortalCustomer,
  id: string | null,
  lock = false,
): Promise<InvoiceRow> {
  if (!id) throw notFound(PM.invoiceNotFound);
  const mine = (q: ReturnType<typeof selectInvoices>) =>
    q
      .where('i.tenant_id', '=', c.tenantId)
      .where('i.id', '=', id)
      .where('i.customer_email_key', '=', c.email)
      .where('i.status', '<>', 'DRAFT');
  if (lock)
    // FOR UPDATE cannot stand beside the aggregate sub-select: lock the row first, then read it.
    await db(tx)
      .selectFrom('invoices as i')
      .select('i.id')
      .where('i.tenant_id', '=', c.tenantId)
      .where('i.id', '=', id)
      .where('i.customer_email_key', '=', c.email)
      .where('i.status', '<>', 'DRAFT')
      .forUpdate()
      .execute();
  const row = await mine(selectInvoices(tx)).executeTakeFirst();
  if (!row) throw notFound(PM.invoiceNotFound);
  return row;
}

/** The payments (refunds, reversals) of the customer's invoices `ids`, oldest first. */
async function paymentsOf(tx: Tx, c: PortalCustomer, ids: string[]): Promise<PaymentListRow[]> {
  if (ids.length === 0) return [];
  return (
    selectPayments(tx)
      .where('p.tenant_id', '=', c.tenantId)
      // = ANY of one array parameter: any number of ids in one statement
      .where('p.invoice_id', '=', (eb) => eb.fn<string>('any', [eb.val(ids)]))
      .where('i.customer_email_key', '=', c.email)
      .orderBy('p.processed_at')
      .orderBy('p.id')
      .execute()
  );
}

async function creditNotesOf(tx: Tx, c: PortalCustomer, ids: string[]): Promise<CreditNoteRow[]> {
  if (ids.length === 0) return [];
  return selectCreditNotes(tx)
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.tenant_id', '=', 'c.tenant_id').onRef('i.id', '=', 'c.invoice_id'),
    )
    .where('c.tenant_id', '=', c.tenantId)
    .where('c.invoice_id', '=', (eb) => eb.fn<string>('any', [eb.val(ids)]))
    .where('i.customer_email_key', '=', c.email)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** The payment `id` when it is on one of the customer's issued invoices; 404 otherwise. */
export async function assertCustomerPayment(tx: Tx, c: PortalCustomer, id: string | null): Promise<string> {
  const row = id
    ? await selectPayments(tx)
        .where('p.tenant_id', '=', c.tenantId)
        .where('p.id', '=', id)
        .where('i.customer_email_key', '=', c.email)
        .where('i.status', '<>', 'DRAFT')
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(PM.receiptNotFound);
  return row.id;
}

/** The invoice of the customer's adjustment note `id`; 404 when it is not theirs. */
export async function customerCreditNoteInvoice(
  tx: Tx,
  c: PortalCustomer,
  id: string | null,
): Promise<{ invoiceId: string; creditNoteId: string }> {
  const row = id
    ? await db(tx)
        .selectFrom('credit_notes as c')
        .innerJoin('invoices as i', (j) =>
          j.onRef('i.tenant_id', '=', 'c.tenant_id').onRef('i.id', '=', 'c.invoice_id'),
        )
        .select(['c.id', 'c.invoice_id'])
        .where('c.tenant_id', '=', c.tenantId)
        .where('c.id', '=', id)
        .where('i.customer_email_key', '=', c.email)
        .where('i.status', '<>', 'DRAFT')
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(PM.creditNoteNotFound);
  return { invoiceId: row.invoice_id, creditNoteId: row.id };
}

/** True when the pay page takes a payment on the invoice now. */
export const isPayable = (r: InvoiceRow, balance: number): boolean =>
  (PAYABLE as readonly string[]).includes(r.status) && balance > 0;

const toReceipt = (p: PaymentListRow): PortalReceipt => ({
  paymentId: p.id,
  number: p.receipt_number,
  kind: p.kind,
  method: p.payment_method,
  paidAt: new Date(p.processed_at).toISOString(),
  amountCents: Number(p.amount_cents),
});

const toCreditNote = (n: CreditNoteRow): PortalCreditNote => ({
  id: n.id,
  number: n.credit_note_number,
  issuedAt: n.issue_date,
  reason: n.reason,
  amountCents: Number(n.amount_cents),
  gstCents: Number(n.gst_cents),
  refundedCents: Number(n.refunded_cents),
});

/** The invoice as the customer reads it, `today` being the venue's day. */
export function toPortalInvoice(
  r: InvoiceRow,
  today: string,
  receipts: PaymentListRow[],
  notes: CreditNoteRow[],
): PortalInvoice {
  const i = toInvoice(r, today);
  return {
    id: i.id,
    number: i.invoiceNumber ?? '',
    kind: i.type,
    // Never DRAFT: the queries above leave drafts out.
    status: i.status as PortalInvoice['status'],
    bookingId: i.bookingId,
    bookingCode: i.bookingCode,
    quotationNumber: i.quotationNumber,
    resourceName: i.resource,
    eventType: i.eventType,
    eventDate: i.eventDate,
    description: i.description,
    issuedAt: i.issueDate ?? i.createdAt.slice(0, 10),
    dueDate: i.dueDate,
    lines: i.lineItems.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      totalCents: l.totalCents,
      gstCents: l.gstCents,
    })),
    subtotalCents: i.subtotalCents,
    gstCents: i.gstCents,
    totalCents: i.totalCents,
    creditedCents: i.creditedCents,
    paidCents: i.paidCents,
    balanceCents: i.balanceCents,
    daysOverdue: i.daysOverdue,
    payable: isPayable(r, i.balanceCents),
    receipts: receipts.map(toReceipt),
    creditNotes: notes.map(toCreditNote),
  };
}

/** The customer's invoices with their receipts and adjustment notes (three statements). */
export async function portalInvoices(tx: Tx, c: PortalCustomer, today: string): Promise<PortalInvoice[]> {
  const rows = await customerInvoices(tx, c);
  const ids = rows.map((r) => r.id);
  const [payments, notes] = [await paymentsOf(tx, c, ids), await creditNotesOf(tx, c, ids)];
  return rows.map((r) =>
    toPortalInvoice(
      r,
      today,
      payments.filter((p) => p.invoice_id === r.id),
      notes.filter((n) => n.invoice_id === r.id),
    ),
  );
}

// --- quotations -----------------------------------------------------------------------------------

/** The quotations sent to the customer (never a Draft), newest first. */
export function customerQuotations(tx: Tx, c: PortalCustomer): Promise<QuotationRow[]> {
  return selectQuotations(tx)
    .where('tenant_id', '=', c.tenantId)
    .where('customer_email_key', '=', c.email)
    .where('status', '<>', 'Draft')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(LIST_ARRAY_CAP)
    .execute();
}

/** One quotation sent to the customer (locked when asked); 404 for a Draft or another's. */
export async function customerQuotation(
  tx: Tx,
  c: PortalCustomer,
  id: string | null,
  lock = false,
): Promise<QuotationRow> {
  if (!id) throw notFound(PM.quotationNotFound);
  const query = selectQuotations(tx)
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .where('customer_email_key', '=', c.email)
    .where('status', '<>', 'Draft');
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound(PM.quotationNotFound);
  return row;
}

/** The quotation as the customer reads it (from the API's Quotation: an accepted one is its frozen copy). */
export function toPortalQuotation(q: Quotation): PortalQuotation {
  // What the customer pays, GST included: an exclusive quotation's GST is added to its amount.
  const total = q.taxType === 'Exclusive' ? q.totalCents + q.gstCents : q.totalCents;
  return {
    id: q.id,
    number: q.number ?? '',
    // Never Draft: the queries above leave drafts out.
    status: q.status as PortalQuotation['status'],
    resourceName: q.resourceName,
    eventType: q.eventType,
    eventDate: q.eventDate,
    startTime: q.startTime,
    endTime: q.endTime,
    guestCount: q.guestCount,
    validUntil: q.validUntil,
    totalCents: total,
    gstCents: q.gstCents,
    depositCents: q.depositCents,
    finalCents: Math.max(0, total - q.depositCents),
    items: [{ description: `Hire of ${q.resourceName} for ${q.eventType}`, amountCents: total }],
    notes: q.notes,
    bookingId: q.bookingId,
    bookingCode: q.bookingCode,
    sentAt: q.sentAt,
    acceptedAt: q.acceptedAt,
    declineReason: q.declineReason ?? null,
  };
}
