import { notFound, sql, operation, type AppMiddleware } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import type { CommsDeps } from '../../deps.ts';
import { tenantOfStatusToken } from '../status-store.ts';

/** The venue's signed URL is the credential, checked before the receipt is read. */
const statusCaller: AppMiddleware = async (ctx, next) => {
  if (!tenantOfStatusToken(ctx.params.token ?? '')) throw notFound('Not found');
  await next();
};

// No sign-in (a provider cannot): the venue's signed URL is the credential. Answers 200 to any
// well-formed receipt, also for an id it does not know, so the provider does not retry it.
export const postSmsStatus = (deps: CommsDeps) =>
  operation(
    'post /api/email-comms/sms/status/{token}',
    { guard: [statusCaller], transaction: 'none' },
    async ({ ctx, params, body: b }) => {
      const tenantId = tenantOfStatusToken(params.token)!;
      const outcome =
        b.MessageStatus === 'delivered' || b.MessageStatus === 'read'
          ? ('delivered' as const)
          : b.MessageStatus === 'undelivered' || b.MessageStatus === 'failed'
            ? ('undelivered' as const)
            : null;
      let recorded: 'delivered' | 'undelivered' | 'ignored' = 'ignored';
      if (outcome) {
        const changed = await ctx.kit.db.tenantTx(tenantId, (tx) =>
          db(tx)
            .updateTable('emails')
            .set({
              delivery: outcome,
              delivery_error: outcome === 'undelivered' ? b.ErrorCode?.trim() || null : null,
              delivery_at: deps.now().toISOString(),
            })
            .where('tenant_id', '=', tenantId)
            .where('channel', '=', 'sms')
            .where('provider_id', '=', b.MessageSid)
            // One statement decides: a delivered message never goes back (receipts arrive out of
            // order, and a late "undelivered" of a retried part must not undo a handset's receipt).
            .where(sql<boolean>`delivery IS DISTINCT FROM 'delivered'`)
            .executeTakeFirst(),
        );
        if (Number(changed.numUpdatedRows) > 0) recorded = outcome;
      }
      ctx.body = { recorded };
    },
  );
