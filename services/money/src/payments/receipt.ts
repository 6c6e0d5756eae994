/** The receipt PDF of one payment, refund or reversal: the staff download, the portal's and comms'. */
import { notFound, venueToday, type Tx } from '@venue/service-kit';
import { balanceCents, loadInvoice } from '../invoices/invoice-row.ts';
import { currentSeller } from '../invoices/operations.ts';
import { receiptPdf } from '../pdf/documents.ts';
import type { MoneyDocument } from '../shared/document-answer.ts';
import { moneySettings } from '../shared/settings.ts';
import { selectPayments } from './payment-row.ts';

/** The receipt PDF of one payment, refund or reversal of the tenant; 404 when there is none. */
export async function receiptOf(tx: Tx, tenantId: string, id: string | null): Promise<MoneyDocument> {
  const settings = await moneySettings(tx, tenantId);
  const p = id
    ? await selectPayments(tx).where('p.tenant_id', '=', tenantId).where('p.id', '=', id).executeTakeFirst()
    : undefined;
  if (!p) throw notFound('Payment not found');
  const invoice = await loadInvoice(tx, tenantId, p.invoice_id);
  const pdf = await receiptPdf(
    p,
    invoice,
    invoice.seller ?? currentSeller(settings),
    venueToday(new Date(p.processed_at), settings.zone),
  );
  return {
    pdf,
    filename: `${p.receipt_number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
    figures: {
      receiptNumber: p.receipt_number,
      invoiceNumber: invoice.invoice_number,
      amountCents: Number(p.amount_cents),
      // the receipt's "Invoice balance now"
      balanceCents: balanceCents(invoice),
    },
  };
}
