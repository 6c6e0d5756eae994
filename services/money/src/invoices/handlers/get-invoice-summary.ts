import { operation } from '@venue/service-kit';
import { tenantOf } from '../../shared/http.ts';
import { moneySettings } from '../../shared/settings.ts';
import { invoiceSummary } from '../list-page.ts';

/** The header figures and tab counts, summed by the database. */
export const getInvoiceSummary = operation('get /api/invoices/summary', async ({ ctx, tx, query }) => {
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  return invoiceSummary(tx, tenantId, query, settings.zone);
});
