/**
 * Share by e-mail attaches the invoice's PDF (issue 24 item 14): the Dashboard's link names the
 * invoice, and Send Email asks money for its document (the PDF with the figures it prints) before
 * its transaction opens, as Send Pay Link asks for the link, so a slow money holds nothing here.
 */
import { internalDocumentSchema, type InternalDocument } from '@venue/contracts/comms';
import { callService, HttpError, InternalCallError } from '@venue/service-kit';

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** The invoice's document, or why not: a refusal names the field; money down is a 503 to retry. */
export type InvoiceDocumentAnswer = { document: InternalDocument } | { refused: string };

export async function fetchInvoiceDocument(
  tenantId: string,
  invoiceId: string,
): Promise<InvoiceDocumentAnswer> {
  try {
    const document = await callService({
      service: 'money',
      path: `/internal/invoices/${tenantId}/${invoiceId}/pdf`,
      response: internalDocumentSchema,
      timeoutMs: 15_000,
    });
    return { document };
  } catch (err) {
    if (err instanceof InternalCallError && err.kind === 'status' && err.status === 404)
      return { refused: INVOICE_NOT_FOUND };
    throw new HttpError(
      503,
      'Invoices is unavailable, so the invoice could not be attached. Please try again.',
    );
  }
}
