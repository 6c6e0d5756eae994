/** The venue's quotations: the spec's array with its figures, one page of the screen, and the figures. */
import { LIST_ARRAY_CAP } from '@venue/contracts/money-api';
import { operation } from '@venue/service-kit';
import { tenantOf } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { quotationPage, quotationSummary } from '../list-page.ts';
import { selectQuotations, toQuotation } from '../quotation-row.ts';

/**
 * The spec's answer, for other API clients: the newest LIST_ARRAY_CAP quotations, with the counts
 * and figures over all of them (the database's sums). The screen pages with GET /api/quotations
 * (decision 52).
 */
export const listMyQuotations = operation('get /api/quotations/my-quotations', async ({ ctx, tx }) => {
  const tenantId = tenantOf(ctx);
  const day = today(await moneySettings(tx, tenantId));
  const rows = await selectQuotations(tx)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(LIST_ARRAY_CAP)
    .execute();
  const figures = await quotationSummary(tx, tenantId, day);
  return {
    quotations: rows.map((r) => toQuotation(r, day)),
    counts: figures.counts,
    acceptanceRate: figures.acceptanceRate,
    totalValueCents: figures.totalValueCents,
  };
});

/** One page of the screen's list, filtered and sorted by the database (decision 52). */
export const listQuotationPage = operation('get /api/quotations', async ({ ctx, tx, query }) => {
  const tenantId = tenantOf(ctx);
  const day = today(await moneySettings(tx, tenantId));
  return quotationPage(tx, tenantId, query, day);
});

/** Counts per status, the acceptance rate and the total value. */
export const getQuotationSummary = operation('get /api/quotations/summary', async ({ ctx, tx }) => {
  const tenantId = tenantOf(ctx);
  return quotationSummary(tx, tenantId, today(await moneySettings(tx, tenantId)));
});
