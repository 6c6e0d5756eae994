import { HttpError, inRequestTx, operation } from '@venue/service-kit';
import { tenantOf } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { checkBeforeSend, send, type SendCheck } from '../send.ts';

/**
 * Bulk Send: each one checked first (resource, slot), with no transaction open; then those that
 * pass are sent in one transaction, each re-checked under its lock. Those that cannot go are
 * listed in `skipped` with the reason.
 */
export const bulkSendQuotations = operation(
  'post /api/quotations/bulk-send',
  { transaction: 'none' },
  async ({ ctx, body: { ids } }) => {
    const tenantId = tenantOf(ctx);
    const sent: string[] = [];
    const skipped: { id: string; reason: string }[] = [];
    const checked = new Map<string, SendCheck>();
    for (const id of [...new Set(ids)]) {
      try {
        checked.set(id, await checkBeforeSend(ctx, tenantId, id));
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        skipped.push({ id, reason: err.message });
      }
    }
    await inRequestTx(ctx, async (tx) => {
      const day = today(await moneySettings(tx, tenantId));
      for (const [id, check] of checked) {
        try {
          await send(tx, ctx, tenantId, id, day, check);
          sent.push(id);
        } catch (err) {
          if (!(err instanceof HttpError) || err.status >= 500) throw err;
          skipped.push({ id, reason: err.message });
        }
      }
    });
    return { sent, skipped };
  },
);
