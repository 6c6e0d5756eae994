import { operation } from '@venue/service-kit';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { invoiceDocument } from '../invoice-document.ts';

/** The A4 tax invoice, a download named by its number; `copy=1` marks it COPY. */
export const getInvoicePdf = operation('get /api/invoices/{id}/pdf', async ({ ctx, tx, params, query }) => {
  const doc = await invoiceDocument(tx, tenantOf(ctx), uuidOrNull(params.id), query.copy === '1');
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${doc.filename}"`);
  ctx.body = doc.pdf;
});
