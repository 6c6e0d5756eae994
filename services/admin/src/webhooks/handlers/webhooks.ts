/**
 * `/api/integrations/webhooks` (issue 26, decision 60): the hall owner's webhooks under Settings
 * → Integrations. The URL is checked for where it leads when it is saved (DNS outside the
 * transaction, so those calls open theirs after: `transaction: 'none'`); the signing secret is
 * shown in the create's and a rotation's answer only, never kept for an Idempotency-Key replay.
 */
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_DELETED,
  WEBHOOK_LIMIT_REACHED,
  WEBHOOK_NOT_FOUND,
  WEBHOOKS_PER_VENUE,
  type WebhookWithSecret,
} from '@venue/contracts/admin';
import { conflict, inRequestTx, isUuid, notFound, operation } from '@venue/service-kit';
import { NOW, dbNowPlus } from '../../db/clock.ts';
import type { WebhookDeps } from '../config.ts';
import { newSigningSecret, sealSecret } from '../secrets.ts';
import { listWebhooks, q, toWebhook, webhookLabel } from '../store.ts';
import { assertReachable, ownerGuard, tenantOf, webhookOr404, withoutSecret } from '../webhook-access.ts';

export const listHooks = operation(
  'get /api/integrations/webhooks',
  { guard: ownerGuard, transaction: 'read' },
  async ({ ctx, tx }) => {
    const now = Date.now();
    return (await listWebhooks(tx, tenantOf(ctx))).map((r) => toWebhook(r, now));
  },
);

export const getHook = operation(
  'get /api/integrations/webhooks/{id}',
  { guard: ownerGuard, transaction: 'read' },
  async ({ ctx, tx, params }) => toWebhook(await webhookOr404(tx, tenantOf(ctx), params.id)),
);

export const postHook = (deps: WebhookDeps) =>
  operation(
    'post /api/integrations/webhooks',
    { guard: ownerGuard, transaction: 'none' },
    async ({ ctx, body }) => {
      // Validated, and the address resolved, before the transaction opens.
      await assertReachable(body.url, deps);
      const { tenantId, userId } = ctx.state.principal;
      const created = await inRequestTx(ctx, async (tx): Promise<WebhookWithSecret> => {
        const db = q(tx);
        // The owner's row is the venue's lock: two creates at once count one after the other.
        await db
          .selectFrom('users')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', tenantId)
          .forUpdate()
          .execute();
        const { count } = await db
          .selectFrom('webhooks')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= WEBHOOKS_PER_VENUE) throw conflict(WEBHOOK_LIMIT_REACHED);
        const id = randomUUID();
        const secret = newSigningSecret();
        const row = await db
          .insertInto('webhooks')
          .values({
            tenant_id: tenantId,
            id,
            url: body.url,
            events: body.events,
            description: body.description ?? null,
            secret_enc: sealSecret(secret, tenantId, id),
            created_by: userId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx.audit(ctx, {
          action: 'webhook_created',
          targetType: 'settings',
          target: row.id,
          targetLabel: webhookLabel(row),
          additionalInfo: `Webhook to ${row.url} for ${row.events.join(', ')}`,
          changes: {
            url: { old: null, new: row.url },
            events: { old: null, new: row.events },
            description: { old: null, new: row.description },
          },
        });
        return { ...toWebhook(row), secret };
      });
      ctx.status = 201;
      ctx.body = created;
      withoutSecret(ctx, created);
    },
  );

export const deleteHook = operation(
  'delete /api/integrations/webhooks/{id}',
  { guard: ownerGuard },
  async ({ ctx, tx, params }) => {
    const tenantId = tenantOf(ctx);
    if (!isUuid(params.id)) throw notFound(WEBHOOK_NOT_FOUND);
    const row = await q(tx)
      .deleteFrom('webhooks')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', params.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await tx.audit(ctx, {
      action: 'webhook_deleted',
      targetType: 'settings',
      target: row.id,
      targetLabel: webhookLabel(row),
      additionalInfo: `Webhook to ${row.url} deleted with its delivery log`,
    });
    return { message: WEBHOOK_DELETED };
  },
);

export const rotateHookSecret = (deps: WebhookDeps) =>
  operation(
    'post /api/integrations/webhooks/{id}/rotate-secret',
    { guard: ownerGuard, transaction: 'none' },
    async ({ ctx, params }) => {
      const rotated = await inRequestTx(ctx, async (tx): Promise<WebhookWithSecret> => {
        const tenantId = tenantOf(ctx);
        const before = await webhookOr404(tx, tenantId, params.id, true);
        const secret = newSigningSecret();
        const row = await q(tx)
          .updateTable('webhooks')
          .set({
            secret_enc: sealSecret(secret, tenantId, before.id),
            secret_created_at: NOW,
            // The secret until now keeps signing beside the new one for the overlap; sealed for this
            // same row, so its sealed form moves over as it is.
            previous_secret_enc: before.secret_enc,
            previous_secret_expires_at: dbNowPlus(Math.ceil(deps.rotationOverlapMs / 1000), 'secs'),
            updated_at: NOW,
          })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx.audit(ctx, {
          action: 'webhook_secret_rotated',
          targetType: 'settings',
          target: row.id,
          targetLabel: webhookLabel(row),
          additionalInfo: `New signing secret; the previous one also signs until ${toWebhook(row).previousSecretExpiresAt}`,
        });
        return { ...toWebhook(row), secret };
      });
      ctx.status = 201;
      ctx.body = rotated;
      withoutSecret(ctx, rotated);
    },
  );
