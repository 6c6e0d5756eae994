import { operation } from '@venue/service-kit';
import { keysetListPage } from '../../invoices/list-page.ts';
import { tenantOf } from '../../shared/http.ts';
import { DEPOSIT_ORDER, depositFilters, selectDeposits, toDeposit } from '../deposit-row.ts';

/** One page of the Web & Admin Bookings tab, searched and filtered by the database (decision 52). */
export const listDepositPage = operation('get /api/deposits', async ({ ctx, tx, query }) =>
  keysetListPage(
    tx,
    query,
    {
      order: DEPOSIT_ORDER,
      rows: selectDeposits(tx),
      filters: depositFilters(tenantOf(ctx), query),
      matches: selectDeposits(tx),
    },
    toDeposit,
  ),
);
