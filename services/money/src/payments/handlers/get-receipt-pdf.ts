import { operation } from '@venue/service-kit';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { receiptOf } from '../receipt.ts';

/** The receipt PDF of one payment, refund or reversal, a download named by its number. */
export const getReceiptPdf = operation('get /api/payments/{id}/receipt', async ({ ctx, tx, params }) => {
  const receipt = await receiptOf(tx, tenantOf(ctx), uuidOrNull(params.id));
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${receipt.filename}"`);
  ctx.body = receipt.pdf;
});
