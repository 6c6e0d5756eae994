import { operation } from '@venue/service-kit';
import { tenantOf } from '../../shared/http.ts';
import { depositTabCards } from '../deposit-cards.ts';
import { depositFilters, depositPaid, depositUnpaid, selectDeposits } from '../deposit-row.ts';

/** The tab's three cards over all its rows. */
export const getDepositSummary = operation('get /api/deposits/summary', async ({ ctx, tx }) =>
  depositTabCards(selectDeposits(tx), depositFilters(tenantOf(ctx), {}), (eb) => ({
    // the deposit as the row shows it: its invoice's, less credits; else the booking's
    cents: eb.fn.coalesce(eb('d.total_cents', '-', eb.ref('d.credited_cents')), 'b.deposit_cents', eb.lit(0)),
    paid: depositPaid(eb),
    unpaid: depositUnpaid(eb),
  })),
);
