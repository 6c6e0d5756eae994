/**
 * Invoices & Payments (spec 03 §2.1, §7): list, create from a booking, detail, status moves,
 * payments, credit notes, reminders and the PDFs. Each call of the contract's table is one
 * named handler in `handlers/`; the kit gives it the table's guard, its parsed request and the
 * request's one transaction (`serveOperations`, issue 28 item 2).
 */
import { invoicePdfQuerySchema, MONEY_ROUTES } from '@venue/contracts/money-api';
import { notFound, parseQuery, requireInternal, serveOperations, type AppRouter } from '@venue/service-kit';
import { idParam } from '../shared/http.ts';
import { answerDocument } from '../shared/document-answer.ts';
import { creditNoteDocument } from './credit-note-document.ts';
import { invoiceDocument } from './invoice-document.ts';
import { getCreditNotePdf } from './handlers/get-credit-note-pdf.ts';
import { getInvoice } from './handlers/get-invoice.ts';
import { getInvoicePdf } from './handlers/get-invoice-pdf.ts';
import { getInvoiceSummary } from './handlers/get-invoice-summary.ts';
import { listInvoicePage } from './handlers/list-invoice-page.ts';
import { listOwnerInvoices } from './handlers/list-owner-invoices.ts';
import { postPayment, putPayment } from './handlers/payments.ts';
import { postCreditNote } from './handlers/post-credit-note.ts';
import { postInvoice } from './handlers/post-invoice.ts';
import { putInvoiceStatus } from './handlers/put-invoice-status.ts';
import { sendInvoice } from './handlers/send-invoice.ts';
import { sendReminders } from './handlers/send-reminders.ts';

/** The table's /api/invoices calls but the exports (csv/, exports/) and payment links (paylinks/). */
const servedElsewhere = /^\/api\/invoices\/(export|\{id\}\/payment-link)/;
const INVOICE_ROUTES = MONEY_ROUTES.filter(
  (r) => r.path.startsWith('/api/invoices') && !servedElsewhere.test(r.path),
);

export function invoiceRoutes(router: AppRouter) {
  serveOperations(router, INVOICE_ROUTES, [
    listOwnerInvoices,
    listInvoicePage,
    getInvoiceSummary,
    postInvoice,
    sendReminders,
    getInvoice,
    putInvoiceStatus,
    sendInvoice,
    postPayment,
    putPayment,
    postCreditNote,
    getInvoicePdf,
    getCreditNotePdf,
  ]);

  // The two routes below are for comms, not in the public route table (`/internal/*`, never
  // routed by the gateway), so they stay written by hand: the shared secret, a venue named in
  // the path, and a transaction of that venue.

  // The invoice's PDF, which comms attaches to the invoice and reminder e-mails; `?copy=1`: the
  // copy it attaches to Send to customer again (invoice.copy_requested).
  router.get('/internal/invoices/:hallOwnerId/:id/pdf', requireInternal, async (ctx) => {
    const tenantId = idParam(ctx, 'hallOwnerId');
    if (!tenantId) throw notFound('Invoice not found');
    const { copy } = parseQuery(ctx, invoicePdfQuerySchema);
    const doc = await ctx.kit.db.tenantTx(tenantId, (tx) =>
      invoiceDocument(tx, tenantId, idParam(ctx), copy === '1'),
    );
    // With the figures it prints, for the e-mail that carries it (issue 24 item 1).
    answerDocument(ctx, doc);
  });

  // The same adjustment note for comms, which e-mails it to the customer (issue 24 item 3).
  router.get(
    '/internal/invoices/:hallOwnerId/:id/credit-notes/:creditNoteId/pdf',
    requireInternal,
    async (ctx) => {
      const tenantId = idParam(ctx, 'hallOwnerId');
      if (!tenantId) throw notFound('Credit note not found');
      const doc = await ctx.kit.db.tenantTx(tenantId, (tx) =>
        creditNoteDocument(tx, tenantId, idParam(ctx), idParam(ctx, 'creditNoteId')),
      );
      answerDocument(ctx, doc);
    },
  );
}
