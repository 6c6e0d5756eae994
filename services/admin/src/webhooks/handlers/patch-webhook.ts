import type { webhookUpdateSchema } from '@venue/contracts/admin';
import { WEBHOOK_RETRY_DAYS, type Webhook } from '@venue/contracts/admin';
import { inRequestTx, operation } from '@venue/service-kit';
import type { z } from 'zod';
import { NOW } from '../../db/clock.ts';
import type { WebhookDeps } from '../config.ts';
import { DELIVERY_JOB, q, toWebhook, webhookLabel, type WebhookRow } from '../store.ts';
import { expireHeld } from '../worker.ts';
import { assertReachable, ownerGuard, tenantOf, webhookOr404 } from '../webhook-access.ts';

type Changes = Record<string, { old: unknown; new: unknown }>;

/** What the body changes of the webhook, for the update and the audit entry. */
function changesOf(before: WebhookRow, body: z.output<typeof webhookUpdateSchema>) {
  const changes: Changes = {};
  if (body.url !== undefined && body.url !== before.url) changes.url = { old: before.url, new: body.url };
  if (body.events !== undefined && body.events.join(',') !== before.events.join(','))
    changes.events = { old: before.events, new: body.events };
  if (body.description !== undefined && body.description !== before.description)
    changes.description = { old: before.description, new: body.description };
  const resumed = body.status === 'active' && before.status !== 'active';
  const paused = body.status === 'paused' && before.status !== 'paused';
  if (resumed || paused) changes.status = { old: before.status, new: body.status };
  return { changes, resumed, paused };
}

/** A new address is checked before the transaction opens (`transaction: 'none'`). */
export const patchHook = (deps: WebhookDeps) =>
  operation(
    'patch /api/integrations/webhooks/{id}',
    { guard: ownerGuard, transaction: 'none' },
    async ({ ctx, params, body }) => {
      if (body.url !== undefined) await assertReachable(body.url, deps);
      return inRequestTx(ctx, async (tx): Promise<Webhook> => {
        const tenantId = tenantOf(ctx);
        const before = await webhookOr404(tx, tenantId, params.id, true);
        const { changes, resumed, paused } = changesOf(before, body);
        if (Object.keys(changes).length === 0) return toWebhook(before);
        const row = await q(tx)
          .updateTable('webhooks')
          .set({
            ...(changes.url ? { url: body.url } : {}),
            ...(changes.events ? { events: body.events } : {}),
            ...(changes.description ? { description: body.description ?? null } : {}),
            ...(paused ? { status: 'paused' as const, disabled_at: null, disabled_reason: null } : {}),
            // Resumed (also after being switched off): a fresh start, no failures counted.
            ...(resumed
              ? { status: 'active' as const, disabled_at: null, disabled_reason: null, failing_since: null }
              : {}),
            updated_at: NOW,
          })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // What was held while paused now goes out in its order, except what waited longer than the
        // retry window: given up unsent, as a delivery failing that long would be, in this same
        // transaction, so the job never sees it due.
        const givenUp = resumed ? await expireHeld(tx, deps, { tenantId, webhookId: row.id }) : 0;
        if (resumed) tx.wake(DELIVERY_JOB);
        await tx.audit(ctx, {
          action: resumed ? 'webhook_resumed' : paused ? 'webhook_paused' : 'webhook_updated',
          targetType: 'settings',
          target: row.id,
          targetLabel: webhookLabel(row),
          changes,
          ...(givenUp > 0
            ? {
                additionalInfo: `${givenUp} held ${givenUp === 1 ? 'delivery' : 'deliveries'} older than ${WEBHOOK_RETRY_DAYS} days given up unsent`,
              }
            : {}),
        });
        return toWebhook(row);
      });
    },
  );
