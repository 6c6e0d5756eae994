/**
 * Confirming a booking with a deposit raises its DEPOSIT invoice (issue 13): run by the
 * consumer of `booking.status_changed` in the event's transaction. Idempotent (a booking has at
 * most one non-void deposit invoice); issued at once when the venue's seller name and ABN have
 * reached money, else left as a draft the Invoices screen can send later.
 */
import type { Tx } from '@venue/service-kit';
import { findBooking } from '../copies/booking-copy.ts';
import { db } from '../db/query.ts';
import { auditInvoiceCreated, issueInvoice } from '../invoices/operations.ts';
import { createInvoice } from '../invoices/create-invoice.ts';
import { carryQuotationDeposit } from '../quotations/deposit-carry.ts';
import { moneySettings } from '../shared/settings.ts';

export async function autoDepositInvoice(
  tx: Tx,
  tenantId: string,
  bookingId: string,
): Promise<string | null> {
  const booking = await findBooking(tx, tenantId, bookingId, true);
  if (!booking || Number(booking.deposit_cents ?? 0) <= 0) return null;
  const existing = await db(tx)
    .selectFrom('invoices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', bookingId)
    .where('type', '=', 'DEPOSIT')
    .where('status', '<>', 'VOID')
    .executeTakeFirst();
  if (existing) return null;
  // No settings copy yet: the 503 this throws fails the event, which the relay retries.
  const settings = await moneySettings(tx, tenantId);
  const draft = await createInvoice(
    tx,
    tenantId,
    booking,
    { invoiceType: 'DEPOSIT', createdBy: 'system' },
    settings,
  );
  await auditInvoiceCreated(tx, null, tenantId, draft);
  const p = settings.payment;
  if (!p.businessName.trim() || !p.businessABN.trim()) return draft.id;
  await issueInvoice(tx, null, tenantId, draft, settings);
  // An accepted quotation's deposit already marked paid is recorded on its new invoice.
  await carryQuotationDeposit(tx, tenantId, booking, draft.id, settings);
  return draft.id;
}
