/**
 * Money's part of a rebuild (decision 39): money's `/internal/tenant-export` (invoices, payments,
 * credit notes, bonds, quotations, as stored) turned into the events money would have published,
 * applied by the same consumers after the tenant's money copies are emptied. When money has no
 * such route or cannot be reached, the rebuild keeps the money copies as their events left them
 * and says so (`notRebuilt`).
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventType } from '@venue/contracts';
import { callService, type Tx } from '@venue/service-kit';
import { z } from 'zod';
import { db } from '../db/query.ts';

const num = z.coerce.number().catch(0);
const text = z.string().nullable().optional();

// What the rebuild reads of money's export (its full shape is money's: contracts money-api).
export const moneyExport = z.looseObject({
  invoices: z.array(
    z.looseObject({
      id: z.string(),
      invoiceNumber: text,
      type: z.string(),
      status: z.string(),
      bookingId: text,
      bookingCode: text,
      customerName: z.string().catch(''),
      customerEmail: z.string().catch(''),
      issueDate: text,
      dueDate: z.string(),
      totalCents: num,
      gstCents: num,
      paidCents: num,
      creditedCents: num,
    }),
  ),
  payments: z.array(
    z.looseObject({
      id: z.string(),
      invoiceId: z.string(),
      kind: z.string(),
      paymentMethod: text,
      amountCents: num,
      receiptNumber: text,
      processedAt: z.string(),
    }),
  ),
  creditNotes: z.array(
    z.looseObject({
      id: z.string(),
      invoiceId: z.string(),
      creditNoteNumber: z.string().catch(''),
      issueDate: z.string(),
      reason: z.string().catch(''),
      amountCents: num,
      gstCents: num,
      refundedCents: num,
      createdAt: z.string(),
    }),
  ),
  bonds: z.array(
    z.looseObject({
      id: z.string(),
      bookingId: z.string(),
      status: z.string(),
      amountCents: num,
      refundedCents: num,
      forfeitedCents: num,
      forfeitedGstCents: num,
      forfeitReason: text,
      updatedAt: z.string(),
    }),
  ),
  quotations: z.array(
    z.looseObject({
      id: z.string(),
      status: z.string(),
      customerName: z.string().catch(''),
      customerEmail: z.string().catch(''),
      eventType: z.string().catch(''),
      eventDate: z.string().catch(''),
      resourceName: z.string().catch(''),
      totalCents: num,
      depositCents: num,
      validUntil: z.string().catch(''),
      sentAt: text,
      updatedAt: z.string(),
    }),
  ),
});
export type MoneyData = z.infer<typeof moneyExport>;

/** Money's export for the tenant, or null (with why) when money cannot give one. */
export async function fetchMoneyData(tenantId: string): Promise<{ data: MoneyData | null; why?: string }> {
  try {
    const data = await callService({
      service: 'money',
      path: `/internal/tenant-export/${encodeURIComponent(tenantId)}`,
      response: moneyExport,
      timeoutMs: 15_000,
      retries: 0,
    });
    return { data };
  } catch (err) {
    return { data: null, why: err instanceof Error ? err.message : String(err) };
  }
}

const METHODS = ['Bank Transfer', 'Card', 'Cash', 'Cheque'];
const BOND_TYPES: Record<string, EventType> = {
  HELD: 'bond.received',
  REFUNDED: 'bond.refunded',
  FORFEITED: 'bond.forfeited',
  PARTIALLY_FORFEITED: 'bond.forfeited',
};
const QUOTE_STATUSES = ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired'];
const dollars = (cents: number) => Math.round(cents) / 100;
const iso = (v: string) => new Date(v).toISOString();

/** An event of the rebuild for the tenant, at `occurredAt` (the rebuild's time unless given). */
type Envelope = (type: EventType, data: unknown, occurredAt?: string) => DomainEvent;
type InvoiceFigures = ReturnType<typeof invoiceFigures>;

/** The events money would have published for what it holds now, in the order they apply. */
export function moneyEventsOf(tenantId: string, m: MoneyData, at: string): DomainEvent[] {
  const ev: Envelope = (type, data, occurredAt = at) => ({
    id: randomUUID(),
    type,
    source: 'insights-rebuild',
    tenantId,
    occurredAt,
    data,
  });
  const figures = new Map(m.invoices.map((i) => [i.id, invoiceFigures(i)]));
  return [
    ...[...figures.values()].map((inv) =>
      ev('invoice.status_changed', {
        ...inv,
        from: null,
        pdfPath: `/api/invoices/${inv.id}/pdf`,
        businessName: '',
      }),
    ),
    ...paymentEvents(m.payments, figures, ev),
    ...creditNoteEvents(tenantId, m.creditNotes, figures, ev),
    ...bondEvents(m.bonds, ev),
    ...quotationEvents(tenantId, m.quotations, ev),
  ];
}

/** An invoice's figures as money's events carry them, with the balance they imply. */
function invoiceFigures(i: MoneyData['invoices'][number]) {
  return {
    id: i.id,
    invoiceNumber: i.invoiceNumber ?? null,
    type: i.type,
    status: i.status,
    bookingId: i.bookingId ?? null,
    bookingCode: i.bookingCode ?? null,
    customerName: i.customerName,
    customerEmail: i.customerEmail,
    issueDate: i.issueDate ?? null,
    dueDate: i.dueDate,
    totalCents: i.totalCents,
    gstCents: i.gstCents,
    paidCents: i.paidCents,
    creditedCents: i.creditedCents,
    balanceCents: Math.max(0, i.totalCents - i.creditedCents - i.paidCents),
  };
}

/** A payment (or refund) of an invoice money exported; one of an unknown invoice is left out. */
function paymentEvents(
  payments: MoneyData['payments'],
  figures: Map<string, InvoiceFigures>,
  ev: Envelope,
): DomainEvent[] {
  return payments.flatMap((p) => {
    const invoice = figures.get(p.invoiceId);
    if (!invoice) return [];
    return [
      ev('payment.recorded', {
        paymentId: p.id,
        kind: p.kind,
        amountCents: p.amountCents,
        paymentMethod: METHODS.includes(p.paymentMethod ?? '') ? p.paymentMethod : 'Bank Transfer',
        receiptNumber: p.receiptNumber ?? '',
        processedAt: iso(p.processedAt),
        invoice,
        bookingMoney: null,
      }),
    ];
  });
}

/** A credit note, naming the invoice's number when money exported that invoice. */
function creditNoteEvents(
  tenantId: string,
  creditNotes: MoneyData['creditNotes'],
  figures: Map<string, InvoiceFigures>,
  ev: Envelope,
): DomainEvent[] {
  return creditNotes.map((c) =>
    ev('credit_note.issued', {
      id: c.id,
      hallOwnerId: tenantId,
      invoiceId: c.invoiceId,
      invoiceNumber: figures.get(c.invoiceId)?.invoiceNumber ?? null,
      creditNoteNumber: c.creditNoteNumber,
      issueDate: c.issueDate,
      reason: c.reason,
      amountCents: c.amountCents,
      gstCents: c.gstCents,
      amount: dollars(c.amountCents),
      gst: dollars(c.gstCents),
      refundedCents: c.refundedCents,
      createdAt: iso(c.createdAt),
    }),
  );
}

/** A bond received, refunded or kept, as its status says; a bond in another status has none. */
function bondEvents(bonds: MoneyData['bonds'], ev: Envelope): DomainEvent[] {
  return bonds.flatMap((b) => {
    const type = BOND_TYPES[b.status];
    if (!type) return [];
    return [
      ev(type, {
        id: b.id,
        bookingId: b.bookingId,
        status: b.status,
        amountCents: b.amountCents,
        refundedCents: b.refundedCents,
        forfeitedCents: b.forfeitedCents,
        forfeitedGstCents: b.forfeitedGstCents,
        reason: b.forfeitReason ?? null,
        at: iso(b.updatedAt),
      }),
    ];
  });
}

/** Quotes of the funnel: those sent (when first sent), and a decline after it. */
function quotationEvents(tenantId: string, quotations: MoneyData['quotations'], ev: Envelope): DomainEvent[] {
  return quotations.flatMap((q) => {
    if (!q.sentAt) return [];
    const data = {
      quotationId: q.id,
      hallOwnerId: tenantId,
      customerName: q.customerName,
      customerEmail: q.customerEmail,
      eventType: q.eventType,
      eventDate: q.eventDate,
      resourceName: q.resourceName,
      totalCents: q.totalCents,
      depositCents: q.depositCents,
      validUntil: q.validUntil,
      status: QUOTE_STATUSES.includes(q.status) ? q.status : 'Sent',
      pdfPath: null,
    };
    const sent = ev('quotation.sent', data, iso(q.sentAt));
    return q.status === 'Declined' ? [sent, ev('quotation.declined', data, iso(q.updatedAt))] : [sent];
  });
}

/** Empties the tenant's money copies (before money's export is replayed into them). */
export async function emptyMoneyCopies(tx: Tx, tenantId: string): Promise<void> {
  for (const table of ['payments', 'credit_notes', 'bonds', 'invoices', 'quotations'] as const) {
    await db(tx).deleteFrom(table).where('tenant_id', '=', tenantId).execute();
  }
}
