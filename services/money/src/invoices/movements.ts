/**
 * Money moving on an issued invoice (issue 13): payments, and the reversals of Mark Unpaid, each
 * a payments row with its receipt number, then the invoice's figures and status, then the events.
 * The invariants of operations.ts hold here too: a conditional change on locked rows, booking copy
 * before invoice (lockInvoiceAndBooking).
 */
import { MONEY_MESSAGES, type InvoiceStatus, type PaymentMethod } from '@venue/contracts/money-api';
import { conflict, type AuditContext, type Tx } from '@venue/service-kit';
import { findBooking } from '../copies/booking-copy.ts';
import { db, NOW } from '../db/query.ts';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { formatCents } from '../shared/format.ts';
import { nextNumber } from '../shared/numbers.ts';
import { today, type MoneySettings } from '../shared/settings.ts';
import { balanceCents, invoiceEventData, loadInvoice, type InvoiceRow } from './invoice-row.ts';
import { audit, statusFromFigures } from './operations.ts';

const OPEN: readonly InvoiceStatus[] = ['SENT', 'PARTIAL', 'OVERDUE'];

export interface MoneyMovement {
  amountCents: number;
  paymentMethod: PaymentMethod;
  reference?: string | undefined;
  notes?: string | undefined;
  idempotencyKey?: string | undefined;
  createdBy: string | null;
}

export interface PaymentRow {
  tenant_id: string;
  id: string;
  invoice_id: string;
  kind: 'payment' | 'refund' | 'reversal';
  payment_method: PaymentMethod;
  amount_cents: number | string;
  reference: string;
  notes: string;
  credit_note_id: string | null;
  reverses_payment_id: string | null;
  reversed_at: Date | string | null;
  receipt_number: string;
  idempotency_key: string | null;
  created_by: string | null;
  processed_at: Date | string;
}

/** Locks the invoice's booking (if any), then the invoice: the one lock order. */
export async function lockInvoiceAndBooking(
  tx: Tx,
  tenantId: string,
  id: string | null,
): Promise<InvoiceRow> {
  const first = await loadInvoice(tx, tenantId, id);
  if (first.booking_id) await findBooking(tx, tenantId, first.booking_id, true);
  return loadInvoice(tx, tenantId, first.id, true);
}

/** A payments row (payment, refund or reversal) with the next receipt number of the venue's year. */
export async function insertMovement(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  kind: PaymentRow['kind'],
  m: MoneyMovement,
  day: string,
  links: { creditNoteId?: string; reversesPaymentId?: string } = {},
): Promise<PaymentRow> {
  const receipt = await nextNumber(tx, tenantId, 'receipt', Number(day.slice(0, 4)));
  return db(tx)
    .insertInto('payments')
    .values({
      tenant_id: tenantId,
      invoice_id: invoiceId,
      kind,
      payment_method: m.paymentMethod,
      amount_cents: m.amountCents,
      reference: m.reference ?? '',
      notes: m.notes ?? '',
      credit_note_id: links.creditNoteId ?? null,
      reverses_payment_id: links.reversesPaymentId ?? null,
      receipt_number: receipt,
      idempotency_key: m.idempotencyKey ?? null,
      created_by: m.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Events after money moved on an invoice: the movement, the move of status, the deposit, the booking. */
export async function afterMovement(
  tx: Tx,
  tenantId: string,
  before: InvoiceRow,
  after: InvoiceRow,
  payment: PaymentRow,
  settings: MoneySettings,
) {
  const bookingMoney = await publishBookingMoney(tx, tenantId, after.booking_id);
  const invoice = invoiceEventData(after, settings.payment.businessName);
  await tx.publish(
    'payment.recorded',
    {
      paymentId: payment.id,
      kind: payment.kind,
      amountCents: Number(payment.amount_cents),
      paymentMethod: payment.payment_method,
      receiptNumber: payment.receipt_number,
      processedAt: new Date(payment.processed_at).toISOString(),
      invoice,
      bookingMoney,
    },
    { tenantId },
  );
  if (before.status !== after.status)
    await tx.publish('invoice.status_changed', { ...invoice, from: before.status }, { tenantId });
  if (after.type === 'DEPOSIT' && bookingMoney && (before.status === 'PAID') !== (after.status === 'PAID'))
    await tx.publish(
      after.status === 'PAID' ? 'deposit.paid' : 'deposit.unpaid',
      { ...bookingMoney, depositInvoiceId: after.id },
      { tenantId },
    );
}

export interface Recorded {
  payment: PaymentRow;
  invoice: InvoiceRow;
  /** The Idempotency-Key had already paid: nothing new was recorded. */
  replayed: boolean;
}

/**
 * Records a payment on an issued invoice: at most its balance (an overpayment is refused with
 * the balance named), once per Idempotency-Key. Two payments racing to complete an invoice
 * queue on its row lock: the first makes it PAID, the second finds no balance left (409).
 */
export async function recordPayment(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  id: string | null,
  m: MoneyMovement,
  settings: MoneySettings,
): Promise<Recorded> {
  const before = await lockInvoiceAndBooking(tx, tenantId, id);
  if (m.idempotencyKey) {
    // Under the invoice's lock: a simultaneous twin waits here and then finds the first.
    const earlier = await db(tx)
      .selectFrom('payments')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('idempotency_key', '=', m.idempotencyKey)
      .executeTakeFirst();
    if (earlier) {
      if (earlier.invoice_id !== before.id || Number(earlier.amount_cents) !== m.amountCents)
        throw conflict('This Idempotency-Key was already used for a different payment.');
      return { payment: earlier, invoice: before, replayed: true };
    }
  }
  if (before.status === 'DRAFT') throw conflict('Send this invoice before recording a payment against it.');
  if (before.status === 'PAID') throw conflict('This invoice is already paid in full.', { status: 'PAID' });
  if (!OPEN.includes(before.status))
    throw conflict(`A payment cannot be recorded on a ${before.status.toLowerCase()} invoice.`, {
      status: before.status,
    });
  const balance = balanceCents(before);
  if (m.amountCents > balance) {
    const message = MONEY_MESSAGES.overpayment(formatCents(balance));
    throw conflict(message, { balanceCents: balance, errors: [{ path: 'amount', message }] });
  }
  const day = today(settings);
  const payment = await insertMovement(tx, tenantId, before.id, 'payment', m, day);
  const next = statusFromFigures(
    { ...before, paid_cents: Number(before.paid_cents) + m.amountCents },
    day,
    false,
  );
  await db(tx)
    .updateTable('invoices')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '+', m.amountCents),
      status: next,
      paid_at: next === 'PAID' ? NOW : eb.ref('paid_at'),
      updated_at: NOW,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', before.id)
    .execute();
  const after = await loadInvoice(tx, tenantId, before.id);
  await afterMovement(tx, tenantId, before, after, payment, settings);
  await audit(tx, ctx, tenantId, {
    action: 'payment_recorded',
    row: after,
    changes: {
      paidCents: { old: Number(before.paid_cents), new: Number(after.paid_cents) },
      status: { old: before.status, new: after.status },
    },
    info: `${formatCents(m.amountCents)} by ${m.paymentMethod}${m.reference ? ` (${m.reference})` : ''}`,
  });
  return { payment, invoice: after, replayed: false };
}

/**
 * Mark Unpaid: every standing payment of the invoice is cancelled by a reversal record (the
 * payment itself stays, marked reversed); the invoice goes back to SENT or OVERDUE.
 */
export async function reversePayments(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  id: string,
  reason: string | undefined,
  createdBy: string | null,
  settings: MoneySettings,
): Promise<{ invoice: InvoiceRow; reversals: PaymentRow[] }> {
  const before = await lockInvoiceAndBooking(tx, tenantId, id);
  const standing = await db(tx)
    .selectFrom('payments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', before.id)
    .where('kind', '=', 'payment')
    .where('reversed_at', 'is', null)
    .orderBy('processed_at')
    .execute();
  if (standing.length === 0 || Number(before.paid_cents) === 0)
    throw conflict('Nothing has been paid on this deposit.');
  const day = today(settings);
  const reversals: PaymentRow[] = [];
  let paid = Number(before.paid_cents);
  for (const p of standing) {
    const amount = Math.min(Number(p.amount_cents), paid);
    if (amount <= 0) break;
    reversals.push(
      await insertMovement(
        tx,
        tenantId,
        before.id,
        'reversal',
        { amountCents: amount, paymentMethod: p.payment_method, notes: reason ?? 'Marked unpaid', createdBy },
        day,
        { reversesPaymentId: p.id },
      ),
    );
    await db(tx)
      .updateTable('payments')
      .set({ reversed_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', p.id)
      .execute();
    paid -= amount;
  }
  const reversed = Number(before.paid_cents) - paid;
  const next = statusFromFigures({ ...before, paid_cents: paid }, day, false);
  await db(tx)
    .updateTable('invoices')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '-', reversed),
      status: next,
      paid_at: null,
      updated_at: NOW,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', before.id)
    .execute();
  const after = await loadInvoice(tx, tenantId, before.id);
  await afterMovement(tx, tenantId, before, after, reversals.at(-1)!, settings);
  await audit(tx, ctx, tenantId, {
    action: 'payment_reversed',
    row: after,
    changes: {
      paidCents: { old: Number(before.paid_cents), new: paid },
      status: { old: before.status, new: after.status },
    },
    info: reason ?? 'Marked unpaid',
  });
  return { invoice: after, reversals };
}
