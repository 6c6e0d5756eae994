/** The Deposits page's Quotations tab: the array, one page of it, and its three cards. */
import { LIST_ARRAY_CAP } from '@venue/contracts/money-api';
import { operation } from '@venue/service-kit';
import { depositTabCards } from '../../deposits/deposit-cards.ts';
import { keysetListPage } from '../../invoices/list-page.ts';
import { tenantOf } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import {
  QUOTATION_DEPOSIT_ORDER,
  quotationDepositFilters,
  quotationDepositPaid,
  selectQuotationDeposits,
  toQuotationDeposit,
} from '../deposit-row.ts';

/**
 * The array for other API clients: the newest LIST_ARRAY_CAP (decision 52); the tab pages with
 * GET /api/deposits/quotations/page.
 */
export const listQuotationDeposits = operation('get /api/deposits/quotations', async ({ ctx, tx }) => {
  const tenantId = tenantOf(ctx);
  const day = today(await moneySettings(tx, tenantId));
  const rows = await selectQuotationDeposits(tx)
    .where('q.tenant_id', '=', tenantId)
    .where('q.deposit_cents', '>', 0)
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id')
    .limit(LIST_ARRAY_CAP)
    .execute();
  return rows.map((r) => toQuotationDeposit(r, day));
});

/** One page of the tab, searched and filtered by the database (decision 52). */
export const listQuotationDepositPage = operation(
  'get /api/deposits/quotations/page',
  async ({ ctx, tx, query }) => {
    const tenantId = tenantOf(ctx);
    const day = today(await moneySettings(tx, tenantId));
    return keysetListPage(
      tx,
      query,
      {
        order: QUOTATION_DEPOSIT_ORDER,
        rows: selectQuotationDeposits(tx),
        filters: quotationDepositFilters(tenantId, query),
        matches: selectQuotationDeposits(tx),
      },
      (r) => toQuotationDeposit(r, day),
    );
  },
);

/** The tab's three cards over all its rows. */
export const getQuotationDepositSummary = operation(
  'get /api/deposits/quotations/summary',
  async ({ ctx, tx }) =>
    depositTabCards(selectQuotationDeposits(tx), quotationDepositFilters(tenantOf(ctx), {}), (eb) => {
      const paid = quotationDepositPaid(eb);
      return { cents: eb.ref('q.deposit_cents'), paid, unpaid: eb.not(paid) };
    }),
);
