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
async function existingOfType(tx: Tx, tenantId: string, bookingId: string, type: string) {
  const { rows } = await tx.query<{
    id: string;
    invoice_number: string | null;
    status: InvoiceStatus;
    total_cents: number | string;
  }>(
    `SELECT id, invoice_number, status, total_cents FROM invoices
      WHERE tenant_id = $1 AND booking_id = $2 AND type = $3 AND status <> 'VOID'`,
    [tenantId, bookingId, type],
  );
  return rows[0] ?? null;
}

/** Deposit invoiced on the booking (non-void DEPOSIT invoices less their credits). */
async function depositInvoiced(tx: Tx, tenantId: string, bookingId: string): Promise<number> {
  const { rows } = await tx.query<{ cents: number | string }>(
    `SELECT COALESCE(sum(total_cents - credited_cents), 0) AS cents FROM invoices
      WHERE tenant_id = $1 AND booking_id = $2 AND type = 'DEPOSIT' AND status <> 'VOID'`,
    [tenantId, bookingId],
  );
  return Number(rows[0]?.cents ?? 0);
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
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO invoices (tenant_id, type, booking_id, booking_code, booking_source, quotation_id, resource_name,
        event_type, event_date, customer_name, customer_email, customer_abn, due_date, description, notes,
        line_items, tax_type, tax_rate_bp, subtotal_cents, gst_cents, total_cents, full_amount_cents,
        deposit_applied_cents, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
     RETURNING id`,
    [
      tenantId,
      input.invoiceType,
      booking.booking_id,
      booking.booking_code,
      booking.booking_source,
      booking.quotation_id,
      booking.resource_name,
      booking.event_type,
      booking.booking_date,
      booking.customer_name,
      booking.customer_email,
      input.customerAbn || null,
      due,
      description,
      input.notes ?? '',
      JSON.stringify([line]),
      taxType,
      rateBp,
      amount - gst,
      gst,
      amount,
      full,
      depositApplied,
      input.createdBy,
    ],
  );
  return loadInvoice(tx, tenantId, rows[0]!.id);
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
  await tx.query(
    `UPDATE invoices SET status = 'SENT', invoice_number = $3, issue_date = $4, sent_at = now(), seller = $5,
            updated_at = now()
      WHERE tenant_id = $1 AND id = $2 AND status = 'DRAFT'`,
    [tenantId, id, number, day, JSON.stringify(seller)],
  );
  const row = await loadInvoice(tx, tenantId, id);
  await tx.publish(
    'invoice.issued',
    { ...invoiceEventData(row, seller.businessName), from: 'DRAFT' },
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
  await tx.query(
    `UPDATE invoices SET status = 'VOID', voided_at = now(), updated_at = now()
      WHERE tenant_id = $1 AND id = $2 AND status = $3`,
    [tenantId, id, before.status],
  );
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
  const { rows } = await tx.query<PaymentRow>(
    `INSERT INTO payments (tenant_id, invoice_id, kind, payment_method, amount_cents, reference, notes,
        credit_note_id, reverses_payment_id, receipt_number, idempotency_key, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [
      tenantId,
      invoiceId,
      kind,
      m.paymentMethod,
      m.amountCents,
      m.reference ?? '',
      m.notes ?? '',
      links.creditNoteId ?? null,
      links.reversesPaymentId ?? null,
      receipt,
      m.idempotencyKey ?? null,
      m.createdBy,
    ],
  );
  return rows[0]!;
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
    const { rows } = await tx.query<PaymentRow>(
      `SELECT * FROM payments WHERE tenant_id = $1 AND idempotency_key = $2`,
      [tenantId, m.idempotencyKey],
    );
    if (rows[0]) {
      if (rows[0].invoice_id !== before.id || Number(rows[0].amount_cents) !== m.amountCents)
        throw conflict('This Idempotency-Key was already used for a different payment.');
      return { payment: rows[0], invoice: before, replayed: true };
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
  await tx.query(
    `UPDATE invoices SET paid_cents = paid_cents + $3, status = $4,
            paid_at = CASE WHEN $4 = 'PAID' THEN now() ELSE paid_at END, updated_at = now()
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, before.id, m.amountCents, next],
  );
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
  const { rows: standing } = await tx.query<PaymentRow>(
    `SELECT * FROM payments WHERE tenant_id = $1 AND invoice_id = $2 AND kind = 'payment' AND reversed_at IS NULL
      ORDER BY processed_at`,
    [tenantId, before.id],
  );
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
    await tx.query(`UPDATE payments SET reversed_at = now() WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      p.id,
    ]);
    paid -= amount;
  }
  const reversed = Number(before.paid_cents) - paid;
  const next = statusFromFigures({ ...before, paid_cents: paid }, day, false);
  await tx.query(
    `UPDATE invoices SET paid_cents = paid_cents - $3, status = $4, paid_at = NULL, updated_at = now()
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, before.id, reversed, next],
  );
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

export const CREDIT_NOTE_COLUMNS = `c.*, to_char(c.issue_date, 'YYYY-MM-DD') AS issue_date`;

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
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO credit_notes (tenant_id, invoice_id, credit_note_number, issue_date, reason, amount_cents, gst_cents,
        refunded_cents, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [tenantId, before.id, number, day, input.reason, input.amountCents, gst, refundCents, input.createdBy],
  );
  const creditNoteId = rows[0]!.id;
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
  await tx.query(
    `UPDATE invoices SET credited_cents = credited_cents + $3, paid_cents = paid_cents - $4, status = $5,
            updated_at = now()
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, before.id, input.amountCents, refundCents, next],
  );
  const after = await loadInvoice(tx, tenantId, before.id);
  const creditNote = (
    await tx.query<CreditNoteRow>(
      `SELECT ${CREDIT_NOTE_COLUMNS} FROM credit_notes c WHERE c.tenant_id = $1 AND c.id = $2`,
      [tenantId, creditNoteId],
    )
  ).rows[0]!;
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
  const { rows } = await tx.query(
    `SELECT 1 FROM payments WHERE tenant_id = $1 AND invoice_id = $2 AND kind = 'refund' LIMIT 1`,
    [tenantId, invoiceId],
  );
  return rows.length > 0;
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
