/** Payments (spec 03 §7): the venue's list, and a receipt PDF per payment, refund or reversal. */
import {
  notFound,
  requireAuth,
  requirePermission,
  requireTenantParam,
  type AppRouter,
  withTx,
} from '@venue/service-kit';
import { venueToday } from '@venue/service-kit';
import { loadInvoice } from '../invoices/invoice-row.ts';
import { currentSeller } from '../invoices/routes.ts';
import { receiptPdf } from '../pdf/documents.ts';
import { idParam, tenantOf } from '../shared/http.ts';
import { moneySettings } from '../shared/settings.ts';
import { PAYMENT_COLUMNS, PAYMENT_FROM, toPayment, type PaymentListRow } from './payment-row.ts';

export function paymentRoutes(router: AppRouter) {
  router.get(
    '/api/payments/hall-owner/:hallOwnerId',
    requireAuth,
    requirePermission('invoices'),
    requireTenantParam('hallOwnerId'),
    withTx,
    async (ctx) => {
      const { rows } = await ctx.state.tx!.query<PaymentListRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_FROM} WHERE p.tenant_id = $1
          ORDER BY p.processed_at DESC, p.id LIMIT 5000`,
        [String(ctx.params.hallOwnerId)],
      );
      ctx.body = rows.map(toPayment);
    },
  );

  router.get('/api/payments/:id/receipt', requireAuth, requirePermission('invoices'), withTx, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const id = idParam(ctx);
    const { rows } = id
      ? await tx.query<PaymentListRow>(
          `SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_FROM} WHERE p.tenant_id = $1 AND p.id = $2`,
          [tenantId, id],
        )
      : { rows: [] };
    const p = rows[0];
    if (!p) throw notFound('Payment not found');
    const invoice = await loadInvoice(tx, tenantId, p.invoice_id);
    const pdf = await receiptPdf(
      p,
      invoice,
      invoice.seller ?? currentSeller(settings),
      venueToday(new Date(p.processed_at), settings.zone),
    );
    ctx.type = 'application/pdf';
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${p.receipt_number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`,
    );
    ctx.body = pdf;
  });
}
