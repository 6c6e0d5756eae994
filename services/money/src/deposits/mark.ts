/**
 * Mark Paid and Mark Unpaid of a booking's deposit (spec 03 §2.2, decision 32): a payment on the
 * booking's DEPOSIT invoice (raised and issued first if need be) or reversal records of its
 * payments; nothing is deleted. The Deposits tab's routes and bookings' hand-over both come here,
 * so the paid flag has one writer: the deposit invoice.
 */
import { MONEY_MESSAGES, type PaymentMethod } from '@venue/contracts/money-api';
import { conflict, notFound, type AuditContext, type Tx } from '@venue/service-kit';
import { findOrFetchBooking } from '../copies/booking-copy.ts';
import { db } from '../db/query.ts';
import { loadInvoice } from '../invoices/invoice-row.ts';
import { recordPayment, reversePayments } from '../invoices/movements.ts';
import { auditInvoiceCreated, issueInvoice } from '../invoices/operations.ts';
import { createInvoice } from '../invoices/create-invoice.ts';
import { formatCents } from '../shared/format.ts';
import { moneySettings } from '../shared/settings.ts';

/** The booking (locked) and its deposit invoice id, raising and issuing the invoice if it has none yet. */
async function depositInvoiceFor(
  tx: Tx,
  ctx: AuditContext | null,
  actor: string | null,
  tenantId: string,
  bookingId: string | null,
  create: boolean,
) {
  const booking = bookingId ? await findOrFetchBooking(tx, tenantId, bookingId) : null;
  if (!booking) throw notFound('Booking not found');
  const settings = await moneySettings(tx, tenantId);
  let invoice: { id: string; status: string } | undefined = await db(tx)
    .selectFrom('invoices')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', booking.booking_id)
    .where('type', '=', 'DEPOSIT')
    .where('status', '<>', 'VOID')
    .executeTakeFirst();
  if (!invoice) {
    if (!create || Number(booking.deposit_cents ?? 0) <= 0) throw conflict('This booking has no deposit.');
    const draft = await createInvoice(
      tx,
      tenantId,
      booking,
      { invoiceType: 'DEPOSIT', createdBy: actor },
      settings,
    );
    await auditInvoiceCreated(tx, ctx, tenantId, draft);
    invoice = { id: draft.id, status: 'DRAFT' };
  }
  if (create && invoice.status === 'DRAFT') await issueInvoice(tx, ctx, tenantId, invoice.id, settings);
  return { booking, invoiceId: invoice.id, settings };
}

export interface DepositChange {
  paymentMethod: PaymentMethod;
  reference?: string | undefined;
  notes?: string | undefined;
  actor: string | null;
}

/**
 * Mark Paid: a payment of what the deposit invoice still asks (issued first if it was not).
 * `already: 'ok'` makes an already-paid deposit a no-op (bookings' hand-over), else 409.
 */
export async function markDepositPaid(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  bookingId: string | null,
  change: DepositChange,
  already: 'ok' | 'conflict' = 'conflict',
) {
  const { booking, invoiceId, settings } = await depositInvoiceFor(
    tx,
    ctx,
    change.actor,
    tenantId,
    bookingId,
    true,
  );
  const current = await loadInvoice(tx, tenantId, invoiceId);
  // A deposit invoice above the booking's total (made before invoices had a ceiling) is not
  // "paid" by recording its balance: a $90,000 deposit on a $500 booking is a typing error.
  const total = Number(booking.total_cents ?? booking.price_cents);
  const invoiced = Number(current.total_cents) - Number(current.credited_cents);
  if (current.status !== 'PAID' && invoiced > total) {
    const message = MONEY_MESSAGES.depositOverBooking(formatCents(invoiced), formatCents(total));
    throw conflict(message, { limitCents: total, errors: [{ path: 'amount', message }] });
  }
  if (current.status === 'PAID') {
    if (already === 'conflict') throw conflict('This deposit is already paid.');
  } else {
    const balance = Number(current.total_cents) - Number(current.credited_cents) - Number(current.paid_cents);
    await recordPayment(
      tx,
      ctx,
      tenantId,
      invoiceId,
      {
        amountCents: balance,
        paymentMethod: change.paymentMethod,
        reference: change.reference,
        notes: change.notes ?? 'Deposit marked paid',
        createdBy: change.actor,
      },
      settings,
    );
  }
  return { bookingId: booking.booking_id, invoiceId, settings };
}

/** Mark Unpaid: reversal records for the deposit's payments. `already: 'ok'`: unpaid is a no-op. */
export async function markDepositUnpaid(
  tx: Tx,
  ctx: AuditContext | null,
  tenantId: string,
  bookingId: string | null,
  reason: string | undefined,
  actor: string | null,
  already: 'ok' | 'conflict' = 'conflict',
) {
  const { booking, invoiceId, settings } = await depositInvoiceFor(
    tx,
    ctx,
    actor,
    tenantId,
    bookingId,
    false,
  );
  const current = await loadInvoice(tx, tenantId, invoiceId);
  if (Number(current.paid_cents) > 0 || already === 'conflict')
    await reversePayments(tx, ctx, tenantId, invoiceId, reason, actor, settings);
  return { bookingId: booking.booking_id, invoiceId, settings };
}
