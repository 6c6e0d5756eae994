/**
 * Payments (spec 03 §7): the venue's list, and a receipt PDF per payment, refund or reversal
 * (also for comms, internal secret, to attach to the Receipt e-mail).
 */
import {
  notFound,
  requireAuth,
  requireInternal,
  requirePermission,
  requireTenantParam,
  type AppRouter,
  type Tx,
  withTx,
} from '@venue/service-kit';
import { venueToday } from '@venue/service-kit';
import { loadInvoice } from '../invoices/invoice-row.ts';
import { currentSeller } from '../invoices/routes.ts';
import { receiptPdf } from '../pdf/documents.ts';
import { idParam, tenantOf } from '../shared/http.ts';
import { moneySettings } from '../shared/settings.ts';
import { selectPayments, toPayment } from './payment-row.ts';

export function paymentRoutes(router: AppRouter) {
  router.get(
    '/api/payments/hall-owner/:hallOwnerId',
    requireAuth,
    requirePermission('invoices'),
    requireTenantParam('hallOwnerId'),
    withTx,
    async (ctx) => {
      const rows = await selectPayments(ctx.state.tx!)
        .where('p.tenant_id', '=', String(ctx.params.hallOwnerId))
        .orderBy('p.processed_at', 'desc')
        .orderBy('p.id')
        .limit(5000)
        .execute();
      ctx.body = rows.map(toPayment);
    },
  );

  router.get('/api/payments/:id/receipt', requireAuth, requirePermission('invoices'), withTx, async (ctx) => {
    const receipt = await receiptOf(ctx.state.tx!, tenantOf(ctx), idParam(ctx));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${receipt.filename}"`);
    ctx.body = receipt.pdf;
  });

  // The same receipt for comms, which attaches it to the Receipt e-mail of payment.recorded.
  router.get('/internal/payments/:hallOwnerId/:id/receipt', requireInternal, async (ctx) => {
    const tenantId = idParam(ctx, 'hallOwnerId');
    if (!tenantId) throw notFound('Payment not found');
    const receipt = await ctx.kit.db.tenantTx(tenantId, (tx) => receiptOf(tx, tenantId, idParam(ctx)));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${receipt.filename}"`);
    ctx.body = receipt.pdf;
  });
}

/** The receipt PDF of one payment, refund or reversal of the tenant; 404 when there is none. */
async function receiptOf(tx: Tx, tenantId: string, id: string | null) {
  const settings = await moneySettings(tx, tenantId);
  const p = id
    ? await selectPayments(tx).where('p.tenant_id', '=', tenantId).where('p.id', '=', id).executeTakeFirst()
    : undefined;
  if (!p) throw notFound('Payment not found');
  const invoice = await loadInvoice(tx, tenantId, p.invoice_id);
  const pdf = await receiptPdf(
    p,
    invoice,
    invoice.seller ?? currentSeller(settings),
    venueToday(new Date(p.processed_at), settings.zone),
  );
  return { pdf, filename: `${p.receipt_number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf` };
}
