/**
 * The steps of a demo invoice's history (demo-invoices.ts plays them in date order): issue,
 * payment, void and the adjustment note with its refund, each as the live step writes it, on
 * the day the plan says, publishing what the live step publishes with that moment's figures.
 */
import { gstOfInclusive } from '@venue/contracts';
import type { InvoiceStatus, PaymentMethod } from '@venue/contracts/money-api';
import { HttpError, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { sellerOf, statusFromFigures } from '../invoices/operations.ts';
import { balanceCents, type InvoiceRow } from '../invoices/invoice-row.ts';
import { nextInvoiceNumber, nextNumber } from '../shared/numbers.ts';
import type { MoneySettings } from '../shared/settings.ts';
import type { DemoInvoice, DemoPayment } from './demo-invoices.ts';

const year = (day: string) => Number(day.slice(0, 4));

function planError(message: string): HttpError {
  return new HttpError(400, `money: ${message}`);
}

/** What every step shares: the transaction, the venue's day, and each invoice as its last step left it. */
export interface DemoRun {
  tx: Tx;
  tenantId: string;
  settings: MoneySettings;
  dayOf: (at: string) => string;
  current: Map<string, InvoiceRow>;
  load: (id: string) => Promise<InvoiceRow>;
  publishInvoice: (
    type: 'invoice.issued' | 'invoice.status_changed',
    row: InvoiceRow,
    from: InvoiceStatus,
  ) => Promise<void>;
  publishMovement: (before: InvoiceRow, after: InvoiceRow, p: Movement) => Promise<void>;
}

export interface Movement {
  id: string;
  kind: 'payment' | 'refund';
  amountCents: number;
  method: PaymentMethod;
  receipt: string;
  at: string;
}

export async function issueInvoice(run: DemoRun, at: string, day: string, before: InvoiceRow) {
  const { tx, tenantId, settings } = run;
  if (before.status !== 'DRAFT') throw planError(`invoice ${before.id} is issued twice.`);
  const number = await nextInvoiceNumber(tx, tenantId, settings, day);
  await db(tx)
    .updateTable('invoices')
    .set({
      status: 'SENT',
      invoice_number: number,
      issue_date: day,
      sent_at: at,
      seller: JSON.stringify(sellerOf(settings)),
      updated_at: at,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', before.id)
    .where('status', '=', 'DRAFT')
    .execute();
  const row = await run.load(before.id);
  await run.publishInvoice('invoice.issued', row, 'DRAFT');
}

export async function recordPayment(
  run: DemoRun,
  at: string,
  day: string,
  before: InvoiceRow,
  payment: DemoPayment,
) {
  const { tx, tenantId } = run;
  const amount = payment.amountCents ?? balanceCents(before);
  // The live rule: never more than the balance (the table's CHECK says so too).
  if (before.status === 'DRAFT' || amount <= 0 || amount > balanceCents(before))
    throw planError(`payment ${payment.id} does not fit invoice ${before.id}.`);
  const receipt = await nextNumber(tx, tenantId, 'receipt', year(day));
  await db(tx)
    .insertInto('payments')
    .values({
      tenant_id: tenantId,
      id: payment.id,
      invoice_id: before.id,
      kind: 'payment',
      payment_method: payment.method,
      amount_cents: amount,
      reference: payment.reference,
      receipt_number: receipt,
      created_by: 'system',
      processed_at: at,
    })
    .execute();
  const next = statusFromFigures({ ...before, paid_cents: Number(before.paid_cents) + amount }, day, false);
  await db(tx)
    .updateTable('invoices')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '+', amount),
      status: next,
      paid_at: next === 'PAID' ? at : eb.ref('paid_at'),
      updated_at: at,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', before.id)
    .execute();
  await run.publishMovement(before, await run.load(before.id), {
    id: payment.id,
    kind: 'payment',
    amountCents: amount,
    method: payment.method,
    receipt,
    at,
  });
}

export async function voidInvoice(run: DemoRun, at: string, before: InvoiceRow) {
  if (Number(before.paid_cents) > 0) throw planError(`invoice ${before.id} is voided with money paid.`);
  await db(run.tx)
    .updateTable('invoices')
    .set({ status: 'VOID', voided_at: at, updated_at: at })
    .where('tenant_id', '=', run.tenantId)
    .where('id', '=', before.id)
    .execute();
  const row = await run.load(before.id);
  if (before.status !== 'DRAFT') await run.publishInvoice('invoice.status_changed', row, before.status);
}

/** A full adjustment note with the money paid refunded: the invoice ends REFUNDED. */
export async function refundInvoice(
  run: DemoRun,
  at: string,
  day: string,
  before: InvoiceRow,
  refund: NonNullable<DemoInvoice['refund']>,
) {
  const { tx, tenantId } = run;
  const total = Number(before.total_cents) - Number(before.credited_cents);
  const paid = Number(before.paid_cents);
  if (total <= 0 || paid <= 0) throw planError(`invoice ${before.id} has nothing to refund.`);
  const number = await nextNumber(tx, tenantId, 'credit_note', year(day));
  await db(tx)
    .insertInto('credit_notes')
    .values({
      tenant_id: tenantId,
      id: refund.creditNoteId,
      invoice_id: before.id,
      credit_note_number: number,
      issue_date: day,
      reason: refund.reason,
      amount_cents: total,
      gst_cents: gstOfInclusive(total, before.tax_rate_bp),
      refunded_cents: paid,
      created_by: 'system',
      created_at: at,
    })
    .execute();
  const receipt = await nextNumber(tx, tenantId, 'receipt', year(day));
  await db(tx)
    .insertInto('payments')
    .values({
      tenant_id: tenantId,
      id: refund.paymentId,
      invoice_id: before.id,
      kind: 'refund',
      payment_method: 'Bank Transfer',
      amount_cents: paid,
      reference: number,
      notes: refund.reason,
      credit_note_id: refund.creditNoteId,
      receipt_number: receipt,
      created_by: 'system',
      processed_at: at,
    })
    .execute();
  const next = statusFromFigures(
    { ...before, credited_cents: Number(before.credited_cents) + total, paid_cents: 0 },
    day,
    true,
  );
  await db(tx)
    .updateTable('invoices')
    .set((eb) => ({
      credited_cents: eb('credited_cents', '+', total),
      paid_cents: 0,
      status: next,
      updated_at: at,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', before.id)
    .execute();
  const after = await run.load(before.id);
  await tx.publish(
    'credit_note.issued',
    creditNoteEventData(tenantId, { at, day, before, after, refund, number, total, paid }),
    { tenantId },
  );
  await run.publishMovement(before, after, {
    id: refund.paymentId,
    kind: 'refund',
    amountCents: paid,
    method: 'Bank Transfer',
    receipt,
    at,
  });
}

/** The note as just inserted (no read back: the values are these). */
function creditNoteEventData(
  tenantId: string,
  n: {
    at: string;
    day: string;
    before: InvoiceRow;
    after: InvoiceRow;
    refund: NonNullable<DemoInvoice['refund']>;
    number: string;
    total: number;
    paid: number;
  },
) {
  return {
    id: n.refund.creditNoteId,
    hallOwnerId: tenantId,
    invoiceId: n.before.id,
    invoiceNumber: n.after.invoice_number,
    creditNoteNumber: n.number,
    issueDate: n.day,
    reason: n.refund.reason,
    amountCents: n.total,
    gstCents: gstOfInclusive(n.total, n.before.tax_rate_bp),
    amount: n.total / 100,
    gst: gstOfInclusive(n.total, n.before.tax_rate_bp) / 100,
    refundedCents: n.paid,
    createdAt: new Date(n.at).toISOString(),
  };
}
