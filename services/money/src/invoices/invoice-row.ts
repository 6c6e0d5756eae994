/**
 * An invoice row and its API shape (contracts money-api `invoiceSchema`). Every figure is
 * stored in cents; the spec's dollar fields are derived here and nowhere else.
 */
import { basisPointsToPercent, centsToDollars } from '@venue/contracts';
import type { Invoice, InvoiceLine, InvoiceStatus, InvoiceType } from '@venue/contracts/money-api';
import { notFound, type Queryable, type Tx } from '@venue/service-kit';
import { dateText, db } from '../db/query.ts';
import { daysBetween } from '../shared/settings.ts';

export interface Seller {
  businessName: string;
  businessABN: string;
  businessAddress: string;
  businessPhone: string;
  businessEmail: string;
  bankName: string;
  accountName: string;
  bsb: string;
  accountNumber: string;
  referenceNote: string;
}

type Num = number | string;

export interface InvoiceRow {
  tenant_id: string;
  id: string;
  invoice_number: string | null;
  type: InvoiceType;
  status: InvoiceStatus;
  booking_id: string | null;
  booking_code: string | null;
  booking_source: string;
  quotation_id: string | null;
  quotation_number: string | null;
  resource_name: string | null;
  event_type: string | null;
  event_date: string | null;
  customer_name: string;
  customer_email: string;
  customer_abn: string | null;
  issue_date: string | null;
  due_date: string;
  description: string;
  notes: string;
  seller: Seller | null;
  line_items: InvoiceLine[];
  tax_type: 'inclusive' | 'exclusive';
  tax_rate_bp: number;
  subtotal_cents: Num;
  gst_cents: Num;
  total_cents: Num;
  full_amount_cents: Num;
  deposit_applied_cents: Num;
  credited_cents: Num;
  paid_cents: Num;
  deposit_paid_cents: Num;
  created_at: Date | string;
  sent_at: Date | string | null;
  paid_at: Date | string | null;
  voided_at: Date | string | null;
  updated_at: Date | string;
}

/**
 * Invoices with their columns as both drivers give them: dates as text, and what the booking's deposit invoices
 * have been paid (a final invoice shows the deposit paid beside the deposit applied).
 */
export function selectInvoices(tx: Queryable) {
  return db(tx)
    .selectFrom('invoices as i')
    .selectAll('i')
    .select((eb) => [
      dateText(eb.ref('i.issue_date')).as('issue_date'),
      dateText(eb.ref('i.due_date')).as('due_date'),
      dateText(eb.ref('i.event_date')).as('event_date'),
      eb
        .case()
        .when('i.type', '=', 'DEPOSIT')
        .then(eb.ref('i.paid_cents'))
        .when('i.type', '=', 'FINAL')
        .then(
          eb
            .selectFrom('invoices as d')
            .select((d) => d.fn.coalesce(d.fn.sum<number>('d.paid_cents'), d.lit(0)).as('paid'))
            .whereRef('d.tenant_id', '=', 'i.tenant_id')
            .whereRef('d.booking_id', '=', 'i.booking_id')
            .where('d.type', '=', 'DEPOSIT')
            .where('d.status', '<>', 'VOID'),
        )
        .else(eb.lit(0))
        .end()
        .as('deposit_paid_cents'),
    ])
    .$castTo<InvoiceRow>();
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const n = (v: Num): number => Number(v);

export function balanceCents(r: Pick<InvoiceRow, 'total_cents' | 'credited_cents' | 'paid_cents'>): number {
  return Math.max(0, n(r.total_cents) - n(r.credited_cents) - n(r.paid_cents));
}

/** The invoice as answered; `today` is the venue's day (days overdue). */
export function toInvoice(r: InvoiceRow, today: string): Invoice {
  const total = n(r.total_cents);
  const gst = n(r.gst_cents);
  const paid = n(r.paid_cents);
  const balance = balanceCents(r);
  const overdue = r.status === 'OVERDUE' ? Math.max(0, daysBetween(r.due_date, today)) : 0;
  return {
    id: r.id,
    hallOwnerId: r.tenant_id,
    invoiceNumber: r.invoice_number,
    type: r.type,
    invoiceType: r.type,
    status: r.status,
    customer: { name: r.customer_name, email: r.customer_email, abn: r.customer_abn },
    bookingId: r.booking_id,
    booking: r.booking_id,
    bookingCode: r.booking_code,
    bookingSource: r.booking_source,
    quotationId: r.quotation_id,
    quotationNumber: r.quotation_number,
    resource: r.resource_name,
    eventType: r.event_type,
    eventDate: r.event_date,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    description: r.description,
    notes: r.notes,
    lineItems: r.line_items,
    taxType: r.tax_type,
    taxRateBp: r.tax_rate_bp,
    taxRate: basisPointsToPercent(r.tax_rate_bp),
    subtotalCents: n(r.subtotal_cents),
    gstCents: gst,
    totalCents: total,
    fullAmountCents: n(r.full_amount_cents),
    depositAppliedCents: n(r.deposit_applied_cents),
    depositPaidCents: n(r.deposit_paid_cents),
    creditedCents: n(r.credited_cents),
    paidCents: paid,
    balanceCents: balance,
    subtotal: centsToDollars(n(r.subtotal_cents)),
    gst: centsToDollars(gst),
    total: centsToDollars(total),
    finalTotal: centsToDollars(total),
    fullAmountWithGST: centsToDollars(n(r.full_amount_cents)),
    depositPaid: centsToDollars(n(r.deposit_paid_cents)),
    paidAmount: centsToDollars(paid),
    balanceDue: centsToDollars(balance),
    gstIsOneEleventh: gst * 11 === total,
    daysOverdue: overdue,
    priority: r.status === 'OVERDUE' ? 'high' : 'normal',
    createdAt: iso(r.created_at)!,
    sentAt: iso(r.sent_at),
    paidAt: iso(r.paid_at),
    voidedAt: iso(r.voided_at),
    updatedAt: iso(r.updated_at)!,
  };
}

/** The invoice of the transaction's tenant, locked for the change when `lock`; 404 when absent. */
export async function loadInvoice(
  tx: Tx,
  tenantId: string,
  id: string | null,
  lock = false,
): Promise<InvoiceRow> {
  if (!id) throw notFound('Invoice not found');
  // FOR UPDATE cannot stand beside the aggregate sub-select: lock the row first, then read it.
  if (lock)
    await db(tx)
      .selectFrom('invoices')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .execute();
  const row = await selectInvoices(tx)
    .where('i.tenant_id', '=', tenantId)
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Invoice not found');
  return row;
}

/** The invoice's event payload (invoice.* events). */
export function invoiceEventData(r: InvoiceRow, businessName: string) {
  return {
    id: r.id,
    invoiceNumber: r.invoice_number,
    type: r.type,
    status: r.status,
    bookingId: r.booking_id,
    bookingCode: r.booking_code,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    totalCents: n(r.total_cents),
    gstCents: n(r.gst_cents),
    paidCents: n(r.paid_cents),
    balanceCents: balanceCents(r),
    creditedCents: n(r.credited_cents),
    pdfPath: `/api/invoices/${r.id}/pdf`,
    internalPdfPath: `/internal/invoices/${r.tenant_id}/${r.id}/pdf`,
    businessName,
  };
}

/** How the audit log names an invoice. */
export const invoiceLabel = (r: Pick<InvoiceRow, 'invoice_number' | 'type' | 'customer_name'>) =>
  `${r.invoice_number ? `Invoice ${r.invoice_number}` : `Draft ${r.type.toLowerCase()} invoice`} — ${r.customer_name}`;
