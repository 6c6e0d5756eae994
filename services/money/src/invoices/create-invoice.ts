/**
 * A new invoice (issue 13): a draft DEPOSIT or FINAL invoice made from a booking, checked
 * against the booking's status, the invoices it already has and its total (issue 24 item 6).
 * Issuing, voiding and the rest of its life are operations.ts.
 */
import { gstOfInclusive, taxTypeOf } from '@venue/contracts';
import { dueDateProblem, MONEY_MESSAGES } from '@venue/contracts/money-api';
import { badRequest, conflict, isUuid, type Tx } from '@venue/service-kit';
import type { BookingCopyRow } from '../copies/booking-copy.ts';
import { db } from '../db/query.ts';
import type { InvoiceType } from '../db/schema.ts';
import { formatCents, formatDay } from '../shared/format.ts';
import { today, type MoneySettings } from '../shared/settings.ts';
import { loadInvoice, type InvoiceRow } from './invoice-row.ts';
import { defaultDueDate, depositDeadlineDays } from './operations.ts';

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
  const day = input.madeOn ?? today(settings);
  await assertInvoiceable(tx, tenantId, booking, input, settings, day);
  const { full, depositApplied, amount } = await amountOf(tx, tenantId, booking, input);
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

/**
 * 409 unless the booking may have this invoice (its status; no live one of the type already),
 * 400 for a typed due date before the issue day or, for a deposit, past the deposit deadline.
 */
async function assertInvoiceable(
  tx: Tx,
  tenantId: string,
  booking: BookingCopyRow,
  input: CreateInvoiceInput,
  settings: MoneySettings,
  day: string,
): Promise<void> {
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
}

/**
 * The amount (given, or the booking's deposit, or its total less the deposit invoiced), 409 when
 * nothing is left or it passes the booking's ceiling (issue 24 item 6).
 */
async function amountOf(tx: Tx, tenantId: string, booking: BookingCopyRow, input: CreateInvoiceInput) {
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
  return { full, depositApplied, amount };
}
