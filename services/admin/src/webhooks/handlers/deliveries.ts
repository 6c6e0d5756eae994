/** A webhook's deliveries: a test event, the delivery log, and Resend. */
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_NOT_ACTIVE,
  WEBHOOK_RESEND_QUEUED,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEST_MESSAGE,
  WEBHOOK_TEST_QUEUED,
  type WebhookQueued,
} from '@venue/contracts/admin';
import { conflict, isUuid, notFound, operation } from '@venue/service-kit';
import { NOW } from '../../db/clock.ts';
import { DELIVERY_JOB, deliveryPage, deliveryWithAttempts, payloadBody, q, queueDelivery } from '../store.ts';
import { ownerGuard, tenantOf, webhookOr404 } from '../webhook-access.ts';

export const testHook = operation(
  'post /api/integrations/webhooks/{id}/test',
  { guard: ownerGuard },
  async ({ ctx, tx, params }) => {
    const tenantId = tenantOf(ctx);
    const hook = await webhookOr404(tx, tenantId, params.id);
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
    return answer;
  },
);

export const listDeliveries = operation(
  'get /api/integrations/webhooks/{id}/deliveries',
  { guard: ownerGuard, transaction: 'read' },
  async ({ ctx, tx, params, query: { limit, cursor } }) => {
    const tenantId = tenantOf(ctx);
    const hook = await webhookOr404(tx, tenantId, params.id);
    ctx.set('Cache-Control', 'no-store');
    return deliveryPage(tx, tenantId, hook.id, limit, cursor === undefined ? undefined : Number(cursor));
  },
);

export const resendDelivery = operation(
  'post /api/integrations/webhooks/{id}/deliveries/{deliveryId}/resend',
  { guard: ownerGuard },
  async ({ ctx, tx, params }) => {
    const tenantId = tenantOf(ctx);
    const hook = await webhookOr404(tx, tenantId, params.id);
    if (!isUuid(params.deliveryId)) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
    if (hook.status !== 'active') throw conflict(WEBHOOK_NOT_ACTIVE);
    // Queued again as it is (same event id, same body): due now, in its place in its aggregate's order.
    const row = await q(tx)
      .updateTable('webhook_deliveries')
      .set({ state: 'pending', next_attempt_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('webhook_id', '=', hook.id)
      .where('id', '=', params.deliveryId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
    tx.wake(DELIVERY_JOB);
    const answer: WebhookQueued = {
      message: WEBHOOK_RESEND_QUEUED,
      delivery: await deliveryWithAttempts(tx, row),
    };
    ctx.status = 202;
    return answer;
  },
);
