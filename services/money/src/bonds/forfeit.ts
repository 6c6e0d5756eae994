/**
 * A bond kept in part or whole (issue 13): the kept part is a taxable supply, so it becomes a
 * BOND tax invoice, already PAID by a payment "Kept from bond" (it moved no money), and the bond
 * records what was kept and what went back.
 */
import type { BondForfeiture } from '@venue/contracts';
import type { BondStatus } from '@venue/contracts/money-api';
import type { Tx } from '@venue/service-kit';
import type { BookingCopyRow } from '../copies/booking-copy.ts';
import { db, NOW } from '../db/query.ts';
import type { Seller } from '../invoices/invoice-row.ts';
import { nextInvoiceNumber, nextNumber } from '../shared/numbers.ts';
import type { MoneySettings } from '../shared/settings.ts';
import type { BondRow } from './bond-row.ts';

export interface Kept {
  bond: BondRow;
  booking: BookingCopyRow | null;
  kept: BondForfeiture;
  rateBp: number;
  reason: string;
  actor: string | null;
  day: string;
  seller: Seller;
}

/** The BOND tax invoice of the kept part, paid from the bond already held: its id. */
export async function keptBondInvoice(
  tx: Tx,
  tenantId: string,
  settings: MoneySettings,
  k: Kept,
): Promise<string> {
  const { bond, booking, kept, day } = k;
  const number = await nextInvoiceNumber(tx, tenantId, settings, day);
  const description = `Bond kept: ${k.reason}`;
  const line = {
    description,
    quantity: 1,
    unitAmountCents: kept.forfeited.totalCents,
    totalCents: kept.forfeited.totalCents,
    gstCents: kept.forfeited.gstCents,
    taxable: true,
  };
  const { id: invoiceId } = await db(tx)
    .insertInto('invoices')
    .values({
      tenant_id: tenantId,
      invoice_number: number,
      type: 'BOND',
      status: 'PAID',
      booking_id: bond.booking_id,
      booking_code: booking?.booking_code ?? null,
      booking_source: booking?.booking_source ?? 'admin',
      resource_name: booking?.resource_name ?? null,
      event_type: booking?.event_type ?? null,
      event_date: booking?.booking_date ?? null,
      customer_name: booking?.customer_name ?? bond.customer_name ?? '',
      customer_email: booking?.customer_email ?? '',
      issue_date: day,
      due_date: day,
      description,
      seller: JSON.stringify(k.seller),
      line_items: JSON.stringify([line]),
      tax_type: 'inclusive',
      tax_rate_bp: k.rateBp,
      subtotal_cents: kept.forfeited.netCents,
      gst_cents: kept.forfeited.gstCents,
      total_cents: kept.forfeited.totalCents,
      full_amount_cents: kept.forfeited.totalCents,
      paid_cents: kept.forfeited.totalCents,
      created_by: k.actor,
      sent_at: NOW,
      paid_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receipt = await nextNumber(tx, tenantId, 'receipt', Number(day.slice(0, 4)));
  await db(tx)
    .insertInto('payments')
    .values({
      tenant_id: tenantId,
      invoice_id: invoiceId,
      kind: 'payment',
      payment_method: bond.payment_method,
      amount_cents: kept.forfeited.totalCents,
      reference: 'Kept from bond',
      notes: k.reason,
      receipt_number: receipt,
      created_by: k.actor,
    })
    .execute();
  return invoiceId;
}

/** The bond settled: what was kept (with its GST and invoice) and what went back. */
export async function settleKeptBond(tx: Tx, tenantId: string, k: Kept, invoiceId: string): Promise<void> {
  const status: BondStatus = k.kept.refundCents === 0 ? 'FORFEITED' : 'PARTIALLY_FORFEITED';
  await db(tx)
    .updateTable('bonds')
    .set({
      status,
      forfeited_cents: k.kept.forfeited.totalCents,
      forfeited_gst_cents: k.kept.forfeited.gstCents,
      refunded_cents: k.kept.refundCents,
      forfeit_reason: k.reason,
      forfeit_invoice_id: invoiceId,
      settled_at: NOW,
      updated_at: NOW,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', k.bond.id)
    .where('status', '=', 'HELD')
    .execute();
}
