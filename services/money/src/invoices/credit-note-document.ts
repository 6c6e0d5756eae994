/**
 * An adjustment note's PDF with the figures it prints: for the venue's download and for comms,
 * which e-mails it to the customer when it is issued (issue 24 item 3).
 */
import type { Tx } from '@venue/service-kit';
import { notFound } from '@venue/service-kit';
import { creditNotePdf } from '../pdf/documents.ts';
import type { MoneyDocument } from '../shared/document-answer.ts';
import { moneySettings } from '../shared/settings.ts';
import { selectCreditNotes } from './credit-notes.ts';
import { balanceCents, loadInvoice } from './invoice-row.ts';
import { currentSeller } from './operations.ts';

/** A file name safe in a Content-Disposition header. */
export const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** The tenant's credit note `creditNoteId` of invoice `invoiceId`; 404 when there is none. */
export async function creditNoteDocument(
  tx: Tx,
  tenantId: string,
  invoiceId: string | null,
  creditNoteId: string | null,
): Promise<MoneyDocument> {
  const settings = await moneySettings(tx, tenantId);
  const invoice = await loadInvoice(tx, tenantId, invoiceId);
  const note = creditNoteId
    ? await selectCreditNotes(tx)
        .where('c.tenant_id', '=', tenantId)
        .where('c.invoice_id', '=', invoice.id)
        .where('c.id', '=', creditNoteId)
        .executeTakeFirst()
    : undefined;
  if (!note) throw notFound('Credit note not found');
  return {
    filename: `${fileName(note.credit_note_number)}.pdf`,
    pdf: await creditNotePdf(note, invoice, invoice.seller ?? currentSeller(settings)),
    figures: {
      creditNoteNumber: note.credit_note_number,
      invoiceNumber: invoice.invoice_number,
      amountCents: Number(note.amount_cents),
      refundedCents: Number(note.refunded_cents),
      balanceCents: balanceCents(invoice),
    },
  };
}
