import { operation } from '@venue/service-kit';
import { currentSeller } from '../../invoices/operations.ts';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { loadQuotation, quotationPdf, quotationPdfName, toQuotation } from '../quotation-row.ts';

/** One quotation. */
export const getQuotation = operation('get /api/quotations/{id}', async ({ ctx, tx, params }) => {
  const tenantId = tenantOf(ctx);
  const day = today(await moneySettings(tx, tenantId));
  return toQuotation(await loadQuotation(tx, tenantId, uuidOrNull(params.id)), day);
});

/** The quotation PDF, a download named by its number (a draft's by its id). */
export const getQuotationPdf = operation('get /api/quotations/{id}/pdf', async ({ ctx, tx, params }) => {
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  const q = toQuotation(await loadQuotation(tx, tenantId, uuidOrNull(params.id)), today(settings));
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${quotationPdfName(q)}"`);
  ctx.body = await quotationPdf(q, currentSeller(settings));
});
