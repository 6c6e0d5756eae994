/**
 * Confirming a booking with a deposit raises its DEPOSIT invoice (issue 13): run by the
 * consumer of `booking.status_changed` in the event's transaction. Idempotent (a booking has at
 * most one non-void deposit invoice); issued at once when the venue's seller name and ABN have
 * reached money, else left as a draft the Invoices screen can send later.
 */
import type { Tx } from '@venue/service-kit';
import { findBooking } from '../copies/booking-copy.ts';
import { auditInvoiceCreated, createInvoice, issueInvoice } from '../invoices/operations.ts';
import { moneySettings } from '../shared/settings.ts';

export async function autoDepositInvoice(
  tx: Tx,
  tenantId: string,
  bookingId: string,
): Promise<string | null> {
  const booking = await findBooking(tx, tenantId, bookingId, true);
  if (!booking || Number(booking.deposit_cents ?? 0) <= 0) return null;
  const { rows } = await tx.query(
    `SELECT 1 FROM invoices WHERE tenant_id = $1 AND booking_id = $2 AND type = 'DEPOSIT' AND status <> 'VOID'`,
    [tenantId, bookingId],
  );
  if (rows.length > 0) return null;
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
  await issueInvoice(tx, null, tenantId, draft.id, settings);
  return draft.id;
}
