/**
 * Quotations (spec 03 §2.3, §4, §7; issue 13, decision 33): create, list with counts and the
 * acceptance rate, edit, Send / Accept / Decline, delete, the PDF, Bulk Send. Requests are
 * parsed by the contract schemas (400 naming the field). Accept takes the quotation to
 * Accepting in one committed conditional update, asks bookings for the confirmed booking with
 * no transaction open, then settles it Accepted (with a frozen snapshot) or back to Sent: of two
 * accepts at once only one reaches bookings, and bookings makes one booking per quotation id.
 *
 * Issue 24 (decision 57): the resource's name comes from the catalogue (never its id in the
 * name's place); Send asks bookings whether the slot is free first (a clash: 409 naming it,
 * nothing sent) and gives the quotation its gap-free number the first time, under the row's lock
 * (two sends at once: one number); a numbered quotation is never deleted; Accept answers the
 * booking's code beside its id.
 *
 * Here the registrar: each call of the contract's table is one handler in `handlers/`
 * (`serveOperations`); Send is send.ts, Accept and Decline answer.ts (the portal's too).
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { notFound, requireInternal, serveOperations, type AppRouter } from '@venue/service-kit';
import { currentSeller } from '../invoices/operations.ts';
import { idParam } from '../shared/http.ts';
import { moneySettings, today } from '../shared/settings.ts';
import { bulkSendQuotations } from './handlers/bulk-send.ts';
import { deleteQuotation } from './handlers/delete-quotation.ts';
import { getQuotation, getQuotationPdf } from './handlers/get-quotation.ts';
import { postQuotation } from './handlers/post-quotation.ts';
import { putQuotation } from './handlers/put-quotation.ts';
import { putQuotationStatus } from './handlers/put-quotation-status.ts';
import { getQuotationSummary, listMyQuotations, listQuotationPage } from './handlers/quotation-lists.ts';
import { loadQuotation, quotationPdf, quotationPdfName, toQuotation } from './quotation-row.ts';

/** The table's /api/quotations calls but the CSV export (csv/). */
const QUOTATION_ROUTES = MONEY_ROUTES.filter(
  (r) => r.path.startsWith('/api/quotations') && r.path !== '/api/quotations/export.csv',
);

export function quotationRoutes(router: AppRouter): void {
  serveOperations(router, QUOTATION_ROUTES, [
    postQuotation,
    listMyQuotations,
    listQuotationPage,
    getQuotationSummary,
    bulkSendQuotations,
    getQuotation,
    putQuotation,
    putQuotationStatus,
    deleteQuotation,
    getQuotationPdf,
  ]);

  // The same PDF for comms (not in the public table: `/internal/*`), which attaches it to the quotation e-mail.
  router.get('/internal/quotations/:hallOwnerId/:id/pdf', requireInternal, async (ctx) => {
    const tenantId = idParam(ctx, 'hallOwnerId');
    if (!tenantId) throw notFound('Quotation not found');
    const { q, bytes } = await ctx.kit.db.tenantTx(tenantId, async (tx) => {
      const settings = await moneySettings(tx, tenantId);
      const q = toQuotation(await loadQuotation(tx, tenantId, idParam(ctx)), today(settings));
      return { q, bytes: await quotationPdf(q, currentSeller(settings)) };
    });
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${quotationPdfName(q)}"`);
    ctx.body = bytes;
  });
}
