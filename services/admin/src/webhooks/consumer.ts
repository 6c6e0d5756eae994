/**
 * The domain events admin consumes for webhooks (decision 60): each becomes its webhook events
 * (events-map.ts), queued for every active or paused webhook of the event's own venue that
 * subscribed to them (a paused one's are held until it is resumed). Nothing is sent here: the
 * delivery job does that, off the relay's path. The consumer runs once per event (the kit's
 * inbox) and a delivery once per event and webhook (a unique index), so a redelivered event
 * queues nothing twice.
 */
import { WEBHOOK_ALL_EVENTS } from '@venue/contracts/admin';
import type { Consumer, Tx } from '@venue/service-kit';
import {
  tenantOfEvent,
  webhookEventsOf,
  WEBHOOK_SOURCES,
  type SourceEvent,
  type WebhookSource,
} from './events-map.ts';
import { payloadBody, q, queueDelivery } from './store.ts';

export async function queueWebhookEvents(event: SourceEvent, tx: Tx): Promise<number> {
  const tenantId = tenantOfEvent(event);
  if (!tenantId) return 0;
  const events = webhookEventsOf(event);
  if (events.length === 0) return 0;
  const hooks = await q(tx)
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('tenant_id', '=', tenantId)
    // Paused: the owner chose to hold deliveries, so they are queued and the job leaves them be
    // until the resume. Switched off (`disabled`): not queued, as before. Holding those too would
    // be the same path, but nobody chose it: the receiver failed for three days, what was waiting
    // was given up when it was switched off (Send again, one by one), and events for a receiver
    // that may never come back would pile up until the owner looks, then go out all at once on
    // a resume meant to try the receiver again. The owner's e-mail (comms) says events since the
    // switch-off are not sent to it.
    .where('status', 'in', ['active', 'paused'])
    .execute();
  let queued = 0;
  for (const e of events) {
    const body = payloadBody({ id: e.id, type: e.type, createdAt: e.createdAt, tenantId, data: e.data });
    for (const hook of hooks) {
      if (!hook.events.includes(WEBHOOK_ALL_EVENTS) && !hook.events.includes(e.type)) continue;
      const row = await queueDelivery(tx, {
        tenantId,
        webhookId: hook.id,
        eventId: e.id,
        type: e.type,
        aggregateKey: e.aggregateKey,
        occurredAt: e.createdAt,
        body,
      });
      if (row) queued++;
    }
  }
  return queued;
}

const consume: Consumer<WebhookSource> = async (event, tx) => {
  await queueWebhookEvents(event, tx);
};

/** One consumer per subscription (admin's `defineConsumers` takes them beside the audit log's). */
export const webhookConsumers = Object.fromEntries(WEBHOOK_SOURCES.map((type) => [type, consume])) as {
  [K in WebhookSource]: Consumer<K>;
};
