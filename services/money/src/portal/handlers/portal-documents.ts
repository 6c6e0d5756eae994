/** The customer's receipts and adjustment notes: the venue's own documents, theirs only. */
import { operation } from '@venue/service-kit';
import { creditNoteDocument } from '../../invoices/credit-note-document.ts';
import { receiptOf } from '../../payments/receipt.ts';
import { uuidOrNull } from '../../shared/http.ts';
import { customerOf, sendPdf } from '../customer.ts';
import { assertCustomerPayment, customerCreditNoteInvoice } from '../portal-rows.ts';

export const getPortalReceiptPdf = operation(
  'get /api/portal/receipts/{paymentId}/pdf',
  async ({ ctx, tx, params }) => {
    const c = customerOf(ctx);
    const id = await assertCustomerPayment(tx, c, uuidOrNull(params.paymentId));
    const receipt = await receiptOf(tx, c.tenantId, id);
    sendPdf(ctx, receipt.filename, receipt.pdf);
  },
);

export const getPortalCreditNotePdf = operation(
  'get /api/portal/credit-notes/{id}/pdf',
  async ({ ctx, tx, params }) => {
    const c = customerOf(ctx);
    const { invoiceId, creditNoteId } = await customerCreditNoteInvoice(tx, c, uuidOrNull(params.id));
    const doc = await creditNoteDocument(tx, c.tenantId, invoiceId, creditNoteId);
    sendPdf(ctx, doc.filename, doc.pdf);
  },
);
