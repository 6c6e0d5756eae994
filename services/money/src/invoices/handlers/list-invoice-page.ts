import { operation } from '@venue/service-kit';
import { tenantOf } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { invoicePage } from '../list-page.ts';

/** One page of the screen's list, filtered and sorted by the database (decision 52). */
export const listInvoicePage = operation('get /api/invoices', async ({ ctx, tx, query }) => {
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  return invoicePage(tx, tenantId, query, settings, today(settings));
});
