import { inRequestTx, notFound, operation } from '@venue/service-kit';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { accept, decline } from '../answer.ts';
import { checkBeforeSend, send } from '../send.ts';

/**
 * Send (the slot checked with bookings first, numbered the first time), Accept (one confirmed
 * booking) or Decline. No transaction is held while a peer answers: each step opens its own.
 */
export const putQuotationStatus = operation(
  'put /api/quotations/{id}/status',
  { transaction: 'none' },
  async ({ ctx, params, body: { status } }) => {
    const tenantId = tenantOf(ctx);
    const id = uuidOrNull(params.id);
    if (!id) throw notFound('Quotation not found');
    if (status === 'Accepted') return accept(ctx, tenantId, id);
    if (status === 'Sent') {
      const checked = await checkBeforeSend(ctx, tenantId, id);
      return inRequestTx(ctx, async (tx) =>
        send(tx, ctx, tenantId, id, today(await moneySettings(tx, tenantId)), checked),
      );
    }
    return inRequestTx(ctx, async (tx) =>
      decline(tx, ctx, tenantId, id, today(await moneySettings(tx, tenantId))),
    );
  },
);
