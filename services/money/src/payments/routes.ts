/**
 * Payments (spec 03 §7): the venue's list, and a receipt PDF per payment, refund or reversal
 * (also for comms, internal secret, to attach to the Receipt e-mail). Each call of the contract's
 * table is one handler in `handlers/` (`serveOperations`, issue 28 item 2).
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { notFound, requireInternal, serveOperations, type AppRouter } from '@venue/service-kit';
import { answerDocument } from '../shared/document-answer.ts';
import { idParam } from '../shared/http.ts';
import { getReceiptPdf } from './handlers/get-receipt-pdf.ts';
import { listOwnerPayments } from './handlers/list-owner-payments.ts';
import { listPaymentPage } from './handlers/list-payment-page.ts';
import { receiptOf } from './receipt.ts';

/** The table's /api/payments calls but the accounting exports (exports/) and Stripe's webhook (paylinks/). */
const PAYMENT_ROUTES = MONEY_ROUTES.filter((r) =>
  /^\/api\/payments(\/hall-owner\/\{hallOwnerId\}|\/\{id\}\/receipt)?$/.test(r.path),
);

export function paymentRoutes(router: AppRouter) {
  serveOperations(router, PAYMENT_ROUTES, [listOwnerPayments, listPaymentPage, getReceiptPdf]);

  // The same receipt for comms (not in the public table: `/internal/*`), which attaches it to the
  // Receipt e-mail of payment.recorded (with the figures it prints, for the e-mail's words: issue 24 item 1).
  router.get('/internal/payments/:hallOwnerId/:id/receipt', requireInternal, async (ctx) => {
    const tenantId = idParam(ctx, 'hallOwnerId');
    if (!tenantId) throw notFound('Payment not found');
    answerDocument(ctx, await ctx.kit.db.tenantTx(tenantId, (tx) => receiptOf(tx, tenantId, idParam(ctx))));
  });
}
