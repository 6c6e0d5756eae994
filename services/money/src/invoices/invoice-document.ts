/**
 * An invoice's PDF with the figures it prints: for the venue's download and for comms, which
 * attaches it to the invoice and reminder e-mails (issue 24 item 1).
 */
import type { Tx } from '@venue/service-kit';
import { invoicePdf } from '../pdf/documents.ts';
import type { MoneyDocument } from '../shared/document-answer.ts';
import { moneySettings } from '../shared/settings.ts';
import { fileName } from './credit-note-document.ts';
import { balanceCents, loadInvoice } from './invoice-row.ts';
import { currentSeller } from './operations.ts';

/** The tenant's invoice `id` as a PDF, marked COPY when `copy`; 404 when there is none. */
export async function invoiceDocument(
  tx: Tx,
  tenantId: string,
  id: string | null,
  copy: boolean,
): Promise<MoneyDocument> {
  const row = await loadInvoice(tx, tenantId, id);
  // An issued invoice prints the seller fixed at issue: the settings are read for a draft only.
  const seller = row.seller ?? currentSeller(await moneySettings(tx, tenantId));
  return {
    filename: `${fileName(row.invoice_number ?? `invoice-${row.id}`)}.pdf`,
    pdf: await invoicePdf({ invoice: row, seller, copy }),
    figures: {
      invoiceNumber: row.invoice_number,
      totalCents: Number(row.total_cents),
      balanceCents: balanceCents(row),
      dueDate: row.due_date,
    },
  };
}
