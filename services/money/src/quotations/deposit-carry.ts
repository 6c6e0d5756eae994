/**
 * A quotation's deposit marked paid on the Deposits page (before acceptance, when no invoice
 * exists) is money already received: when the accepted quotation's booking gets its DEPOSIT
 * invoice, that payment is recorded on it, so the deposit stays paid across the acceptance
 * (the booking, Deposits' both tabs and the invoice agree). Once per quotation (the payment's
 * idempotency key), in the transaction that raised the invoice.
 */
import { isUuid, type Tx } from '@venue/service-kit';
import type { BookingCopyRow } from '../copies/booking-copy.ts';
import { db } from '../db/query.ts';
import { loadInvoice } from '../invoices/invoice-row.ts';
import { recordPayment } from '../invoices/movements.ts';
import type { MoneySettings } from '../shared/settings.ts';

export async function carryQuotationDeposit(
  tx: Tx,
  tenantId: string,
  booking: Pick<BookingCopyRow, 'booking_source' | 'quotation_id'>,
  invoiceId: string,
  settings: MoneySettings,
): Promise<boolean> {
  const quotationId = booking.quotation_id;
  if (booking.booking_source !== 'quotation' || !quotationId || !isUuid(quotationId)) return false;
  const quote = await db(tx)
    .selectFrom('quotations')
    .select(['deposit_paid', 'deposit_paid_method', 'deposit_cents', 'number'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', quotationId)
    .executeTakeFirst();
  if (!quote?.deposit_paid) return false;
  const invoice = await loadInvoice(tx, tenantId, invoiceId);
  // A draft (the venue's seller details not set yet) takes no payment; Mark Paid issues it later.
  if (invoice.status === 'DRAFT') return false;
  const balance = Number(invoice.total_cents) - Number(invoice.credited_cents) - Number(invoice.paid_cents);
  // What was received on the quotation, at most: never more than its deposit, nor than the
  // invoice still asks (issue 24 item 6).
  const carried = Math.min(balance, Number(quote.deposit_cents));
  if (carried <= 0) return false;
  await recordPayment(
    tx,
    null,
    tenantId,
    invoiceId,
    {
      amountCents: carried,
      paymentMethod: quote.deposit_paid_method ?? 'Bank Transfer',
      notes: `Deposit paid on quotation ${quote.number ?? quotationId}`,
      idempotencyKey: `quotation-deposit:${quotationId}`,
      createdBy: 'system',
    },
    settings,
  );
  return true;
}
