/**
 * Payments (spec 03 §7): the venue's list, and a receipt PDF per payment, refund or reversal
 * (also for comms, internal secret, to attach to the Receipt e-mail).
 */
import { LIST_ARRAY_CAP, newestPageQuerySchema } from '@venue/contracts/money-api';
import {
  keysetAfterCursor,
  keysetColumns,
  keysetOrder,
  notFound,
  parseQuery,
  requireAuth,
  requireInternal,
  requirePermission,
  requireTenantParam,
  type AppRouter,
  type Tx,
  withTx,
} from '@venue/service-kit';
import { venueToday } from '@venue/service-kit';
import { COUNT_CAP, decodeCursor, keysetPage, type KeysetKey } from '@venue/service-kit/paging';
import { db } from '../db/query.ts';
import { countUpTo, pageAnswer } from '../invoices/list-page.ts';
import { balanceCents, loadInvoice } from '../invoices/invoice-row.ts';
import { currentSeller } from '../invoices/operations.ts';
import { receiptPdf } from '../pdf/documents.ts';
import { answerDocument, type MoneyDocument } from '../shared/document-answer.ts';
import { idParam, tenantOf } from '../shared/http.ts';
import { moneySettings } from '../shared/settings.ts';
import { selectPayments, toPayment } from './payment-row.ts';

/** Newest first, then the id: payments_list_idx (tenant_id, processed_at DESC, id). */
const KEYS: KeysetKey[] = [
  { expr: 'p.processed_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'p.id', type: 'uuid', index: 'ASC' },
];

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
        // The spec's array: the newest LIST_ARRAY_CAP (decision 52); page with GET /api/payments.
        .limit(LIST_ARRAY_CAP)
        .execute();
      ctx.body = rows.map(toPayment);
    },
  );

  // Every payment, refund and reversal of the venue, newest first, one page at a time (decision 52).
  router.get('/api/payments', requireAuth, requirePermission('invoices'), withTx, async (ctx) => {
    const q = parseQuery(ctx, newestPageQuerySchema);
    const tx = ctx.state.tx!;
    const tenantId = tenantOf(ctx);
    const after = q.cursor ? decodeCursor(q.cursor, 'processedAt', 'desc', KEYS) : null;
    const rows = await selectPayments(tx)
      .select(keysetColumns(KEYS))
      .where('p.tenant_id', '=', tenantId)
      .$if(after !== null, (qb) => qb.where(keysetAfterCursor(KEYS, 'desc', after!)))
      .orderBy(keysetOrder(KEYS, 'desc'))
      .limit(q.limit + 1)
      .offset(q.cursor ? 0 : (q.page - 1) * q.limit)
      .execute();
    const page = keysetPage(rows, q.limit, 'processedAt', 'desc', KEYS);
    ctx.body = await pageAnswer(q, page, page.rows.map(toPayment), COUNT_CAP, () =>
      countUpTo(tx, db(tx).selectFrom('payments').where('tenant_id', '=', tenantId), COUNT_CAP),
    );
  });

  router.get('/api/payments/:id/receipt', requireAuth, requirePermission('invoices'), withTx, async (ctx) => {
    const receipt = await receiptOf(ctx.state.tx!, tenantOf(ctx), idParam(ctx));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${receipt.filename}"`);
    ctx.body = receipt.pdf;
  });

  // The same receipt for comms, which attaches it to the Receipt e-mail of payment.recorded
  // (with the figures it prints, for the e-mail's words: issue 24 item 1).
  router.get('/internal/payments/:hallOwnerId/:id/receipt', requireInternal, async (ctx) => {
    const tenantId = idParam(ctx, 'hallOwnerId');
    if (!tenantId) throw notFound('Payment not found');
    answerDocument(ctx, await ctx.kit.db.tenantTx(tenantId, (tx) => receiptOf(tx, tenantId, idParam(ctx))));
  });
}

/** The receipt PDF of one payment, refund or reversal of the tenant; 404 when there is none. */
export async function receiptOf(tx: Tx, tenantId: string, id: string | null): Promise<MoneyDocument> {
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
  return {
    pdf,
    filename: `${p.receipt_number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
    figures: {
      receiptNumber: p.receipt_number,
      invoiceNumber: invoice.invoice_number,
      amountCents: Number(p.amount_cents),
      // the receipt's "Invoice balance now"
      balanceCents: balanceCents(invoice),
    },
  };
}
