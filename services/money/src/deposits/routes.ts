/**
 * Deposits (spec 03 §2.2): the venue's confirmed bookings with their deposit (deposit-row.ts),
 * Mark Paid (a payment on the booking's DEPOSIT invoice, issued first if need be) and Mark Unpaid
 * (a reversal record; nothing is deleted), both in mark.ts. The paid flag is the deposit
 * invoice's: one writer. Each call of the contract's table is one handler in `handlers/`
 * (`serveOperations`); bookings' hand-over (handover.ts) is internal and stays by hand.
 */
import { internalDepositRequestSchema, MONEY_ROUTES } from '@venue/contracts/money-api';
import { parseBody, requireInternal, serveOperations, type AppRouter } from '@venue/service-kit';
import { idParam } from '../shared/http.ts';
import { getDepositSummary } from './handlers/get-deposit-summary.ts';
import { listDepositPage } from './handlers/list-deposit-page.ts';
import { listOwnerDeposits } from './handlers/list-owner-deposits.ts';
import { postDepositPaid, postDepositUnpaid } from './handlers/mark-deposit.ts';
import { depositHandover } from './handover.ts';

/** The table's booking deposits: /api/deposits but the bonds (bonds/) and quotations (quotations/). */
const DEPOSIT_ROUTES = MONEY_ROUTES.filter(
  (r) => r.path.startsWith('/api/deposits') && !/^\/api\/deposits\/(bonds|quotations)(\/|$)/.test(r.path),
);

export function depositRoutes(router: AppRouter) {
  serveOperations(router, DEPOSIT_ROUTES, [
    listOwnerDeposits,
    listDepositPage,
    getDepositSummary,
    postDepositPaid,
    postDepositUnpaid,
  ]);

  router.put('/internal/deposits/:bookingId', requireInternal, async (ctx) => {
    const body = parseBody(ctx, internalDepositRequestSchema);
    ctx.body = await depositHandover(ctx, body, idParam(ctx, 'bookingId'));
  });
}
