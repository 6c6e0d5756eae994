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

/**
 * The booking's live (non-void) invoices, read once for every check below: which type it already
 * has, the deposit invoiced and what its deposit and final invoices ask (a booking has a few).
 * One statement where there were three (issue 27: each trip to the database was a cost of its
 * own on the write path); the caller holds the booking row's lock, so they cannot change meanwhile.
 */
async function liveInvoices(tx: Tx, tenantId: string, bookingId: string) {
  return db(tx)
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'status', 'type', 'total_cents', 'credited_cents'])
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .where('status', '<>', 'VOID')
    .execute();
}
type LiveInvoice = Awaited<ReturnType<typeof liveInvoices>>[number];

/** What the live invoices of these types ask, less their credits. */
const askedBy = (live: readonly LiveInvoice[], types: readonly InvoiceType[]) =>
  live
    .filter((i) => types.includes(i.type))
    .reduce((sum, i) => sum + Number(i.total_cents) - Number(i.credited_cents), 0);

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
  const live = await liveInvoices(tx, tenantId, booking.booking_id);
  assertInvoiceable(live, booking, input, settings, day);
  const { full, depositApplied, amount } = amountOf(live, booking, input);
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
function assertInvoiceable(
  live: readonly LiveInvoice[],
  booking: BookingCopyRow,
  input: CreateInvoiceInput,
  settings: MoneySettings,
  day: string,
): void {
  if (!INVOICEABLE.has(booking.status))
    throw conflict(MONEY_MESSAGES.notInvoiceable, { bookingStatus: booking.status });
  const existing = live.find((i) => i.type === input.invoiceType);
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
function amountOf(live: readonly LiveInvoice[], booking: BookingCopyRow, input: CreateInvoiceInput) {
  const full = Number(booking.total_cents ?? booking.price_cents);
  const depositApplied = input.invoiceType === 'FINAL' ? askedBy(live, ['DEPOSIT']) : 0;
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
  // A kept bond's invoice is apart from it.
  const limit = Math.max(0, full - askedBy(live, ['DEPOSIT', 'FINAL']));
  if (amount > limit) {
    const message = MONEY_MESSAGES.amountOverBooking(formatCents(limit), formatCents(full));
    throw conflict(message, { limitCents: limit, errors: [{ path: 'amount', message }] });
  }
  return { full, depositApplied, amount };
}
