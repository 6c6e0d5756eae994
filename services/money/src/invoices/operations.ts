/**
 * The invoice's life (issue 13): created as a draft from a booking, issued (numbered, sent),
 * paid in part or whole, credited, voided. Every move is a conditional change on a locked row
 * inside the request's (or event's) transaction, so two requests racing see each other's result
 * and the loser gets a 409, never a half-applied change. A sent invoice is never edited:
 * corrections are credit notes.
 *
 * Lock order, everywhere: the booking copy row, then the invoice row (no deadlocks between a
 * payment and a deposit change of one booking).
 */
import { gstOfInclusive, taxTypeOf } from '@venue/contracts';
import { MONEY_MESSAGES, type InvoiceStatus, type PaymentMethod } from '@venue/contracts/money-api';
import { conflict, type AuditContext, type Tx } from '@venue/service-kit';
import { findBooking, type BookingCopyRow } from '../copies/booking-copy.ts';
import { dateText, db, NOW } from '../db/query.ts';
import type { InvoiceType } from '../db/schema.ts';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { formatCents } from '../shared/format.ts';
import { nextNumber } from '../shared/numbers.ts';
import { addDays, today, type MoneySettings } from '../shared/settings.ts';
import {
  balanceCents,
  invoiceEventData,
  invoiceLabel,
  loadInvoice,
  type InvoiceRow,
  type Seller,
} from './invoice-row.ts';

const INVOICEABLE = new Set(['confirmed', 'pending', 'completed']);
const OPEN: readonly InvoiceStatus[] = ['SENT', 'PARTIAL', 'OVERDUE'];

export interface CreateInvoiceInput {
  invoiceType: 'DEPOSIT' | 'FINAL';
  amountCents?: number | undefined;
  description?: string | undefined;
  dueDate?: string | undefined;
  notes?: string | undefined;
  customerAbn?: string | undefined;
  createdBy: string | null;
}

/** The booking's non-void invoice of `type`, if any. */
async function existingOfType(tx: Tx, tenantId: string, bookingId: string, type: InvoiceType) {
  const row = await db(tx)
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'status', 'total_cents'])
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .where('type', '=', type)
    .where('status', '<>', 'VOID')
    .executeTakeFirst();
  return row ?? null;
}

/** Deposit invoiced on the booking (non-void DEPOSIT invoices less their credits). */
async function depositInvoiced(tx: Tx, tenantId: string, bookingId: string): Promise<number> {
  const row = await db(tx)
    .selectFrom('invoices')
    .select((eb) =>
      eb.fn
        .coalesce(eb.fn.sum<number>(eb('total_cents', '-', eb.ref('credited_cents'))), eb.lit(0))
        .as('cents'),
    )
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .where('type', '=', 'DEPOSIT')
    .where('status', '<>', 'VOID')
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

/**
 * A draft DEPOSIT or FINAL invoice for a booking (the caller holds the booking row's lock). The
 * amount defaults to the booking's deposit, or its total less the deposit invoiced; GST is the
 * part of that GST-inclusive amount at the booking's rate (decision 25's figures).
 */
export async function createInvoice(
  tx: Tx,
  tenantId: string,
  booking: BookingCopyRow,
  input: CreateInvoiceInput,
  settings: MoneySettings,
): Promise<InvoiceRow> {
  if (!INVOICEABLE.has(booking.status))
    throw conflict(MONEY_MESSAGES.notInvoiceable, { bookingStatus: booking.status });
  const existing = await existingOfType(tx, tenantId, booking.booking_id, input.invoiceType);
  if (existing) {
    const message =
      input.invoiceType === 'FINAL'
        ? MONEY_MESSAGES.finalExists
        : 'A deposit invoice already exists for this booking.';
    throw conflict(message, {
      existingInvoice: {
        id: existing.id,
        invoiceNumber: existing.invoice_number,
        status: existing.status,
        totalCents: Number(existing.total_cents),
        total: Number(existing.total_cents) / 100,
      },
    });
  }
  const full = Number(booking.total_cents ?? booking.price_cents);
  const depositApplied =
    input.invoiceType === 'FINAL' ? await depositInvoiced(tx, tenantId, booking.booking_id) : 0;
  const amount =
    input.amountCents ??
    (input.invoiceType === 'DEPOSIT' ? Number(booking.deposit_cents ?? 0) : full - depositApplied);
  if (amount <= 0) {
    const message =
      input.invoiceType === 'DEPOSIT'
        ? 'This booking has no deposit to invoice. Enter an amount.'
        : 'Nothing is left to invoice on this booking. Enter an amount.';
    throw conflict(message, { errors: [{ path: 'amount', message }] });
  }
  const rateBp = booking.tax_rate_bp ?? settings.rateBp;
  const taxType = booking.tax_type ? taxTypeOf(booking.tax_type) : taxTypeOf(settings.copy.taxType);
  const gst = gstOfInclusive(amount, rateBp);
  const description =
    input.description ||
    `${booking.event_type || 'Booking'} ${input.invoiceType === 'DEPOSIT' ? 'Deposit' : 'Final'} Payment`;
  const line = {
    description,
    quantity: 1,
    unitAmountCents: amount,
    totalCents: amount,
    gstCents: gst,
    taxable: true,
  };
  const due = input.dueDate ?? addDays(today(settings), settings.payment.defaultDueDays);
  const inserted = await db(tx)
    .insertInto('invoices')
    .values({
      tenant_id: tenantId,
      type: input.invoiceType,
      booking_id: booking.booking_id,
      booking_code: booking.booking_code,
      booking_source: booking.booking_source,
      quotation_id: booking.quotation_id,
      resource_name: booking.resource_name,
      event_type: booking.event_type,
      event_date: booking.booking_date,
      customer_name: booking.customer_name,
      customer_email: booking.customer_email,
      customer_abn: input.customerAbn || null,
      due_date: due,
      description,
      notes: input.notes ?? '',
      line_items: JSON.stringify([line]),
      tax_type: taxType,
      tax_rate_bp: rateBp,
      subtotal_cents: amount - gst,
      gst_cents: gst,
      total_cents: amount,
      full_amount_cents: full,
      deposit_applied_cents: depositApplied,
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return loadInvoice(tx, tenantId, inserted.id);
}

/** The seller as a tax invoice prints it, or 409 when the name or ABN is missing. */
export function sellerOf(settings: MoneySettings): Seller {
  const p = settings.payment;
  if (!p.businessName.trim() || !p.businessABN.trim()) throw conflict(MONEY_MESSAGES.sellerDetailsMissing);
  return {
    businessName: p.businessName,
    businessABN: p.businessABN,
    businessAddress: p.businessAddress,
    businessPhone: p.businessPhone,
    businessEmail: p.businessEmail,
    bankName: p.bankName,
    accountName: p.accountName,
    bsb: p.bsb,
    accountNumber: p.accountNumber,
    referenceNote: p.referenceNote,
  };
}

const SYSTEM_ACTOR = { id: null, email: 'system', role: 'system' };

/** Audit through the request, or as the system (event consumers, sweeps). */
async function audit(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  entry: {
    action: string;
    row: InvoiceRow;
    changes?: Record<string, { old: unknown; new: unknown }>;
    info?: string;
  },
) {
  await tx.audit(ctx, {
    action: entry.action,
    targetType: 'invoice',
    target: entry.row.invoice_number ?? entry.row.id,
    targetLabel: invoiceLabel(entry.row),
    changes: entry.changes ?? null,
    additionalInfo: entry.info ?? null,
    ...(ctx ? {} : { actor: SYSTEM_ACTOR, tenantId }),
  });
}

export async function auditInvoiceCreated(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  row: InvoiceRow,
) {
  await audit(tx, ctx, tenantId, {
    action: 'invoice_created',
    row,
    info: `${row.type} ${formatCents(Number(row.total_cents))}`,
  });
}

/**
 * Issues a draft: the next gap-free number of the venue's year, today's date, the seller fixed
 * as printed; status SENT; `invoice.issued` for Communications. 409 unless it is a draft.
 */
export async function issueInvoice(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  id: string,
  settings: MoneySettings,
  /** The person who pressed Send (their e-mail is then always sent); null for an automatic issue. */
  requestedBy: string | null = null,
): Promise<InvoiceRow> {
  const before = await loadInvoice(tx, tenantId, id, true);
  if (before.status !== 'DRAFT')
    throw conflict(
      before.status === 'VOID'
        ? 'This invoice is void and cannot be sent.'
        : 'This invoice has already been sent. Use Send Reminders to e-mail it again.',
      { status: before.status },
    );
  const seller = sellerOf(settings);
  const day = today(settings);
  const number = await nextNumber(
    tx,
    tenantId,
    'invoice',
    Number(day.slice(0, 4)),
    settings.payment.invoiceNumberPrefix,
  );
  await db(tx)
    .updateTable('invoices')
    .set({
      status: 'SENT',
      invoice_number: number,
      issue_date: day,
      sent_at: NOW,
      seller: JSON.stringify(seller),
      updated_at: NOW,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'DRAFT')
    .execute();
  const row = await loadInvoice(tx, tenantId, id);
  await tx.publish(
    'invoice.issued',
    { ...invoiceEventData(row, seller.businessName), from: 'DRAFT', requestedBy },
    { tenantId },
  );
  await audit(tx, ctx, tenantId, {
    action: 'invoice_sent',
    row,
    changes: { status: { old: 'DRAFT', new: 'SENT' } },
  });
  await publishBookingMoney(tx, tenantId, row.booking_id);
  return row;
}

/** VOID: a draft, or a sent invoice with nothing paid or credited. */
export async function voidInvoice(
  tx: Tx,
  ctx: AuditContext,
  tenantId: string,
  id: string,
  reason: string | undefined,
  settings: MoneySettings,
): Promise<InvoiceRow> {
  const before = await loadInvoice(tx, tenantId, id, true);
  const voidable =
    before.status === 'DRAFT' ||
    ((before.status === 'SENT' || before.status === 'OVERDUE') &&
      Number(before.paid_cents) === 0 &&
      Number(before.credited_cents) === 0);
  if (!voidable)
    throw conflict(
      'Only a draft, or a sent invoice with nothing paid, can be voided. Use a credit note (Create Refund) instead.',
      { status: before.status },
    );
  await db(tx)
    .updateTable('invoices')
    .set({ status: 'VOID', voided_at: NOW, updated_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', before.status)
    .execute();
  const row = await loadInvoice(tx, tenantId, id);
  if (before.status !== 'DRAFT')
    await tx.publish(
      'invoice.status_changed',
      { ...invoiceEventData(row, settings.payment.businessName), from: before.status },
      { tenantId },
    );
  await audit(tx, ctx, tenantId, {
    action: 'invoice_voided',
    row,
    changes: { status: { old: before.status, new: 'VOID' } },
    ...(reason ? { info: reason } : {}),
  });
  await publishBookingMoney(tx, tenantId, row.booking_id);
  return row;
}

/** The status an open invoice takes from its figures (paid in full, some paid, none). */
export function statusFromFigures(
  r: Pick<InvoiceRow, 'total_cents' | 'credited_cents' | 'paid_cents' | 'due_date'>,
  day: string,
  refunded: boolean,
): InvoiceStatus {
  const total = Number(r.total_cents);
  const credited = Number(r.credited_cents);
  const paid = Number(r.paid_cents);
  if (credited >= total) return refunded ? 'REFUNDED' : 'VOID';
  if (paid + credited >= total) return 'PAID';
  if (r.due_date < day) return 'OVERDUE';
  return paid > 0 ? 'PARTIAL' : 'SENT';
}

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

async function insertMovement(
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
async function afterMovement(
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

export interface CreditNoteRow {
  tenant_id: string;
  id: string;
  invoice_id: string;
  credit_note_number: string;
  issue_date: string;
  reason: string;
  amount_cents: number | string;
  gst_cents: number | string;
  refunded_cents: number | string;
  created_by: string | null;
  created_at: Date | string;
}

/** A credit note of the tenant as CreditNoteRow has it: the day as yyyy-MM-dd text. */
export function selectCreditNotes(tx: Tx) {
  return db(tx)
    .selectFrom('credit_notes as c')
    .selectAll('c')
    .select((eb) => dateText(eb.ref('c.issue_date')).as('issue_date'))
    .$castTo<CreditNoteRow>();
}

/**
 * An adjustment note against an issued invoice: its own gap-free number, the GST it takes back
 * (same rate as the invoice), and optionally a refund of money paid. Afterwards what was paid
 * plus what was credited may not pass the total: crediting a paid invoice needs the refund.
 */
export async function createCreditNote(
  tx: Tx,
  ctx: AuditContext,
  tenantId: string,
  id: string | null,
  input: {
    amountCents: number;
    reason: string;
    refund?: Omit<MoneyMovement, 'amountCents'> | undefined;
    createdBy: string | null;
  },
  settings: MoneySettings,
): Promise<{ creditNote: CreditNoteRow; refund: PaymentRow | null; invoice: InvoiceRow }> {
  const before = await lockInvoiceAndBooking(tx, tenantId, id);
  if (before.status === 'DRAFT' || before.status === 'VOID')
    throw conflict('Only an issued invoice takes a credit note; a draft can be voided or changed.', {
      status: before.status,
    });
  const total = Number(before.total_cents);
  const credited = Number(before.credited_cents);
  const paid = Number(before.paid_cents);
  if (input.amountCents > total - credited) {
    const message = `A credit note can be at most ${formatCents(total - credited)} (the invoice less earlier credits).`;
    throw conflict(message, { errors: [{ path: 'amount', message }] });
  }
  const refundCents = input.refund ? Math.min(input.amountCents, paid) : 0;
  if (paid - refundCents + credited + input.amountCents > total) {
    const needed = paid + credited + input.amountCents - total;
    const message = `This credit leaves the customer ${formatCents(needed)} in credit: add a refund of at least that much.`;
    throw conflict(message, { errors: [{ path: 'refund', message }] });
  }
  const day = today(settings);
  const number = await nextNumber(tx, tenantId, 'credit_note', Number(day.slice(0, 4)));
  const gst = gstOfInclusive(input.amountCents, before.tax_rate_bp);
  const { id: creditNoteId } = await db(tx)
    .insertInto('credit_notes')
    .values({
      tenant_id: tenantId,
      invoice_id: before.id,
      credit_note_number: number,
      issue_date: day,
      reason: input.reason,
      amount_cents: input.amountCents,
      gst_cents: gst,
      refunded_cents: refundCents,
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let refund: PaymentRow | null = null;
  if (input.refund && refundCents > 0) {
    refund = await insertMovement(
      tx,
      tenantId,
      before.id,
      'refund',
      { ...input.refund, amountCents: refundCents },
      day,
      {
        creditNoteId,
      },
    );
  }
  const after0 = { ...before, credited_cents: credited + input.amountCents, paid_cents: paid - refundCents };
  const hadRefunds = refundCents > 0 || (await anyRefund(tx, tenantId, before.id));
  const next = statusFromFigures(after0, day, hadRefunds);
  await db(tx)
    .updateTable('invoices')
    .set((eb) => ({
      credited_cents: eb('credited_cents', '+', input.amountCents),
      paid_cents: eb('paid_cents', '-', refundCents),
      status: next,
      updated_at: NOW,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', before.id)
    .execute();
  const after = await loadInvoice(tx, tenantId, before.id);
  const creditNote = await selectCreditNotes(tx)
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', '=', creditNoteId)
    .executeTakeFirstOrThrow();
  await tx.publish('credit_note.issued', creditNoteData(creditNote, after), { tenantId });
  if (refund) await afterMovement(tx, tenantId, before, after, refund, settings);
  else {
    await publishBookingMoney(tx, tenantId, after.booking_id);
    if (before.status !== after.status)
      await tx.publish(
        'invoice.status_changed',
        { ...invoiceEventData(after, settings.payment.businessName), from: before.status },
        { tenantId },
      );
  }
  await audit(tx, ctx, tenantId, {
    action: 'credit_note_issued',
    row: after,
    changes: {
      creditedCents: { old: credited, new: Number(after.credited_cents) },
      status: { old: before.status, new: after.status },
    },
    info: `${number}: ${formatCents(input.amountCents)}${refund ? `, refunded ${formatCents(refundCents)}` : ''} — ${input.reason}`,
  });
  return { creditNote, refund, invoice: after };
}

async function anyRefund(tx: Tx, tenantId: string, invoiceId: string): Promise<boolean> {
  const row = await db(tx)
    .selectFrom('payments')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .where('kind', '=', 'refund')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function creditNoteData(c: CreditNoteRow, invoice: Pick<InvoiceRow, 'invoice_number'>) {
  const amount = Number(c.amount_cents);
  const gst = Number(c.gst_cents);
  return {
    id: c.id,
    hallOwnerId: c.tenant_id,
    invoiceId: c.invoice_id,
    invoiceNumber: invoice.invoice_number,
    creditNoteNumber: c.credit_note_number,
    issueDate: c.issue_date,
    reason: c.reason,
    amountCents: amount,
    gstCents: gst,
    amount: amount / 100,
    gst: gst / 100,
    refundedCents: Number(c.refunded_cents),
    createdAt: new Date(c.created_at).toISOString(),
  };
}
