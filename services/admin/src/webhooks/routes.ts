/**
 * `/api/integrations/webhooks` (issue 26, decision 60): the hall owner's webhooks under Settings
 * → Integrations. Staff, API keys and the super admin are refused (a webhook sends the venue's
 * data out of the building). The URL is checked for where it leads when it is saved (DNS outside
 * the transaction); the signing secret is shown in the create's and a rotation's answer only,
 * never kept for an Idempotency-Key replay.
 */
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_DELETED,
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_LIMIT_REACHED,
  WEBHOOK_NOT_ACTIVE,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_OWNER_ONLY,
  WEBHOOK_RESEND_QUEUED,
  WEBHOOK_RETRY_DAYS,
  WEBHOOK_SECRET_SHOWN_ONCE,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEST_MESSAGE,
  WEBHOOK_TEST_QUEUED,
  WEBHOOKS_PER_VENUE,
  webhookCreateSchema,
  webhookDeliveriesQuery,
  webhookUpdateSchema,
  type Webhook,
  type WebhookQueued,
  type WebhookWithSecret,
} from '@venue/contracts/admin';
import {
  HttpError,
  conflict,
  forbidden,
  inRequestTx,
  isUuid,
  notFound,
  parseBody,
  parseQuery,
  replayWithout,
  requireAuth,
  withRead,
  withTx,
  type AppContext,
  type AppMiddleware,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { dbNow, dbNowPlus } from '../db/clock.ts';
import { checkAddress } from './address-policy.ts';
import type { WebhookDeps } from './config.ts';
import { newSigningSecret, sealSecret } from './secrets.ts';
import {
  deliveryPage,
  deliveryWithAttempts,
  findWebhook,
  listWebhooks,
  payloadBody,
  q,
  queueDelivery,
  toWebhook,
  webhookLabel,
  type WebhookRow,
} from './store.ts';
import { expireHeld } from './worker.ts';

const PATH = '/api/integrations/webhooks';

const ownerOnly: AppMiddleware = async (ctx, next) => {
  if (ctx.state.principal.role !== 'hall_owner') throw forbidden(WEBHOOK_OWNER_ONLY);
  await next();
};

const tenantOf = (ctx: AppContext) => ctx.state.principal.tenantId;

/** The URL must lead to the public internet (or an allowlisted host): a 400 naming `url` otherwise. */
async function assertReachable(url: string, deps: WebhookDeps): Promise<void> {
  const check = await checkAddress(url, deps);
  if (!check.ok)
    throw new HttpError(400, check.message, { errors: [{ path: 'url', message: check.message }] });
}

/** The tenant's webhook `id`, or 404 (an id of another venue is as unknown as junk). */
async function webhookOr404(
  tx: Tx,
  tenantId: string,
  id: string | undefined,
  lock = false,
): Promise<WebhookRow> {
  const row = isUuid(id) ? await findWebhook(tx, tenantId, id, lock) : undefined;
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

function withoutSecret(ctx: AppContext, answer: WebhookWithSecret): void {
  ctx.set('Cache-Control', 'no-store');
  const { secret: _shownOnce, ...record } = answer;
  replayWithout(ctx, 200, { ...record, message: WEBHOOK_SECRET_SHOWN_ONCE });
}

export function webhookRoutes(router: AppRouter, deps: WebhookDeps): void {
  router.get(PATH, requireAuth, ownerOnly, withRead, async (ctx: AppContext) => {
    const now = Date.now();
    ctx.body = (await listWebhooks(ctx.state.tx, tenantOf(ctx))).map((r) => toWebhook(r, now));
  });

  router.post(PATH, requireAuth, ownerOnly, async (ctx: AppContext) => {
    // Validated, and the address resolved, before the transaction opens.
    const body = parseBody(ctx, webhookCreateSchema);
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
  });

  router.get(`${PATH}/:id`, requireAuth, ownerOnly, withRead, async (ctx: AppContext) => {
    ctx.body = toWebhook(await webhookOr404(ctx.state.tx, tenantOf(ctx), ctx.params.id));
  });

  router.patch(`${PATH}/:id`, requireAuth, ownerOnly, async (ctx: AppContext) => {
    const body = parseBody(ctx, webhookUpdateSchema);
    if (body.url !== undefined) await assertReachable(body.url, deps);
    ctx.body = await inRequestTx(ctx, async (tx): Promise<Webhook> => {
      const tenantId = tenantOf(ctx);
      const before = await webhookOr404(tx, tenantId, ctx.params.id, true);
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      if (body.url !== undefined && body.url !== before.url) changes.url = { old: before.url, new: body.url };
      if (body.events !== undefined && body.events.join(',') !== before.events.join(','))
        changes.events = { old: before.events, new: body.events };
      if (body.description !== undefined && body.description !== before.description)
        changes.description = { old: before.description, new: body.description };
      const resumed = body.status === 'active' && before.status !== 'active';
      const paused = body.status === 'paused' && before.status !== 'paused';
      if (resumed || paused) changes.status = { old: before.status, new: body.status };
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
          updated_at: dbNow(),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // What was held while paused now goes out in its order, except what waited longer than the
      // retry window: given up unsent, as a delivery failing that long would be, in this same
      // transaction, so the job never sees it due.
      const givenUp = resumed ? await expireHeld(tx, deps, { tenantId, webhookId: row.id }) : 0;
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
  });

  router.delete(`${PATH}/:id`, requireAuth, ownerOnly, withTx, async (ctx: AppContext) => {
    const tenantId = tenantOf(ctx);
    if (!isUuid(ctx.params.id)) throw notFound(WEBHOOK_NOT_FOUND);
    const row = await q(ctx.state.tx)
      .deleteFrom('webhooks')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ctx.params.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await ctx.state.tx.audit(ctx, {
      action: 'webhook_deleted',
      targetType: 'settings',
      target: row.id,
      targetLabel: webhookLabel(row),
      additionalInfo: `Webhook to ${row.url} deleted with its delivery log`,
    });
    ctx.body = { message: WEBHOOK_DELETED };
  });

  router.post(`${PATH}/:id/rotate-secret`, requireAuth, ownerOnly, async (ctx: AppContext) => {
    const rotated = await inRequestTx(ctx, async (tx): Promise<WebhookWithSecret> => {
      const tenantId = tenantOf(ctx);
      const before = await webhookOr404(tx, tenantId, ctx.params.id, true);
      const secret = newSigningSecret();
      const row = await q(tx)
        .updateTable('webhooks')
        .set({
          secret_enc: sealSecret(secret, tenantId, before.id),
          secret_created_at: dbNow(),
          // The secret until now keeps signing beside the new one for the overlap; sealed for this
          // same row, so its sealed form moves over as it is.
          previous_secret_enc: before.secret_enc,
          previous_secret_expires_at: dbNowPlus(Math.ceil(deps.rotationOverlapMs / 1000), 'secs'),
          updated_at: dbNow(),
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
  });

  router.post(`${PATH}/:id/test`, requireAuth, ownerOnly, withTx, async (ctx: AppContext) => {
    const tx = ctx.state.tx;
    const tenantId = tenantOf(ctx);
    const hook = await webhookOr404(tx, tenantId, ctx.params.id);
    if (hook.status !== 'active') throw conflict(WEBHOOK_NOT_ACTIVE);
    const eventId = randomUUID();
    const createdAt = new Date().toISOString();
    const row = await queueDelivery(tx, {
      tenantId,
      webhookId: hook.id,
      eventId,
      type: WEBHOOK_TEST_EVENT,
      // a test stands alone: it waits for nothing and holds nothing up
      aggregateKey: `test:${eventId}`,
      occurredAt: createdAt,
      body: payloadBody({
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        createdAt,
        tenantId,
        data: { webhookId: hook.id, message: WEBHOOK_TEST_MESSAGE },
      }),
    });
    const answer: WebhookQueued = {
      message: WEBHOOK_TEST_QUEUED,
      delivery: await deliveryWithAttempts(tx, row!),
    };
    ctx.status = 202;
    ctx.body = answer;
  });

  router.get(`${PATH}/:id/deliveries`, requireAuth, ownerOnly, async (ctx: AppContext) => {
    // The query is checked before the read opens: a 400 costs no connection.
    const { limit, cursor } = parseQuery(ctx, webhookDeliveriesQuery);
    const tenantId = tenantOf(ctx);
    ctx.body = await ctx.kit.db.tenantRead(tenantId, async (tx) => {
      const hook = await webhookOr404(tx, tenantId, ctx.params.id);
      return deliveryPage(tx, tenantId, hook.id, limit, cursor === undefined ? undefined : Number(cursor));
    });
    ctx.set('Cache-Control', 'no-store');
  });

  router.post(
    `${PATH}/:id/deliveries/:deliveryId/resend`,
    requireAuth,
    ownerOnly,
    withTx,
    async (ctx: AppContext) => {
      const tx = ctx.state.tx;
      const tenantId = tenantOf(ctx);
      const hook = await webhookOr404(tx, tenantId, ctx.params.id);
      if (!isUuid(ctx.params.deliveryId)) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
      if (hook.status !== 'active') throw conflict(WEBHOOK_NOT_ACTIVE);
      // Queued again as it is (same event id, same body): due now, in its place in its aggregate's order.
      const row = await q(tx)
        .updateTable('webhook_deliveries')
        .set({ state: 'pending', next_attempt_at: dbNow() })
        .where('tenant_id', '=', tenantId)
        .where('webhook_id', '=', hook.id)
        .where('id', '=', ctx.params.deliveryId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
      const answer: WebhookQueued = {
        message: WEBHOOK_RESEND_QUEUED,
        delivery: await deliveryWithAttempts(tx, row),
      };
      ctx.status = 202;
      ctx.body = answer;
    },
  );
}
