import { operation, type Tx } from '@venue/service-kit';
import { loadInvoice, toInvoice } from '../../invoices/invoice-row.ts';
import { actorOf, tenantOf, uuidOrNull } from '../../shared/http.ts';
import { today, type MoneySettings } from '../../shared/settings.ts';
import { depositOf } from '../deposit-row.ts';
import { markDepositPaid, markDepositUnpaid } from '../mark.ts';

export const postDepositPaid = operation(
  'post /api/deposits/{bookingId}/mark-paid',
  async ({ ctx, tx, params, body }) => {
    const tenantId = tenantOf(ctx);
    const done = await markDepositPaid(tx, ctx, tenantId, uuidOrNull(params.bookingId), {
      ...body,
      actor: actorOf(ctx),
    });
    return changed(tx, tenantId, done);
  },
);

export const postDepositUnpaid = operation(
  'post /api/deposits/{bookingId}/mark-unpaid',
  async ({ ctx, tx, params, body }) => {
    const tenantId = tenantOf(ctx);
    const bookingId = uuidOrNull(params.bookingId);
    const done = await markDepositUnpaid(tx, ctx, tenantId, bookingId, body.reason, actorOf(ctx));
    return changed(tx, tenantId, done);
  },
);

async function changed(
  tx: Tx,
  tenantId: string,
  done: { bookingId: string; invoiceId: string; settings: MoneySettings },
) {
  return {
    deposit: await depositOf(tx, tenantId, done.bookingId),
    invoice: toInvoice(await loadInvoice(tx, tenantId, done.invoiceId), today(done.settings)),
  };
}
