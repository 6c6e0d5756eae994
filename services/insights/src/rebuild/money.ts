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

/** The events money would have published for what it holds now, in the order they apply. */
export function moneyEventsOf(tenantId: string, m: MoneyData, at: string): DomainEvent[] {
  const ev = (type: EventType, data: unknown, occurredAt = at): DomainEvent => ({
    id: randomUUID(),
    type,
    source: 'insights-rebuild',
    tenantId,
    occurredAt,
    data,
  });
  const figures = new Map(
    m.invoices.map((i) => [
      i.id,
      {
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
      },
    ]),
  );
  const events: DomainEvent[] = [];
  for (const inv of figures.values()) {
    events.push(
      ev('invoice.status_changed', {
        ...inv,
        from: null,
        pdfPath: `/api/invoices/${inv.id}/pdf`,
        businessName: '',
      }),
    );
  }
  for (const p of m.payments) {
    const invoice = figures.get(p.invoiceId);
    if (!invoice) continue;
    events.push(
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
    );
  }
  for (const c of m.creditNotes) {
    const invoice = figures.get(c.invoiceId);
    events.push(
      ev('credit_note.issued', {
        id: c.id,
        hallOwnerId: tenantId,
        invoiceId: c.invoiceId,
        invoiceNumber: invoice?.invoiceNumber ?? null,
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
  for (const b of m.bonds) {
    const type = BOND_TYPES[b.status];
    if (!type) continue;
    events.push(
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
    );
  }
  // Quotes of the funnel: those sent (when first sent), and a decline after it.
  for (const q of m.quotations) {
    if (!q.sentAt) continue;
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
    events.push(ev('quotation.sent', data, iso(q.sentAt)));
    if (q.status === 'Declined') events.push(ev('quotation.declined', data, iso(q.updatedAt)));
  }
  return events;
}

/** Empties the tenant's money copies (before money's export is replayed into them). */
export async function emptyMoneyCopies(tx: Tx, tenantId: string): Promise<void> {
  for (const table of ['payments', 'credit_notes', 'bonds', 'invoices', 'quotations'] as const) {
    await db(tx).deleteFrom(table).where('tenant_id', '=', tenantId).execute();
  }
}
