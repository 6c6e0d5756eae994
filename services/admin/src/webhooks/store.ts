/**
 * Webhooks' storage (migration 014, decision 60): the rows, their answers, and the queries the
 * routes, the consumer and the delivery job share. Every query states the tenant, also in the
 * job's system scope, so the tenant-led indexes serve it.
 */
import type {
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookPayload,
} from '@venue/contracts/admin';
import { kyselyOf, sql, type Selectable, type Tx } from '@venue/service-kit';
import type { AdminDb, WebhookAttemptsTable, WebhookDeliveriesTable, WebhooksTable } from '../db/schema.ts';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

export const q = (tx: Tx) => kyselyOf<AdminDb>(tx);

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export function toWebhook(row: WebhookRow, now = Date.now()): Webhook {
  const overlapEnds = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null;
  return {
    id: row.id,
    url: row.url,
    events: [...row.events],
    description: row.description,
    status: row.status,
    disabledAt: isoOrNull(row.disabled_at),
    disabledReason: row.disabled_reason,
    failingSince: isoOrNull(row.failing_since),
    lastSuccessAt: isoOrNull(row.last_success_at),
    secretCreatedAt: iso(row.secret_created_at),
    previousSecretExpiresAt: overlapEnds && overlapEnds.getTime() > now ? overlapEnds.toISOString() : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** How the audit log and the owner's e-mail name a webhook: its description, else its host. */
export function webhookLabel(row: Pick<WebhookRow, 'url' | 'description'>): string {
  let host = row.url;
  try {
    host = new URL(row.url).host;
  } catch {
    // stored URLs were parsed when saved; the raw text is the fallback
  }
  return `Webhook: ${row.description ?? host}`;
}

export function toAttempt(row: AttemptRow): WebhookAttempt {
  return {
    at: iso(row.attempted_at),
    statusCode: row.status_code,
    durationMs: Number(row.duration_ms),
    error: row.error,
    answer: row.answer,
    answerTruncated: row.answer_truncated,
  };
}

export function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    state: row.state,
    attemptCount: Number(row.attempt_count),
    createdAt: iso(row.created_at),
    nextAttemptAt: isoOrNull(row.next_attempt_at),
    deliveredAt: isoOrNull(row.delivered_at),
    lastStatusCode: row.last_status_code,
    body: row.body,
    attempts: attempts.slice(0, ATTEMPTS_SHOWN).map(toAttempt),
  };
}

/** Attempts listed per delivery (the newest); `attemptCount` says how many there were. */
const ATTEMPTS_SHOWN = 10;

export async function findWebhook(
  tx: Tx,
  tenantId: string,
  id: string,
  lock = false,
): Promise<WebhookRow | undefined> {
  let query = q(tx).selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function listWebhooks(tx: Tx, tenantId: string): Promise<WebhookRow[]> {
  return q(tx)
    .selectFrom('webhooks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The exact bytes sent: the envelope the issue names, `data` last. */
export function payloadBody(payload: WebhookPayload): string {
  return JSON.stringify({
    id: payload.id,
    type: payload.type,
    createdAt: payload.createdAt,
    tenantId: payload.tenantId,
    data: payload.data,
  });
}

export interface NewDelivery {
  tenantId: string;
  webhookId: string;
  eventId: string;
  type: string;
  aggregateKey: string;
  occurredAt: string;
  body: string;
}

/** The delivery job's name (worker.ts runs it; a queued delivery wakes it). */
export const DELIVERY_JOB = 'webhook-deliveries';

/**
 * Queues a delivery due now; a second one of the same event for the same webhook is not made.
 * The delivery job is woken once the transaction commits, so the receiver hears of it at once
 * rather than at the job's next round.
 */
export async function queueDelivery(tx: Tx, d: NewDelivery): Promise<DeliveryRow | undefined> {
  const row = await q(tx)
    .insertInto('webhook_deliveries')
    .values({
      tenant_id: d.tenantId,
      webhook_id: d.webhookId,
      event_id: d.eventId,
      type: d.type,
      aggregate_key: d.aggregateKey,
      occurred_at: d.occurredAt,
      body: d.body,
      next_attempt_at: sql<Date>`now()`, // due at once: the job's clock is past it when it looks
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'webhook_id', 'event_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) tx.wake(DELIVERY_JOB);
  return row;
}

/** The attempts of `deliveryIds`, newest first, grouped by delivery. */
export async function attemptsOf(
  tx: Tx,
  tenantId: string,
  deliveryIds: string[],
): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await q(tx)
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempted_at', 'desc')
    .execute();
  for (const row of rows) {
    const list = byDelivery.get(row.delivery_id) ?? [];
    list.push(row);
    byDelivery.set(row.delivery_id, list);
  }
  return byDelivery;
}

/** One page of a webhook's delivery log, newest first, by `seq`. */
export async function deliveryPage(
  tx: Tx,
  tenantId: string,
  webhookId: string,
  limit: number,
  before: number | undefined,
): Promise<WebhookDeliveryPage> {
  let query = q(tx)
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('webhook_id', '=', webhookId);
  if (before !== undefined) query = query.where('seq', '<', before);
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const attempts = await attemptsOf(
    tx,
    tenantId,
    page.map((r) => r.id),
  );
  return {
    deliveries: page.map((r) => toDelivery(r, attempts.get(r.id) ?? [])),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.seq) : null,
  };
}

export async function deliveryWithAttempts(tx: Tx, row: DeliveryRow): Promise<WebhookDelivery> {
  const attempts = await attemptsOf(tx, row.tenant_id, [row.id]);
  return toDelivery(row, attempts.get(row.id) ?? []);
}
