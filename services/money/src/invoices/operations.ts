/**
 * The invoice's life (issue 13): created as a draft from a booking, issued (numbered, sent),
 * paid in part or whole, credited, voided. Every move is a conditional change on a locked row
 * inside the request's (or event's) transaction, so two requests racing see each other's result
 * and the loser gets a 409, never a half-applied change. A sent invoice is never edited:
 * corrections are credit notes.
 *
 * Lock order, everywhere: the booking copy row, then the invoice row (no deadlocks between a
 * payment and a deposit change of one booking).
 *
 * Here: creating, issuing and voiding; money moving on an invoice is movements.ts, credit notes
 * credit-notes.ts.
 */
import { gstOfInclusive, taxTypeOf } from '@venue/contracts';
import {
  DEPOSIT_DEADLINE_DAYS_DEFAULT,
  depositDueDate,
  depositDueLimit,
  dueDateProblem,
  MONEY_MESSAGES,
  termsDueDate,
  type InvoiceStatus,
} from '@venue/contracts/money-api';
import { badRequest, conflict, isUuid, type AuditContext, type Tx } from '@venue/service-kit';
import type { BookingCopyRow } from '../copies/booking-copy.ts';
import { db, NOW } from '../db/query.ts';
import type { InvoiceType } from '../db/schema.ts';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { formatCents, formatDay } from '../shared/format.ts';
import { nextInvoiceNumber } from '../shared/numbers.ts';
import { today, type MoneySettings } from '../shared/settings.ts';
import { invoiceEventData, invoiceLabel, loadInvoice, type InvoiceRow, type Seller } from './invoice-row.ts';

const INVOICEABLE = new Set(['confirmed', 'pending', 'completed']);

export interface CreateInvoiceInput {
  invoiceType: 'DEPOSIT' | 'FINAL';
  amountCents?: number | undefined;
  description?: string | undefined;
  dueDate?: string | undefined;
  notes?: string | undefined;
  customerAbn?: string | undefined;
  createdBy: string | null;
  /**
   * The venue day the invoice is made on, for the demo history's past invoices (decision 48);
   * otherwise today. A typed due date is checked against it.
   */
  madeOn?: string | undefined;
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

/**
 * What the booking's live DEPOSIT and FINAL invoices ask, less their credits: with a new invoice
 * it may not pass the booking's total (issue 24 item 6). A kept bond's invoice is apart from it.
 */
async function invoicedOnBooking(tx: Tx, tenantId: string, bookingId: string): Promise<number> {
  const row = await db(tx)
    .selectFrom('invoices')
    .select((eb) =>
      eb.fn
        .coalesce(eb.fn.sum<number>(eb('total_cents', '-', eb.ref('credited_cents'))), eb.lit(0))
        .as('cents'),
    )
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .where('type', 'in', ['DEPOSIT', 'FINAL'])
    .where('status', '<>', 'VOID')
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

/** Payment settings' deposit deadline (days before the event), 14 until the venue sets it. */
export const depositDeadlineDays = (settings: MoneySettings): number =>
  settings.payment.depositDeadlineDays ?? DEPOSIT_DEADLINE_DAYS_DEFAULT;

/**
 * The due day of an invoice issued on `issueDay` (issue 24 item 5): the payment terms; a deposit's
 * no later than the deposit deadline before the event, never before the issue day.
 */
export function defaultDueDate(
  type: InvoiceType,
  issueDay: string,
  eventDay: string | null,
  settings: MoneySettings,
): string {
  const dueDays = settings.payment.defaultDueDays;
  if (type === 'DEPOSIT' && eventDay)
    return depositDueDate(issueDay, eventDay, dueDays, depositDeadlineDays(settings));
  return termsDueDate(issueDay, dueDays);
}

/**
 * The due day a draft takes when it is issued on `issueDay`: its own, unless that is now before
 * the issue day (the terms then run from the issue day) or, for a deposit, past the deadline
 * before the event (the venue's deadline may have changed since the draft was made).
 */
export function dueOnIssue(
  row: Pick<InvoiceRow, 'type' | 'due_date' | 'event_date'>,
  issueDay: string,
  settings: MoneySettings,
): string {
  if (row.due_date < issueDay) return defaultDueDate(row.type, issueDay, row.event_date, settings);
  if (row.type === 'DEPOSIT' && row.event_date) {
    const limit = depositDueLimit(issueDay, row.event_date, depositDeadlineDays(settings));
    if (row.due_date > limit) return limit;
  }
  return row.due_date;
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
  const day = input.madeOn ?? today(settings);
  // A typed due date: never before the issue day (today, or later for a draft), and a deposit's
  // never past the deposit deadline before the event (issue 24 item 5).
  if (input.dueDate) {
    const problem = dueDateProblem(
      input.invoiceType,
      input.dueDate,
      day,
      booking.booking_date || null,
      depositDeadlineDays(settings),
      formatDay,
    );
    if (problem) throw badRequest(problem, { errors: [{ path: 'dueDate', message: problem }] });
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
  // The ceiling (issue 24 item 6): the booking is never invoiced above its total, so a deposit is
  // at most the total and a final invoice at most what the deposit left.
  const limit = Math.max(0, full - (await invoicedOnBooking(tx, tenantId, booking.booking_id)));
  if (amount > limit) {
    const message = MONEY_MESSAGES.amountOverBooking(formatCents(limit), formatCents(full));
    throw conflict(message, { limitCents: limit, errors: [{ path: 'amount', message }] });
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
  const due = input.dueDate ?? defaultDueDate(input.invoiceType, day, booking.booking_date || null, settings);
  // The quotation the booking came from, named by its number (the copy's id is text: a uuid or nothing).
  const quotation =
    booking.quotation_id && isUuid(booking.quotation_id)
      ? await db(tx)
          .selectFrom('quotations')
          .select('number')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', booking.quotation_id)
          .executeTakeFirst()
      : undefined;
  const inserted = await db(tx)
    .insertInto('invoices')
    .values({
      tenant_id: tenantId,
      type: input.invoiceType,
      booking_id: booking.booking_id,
      booking_code: booking.booking_code,
      booking_source: booking.booking_source,
      quotation_id: booking.quotation_id,
      quotation_number: quotation?.number ?? null,
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
  return currentSeller(settings);
}

/** The seller a draft's (or a quotation's) PDF shows: the venue's current Payment settings, unchecked. */
export function currentSeller(settings: MoneySettings): Seller {
  const p = settings.payment;
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
export async function audit(
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
        : 'This invoice has already been sent. Use Send to customer to e-mail a copy, or Send Reminders.',
      { status: before.status },
    );
  const seller = sellerOf(settings);
  const day = today(settings);
  const number = await nextInvoiceNumber(tx, tenantId, settings, day);
  // The terms run from the issue day: a draft issued later than made keeps no due day before it.
  const due = dueOnIssue(before, day, settings);
  await db(tx)
    .updateTable('invoices')
    .set({
      status: 'SENT',
      invoice_number: number,
      issue_date: day,
      due_date: due,
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
    changes: {
      status: { old: 'DRAFT', new: 'SENT' },
      ...(due !== before.due_date ? { dueDate: { old: before.due_date, new: due } } : {}),
    },
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
