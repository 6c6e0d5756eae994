/**
 * The delivery job (decision 60): a kit job under its advisory lock (one runner across admin's
 * replicas), woken by each delivery queued (store.ts `queueDelivery`), a resume and a Send again,
 * and every ten seconds for retries. Each run takes the due deliveries that head their aggregate (no
 * earlier delivery of the same webhook and booking, invoice or quotation still pending), sends
 * several at once, and records each attempt. A failure is retried with backoff; a delivery still
 * failing three days after it was queued is given up, and a webhook whose every attempt has
 * failed for three days is switched off, its owner told by e-mail (`webhook.disabled`, which
 * comms turns into the message) and the Audit Log. A paused webhook's deliveries are held:
 * queued as usual but never due until it is resumed, when those queued longer ago than the same
 * three days are given up unsent (`expireHeld`) and the rest go out in their order.
 */
import { WEBHOOK_DISABLED_REASON, WEBHOOK_HEADERS, WEBHOOK_RETRY_DAYS } from '@venue/contracts/admin';
import { sql, type RawBuilder, type ServiceKit, type Tx } from '@venue/service-kit';
import { checkAddress } from './address-policy.ts';
import type { WebhookDeps } from './config.ts';
import { openSecret, signatureHeader } from './secrets.ts';
import { postDelivery, type AttemptResult } from './send.ts';
import { q, webhookLabel, type DeliveryRow, type WebhookRow } from './store.ts';

export const PRUNE_JOB = 'webhook-prune';
const BATCH = 100;
/** Finished deliveries (and their attempts) are kept this long in the log. */
const KEEP_DAYS = 30;

/** `now()` moved by `ms` (negative: back), with millisecond precision (make_interval's seconds are a float). */
function dbShift(ms: number): RawBuilder<Date> {
  // the builder has no interval arithmetic; the amount is a number bound as a parameter
  return sql<Date>`now() + make_interval(secs => ${ms / 1000}::double precision)`;
}

/**
 * The job's clock (`deps.now`) moved by `ms`, as a bound timestamp. The job decides what is due,
 * what is given up and when a webhook is switched off by its own clock, so a test moves it three
 * days on instead of waiting; rows are still queued and created with the database's `now()`.
 */
function at(now: Date, ms = 0): RawBuilder<Date> {
  return sql<Date>`${new Date(now.getTime() + ms).toISOString()}::timestamptz`;
}

/**
 * Queued before this (by the job's clock) a delivery has had its retry window: a failed attempt
 * gives it up, and a held one is given up unsent.
 */
function giveUpBefore(now: Date, deps: Pick<WebhookDeps, 'retryForMs'>): RawBuilder<Date> {
  return at(now, -deps.retryForMs);
}

/**
 * The due deliveries that head their aggregate, across venues (the job's system scope). Only an
 * active webhook's: a paused one's stay pending (held) until it is resumed.
 */
export function dueDeliveries(tx: Tx, now: Date, limit = BATCH): Promise<DeliveryRow[]> {
  return q(tx)
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', (join) =>
      join.onRef('w.tenant_id', '=', 'd.tenant_id').onRef('w.id', '=', 'd.webhook_id'),
    )
    .selectAll('d')
    .where('d.state', '=', 'pending')
    .where('d.next_attempt_at', '<=', at(now))
    .where('w.status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as e')
            .select('e.id')
            .whereRef('e.tenant_id', '=', 'd.tenant_id')
            .whereRef('e.webhook_id', '=', 'd.webhook_id')
            .whereRef('e.aggregate_key', '=', 'd.aggregate_key')
            .where('e.state', '=', 'pending')
            .whereRef('e.seq', '<', 'd.seq'),
        ),
      ),
    )
    .orderBy('d.next_attempt_at')
    .orderBy('d.seq')
    .limit(limit)
    .execute();
}

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
function signingSecrets(hook: WebhookRow, now: number): string[] {
  const secrets = [openSecret(hook.secret_enc, hook.tenant_id, hook.id)];
  const until = hook.previous_secret_expires_at ? new Date(hook.previous_secret_expires_at).getTime() : 0;
  if (hook.previous_secret_enc && until > now)
    secrets.push(openSecret(hook.previous_secret_enc, hook.tenant_id, hook.id));
  return secrets;
}

const failed = (error: string, started: number): AttemptResult => ({
  statusCode: null,
  durationMs: Math.max(0, Math.round(performance.now() - started)),
  error,
  answer: '',
  answerTruncated: false,
});

/** One attempt: check the address again, sign, send. Never throws for the receiver's sake. */
async function attempt(hook: WebhookRow, d: DeliveryRow, deps: WebhookDeps): Promise<AttemptResult> {
  const started = performance.now();
  let secrets: string[];
  try {
    secrets = signingSecrets(hook, deps.now().getTime());
  } catch {
    return failed(
      'The signing secret cannot be read (the server’s key changed): rotate the secret.',
      started,
    );
  }
  // DNS can change between the save and now, and between two attempts: checked every time.
  const target = await checkAddress(hook.url, deps);
  if (!target.ok)
    return failed(`Not sent: ${target.message}${target.detail ? ` (${target.detail})` : ''}`, started);
  const timestamp = Math.floor(deps.now().getTime() / 1000);
  const headers = {
    'user-agent': 'VenueDesk-Webhooks/1',
    [WEBHOOK_HEADERS.eventId.toLowerCase()]: d.event_id,
    [WEBHOOK_HEADERS.eventType.toLowerCase()]: d.type,
    [WEBHOOK_HEADERS.timestamp.toLowerCase()]: String(timestamp),
    [WEBHOOK_HEADERS.signature.toLowerCase()]: signatureHeader(secrets, timestamp, d.body),
  };
  return postDelivery(target.url, target.addresses[0]!, headers, d.body, deps);
}

const succeeded = (r: AttemptResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

/** Stores the attempt and moves the delivery and the webhook on, in one transaction. */
async function record(
  kit: ServiceKit,
  deps: WebhookDeps,
  hook: WebhookRow,
  d: DeliveryRow,
  startedAt: Date,
  result: AttemptResult,
): Promise<void> {
  const now = deps.now();
  await kit.db.systemTx(async (tx) => {
    const db = q(tx);
    await db
      .insertInto('webhook_attempts')
      .values({
        tenant_id: d.tenant_id,
        delivery_id: d.id,
        attempted_at: startedAt,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error,
        answer: result.answer,
        answer_truncated: result.answerTruncated,
      })
      .execute();
    if (succeeded(result)) {
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          state: 'delivered',
          delivered_at: at(now),
          next_attempt_at: null,
          attempt_count: eb('attempt_count', '+', 1),
          last_status_code: result.statusCode,
        }))
        .where('tenant_id', '=', d.tenant_id)
        .where('id', '=', d.id)
        .execute();
      await db
        .updateTable('webhooks')
        .set({ failing_since: null, last_success_at: at(now) })
        .where('tenant_id', '=', d.tenant_id)
        .where('id', '=', d.webhook_id)
        .execute();
      return;
    }
    const expiredBefore = giveUpBefore(now, deps);
    await db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempt_count: eb('attempt_count', '+', 1),
        last_status_code: result.statusCode,
        // given up once it has been retried for the whole window, else tried again after the backoff
        // (a CASE: the builder has none in a SET)
        state: sql<
          'pending' | 'failed'
        >`CASE WHEN created_at <= ${expiredBefore} THEN 'failed' ELSE 'pending' END`,
        // (the builder has no CASE in a SET): no next attempt once given up
        next_attempt_at: sql<Date | null>`CASE WHEN created_at <= ${expiredBefore} THEN NULL
          ELSE ${at(now, deps.backoffMs(Number(d.attempt_count) + 1))} END`,
      }))
      .where('tenant_id', '=', d.tenant_id)
      .where('id', '=', d.id)
      .execute();
    const failing = await db
      .updateTable('webhooks')
      // the first failure of this run of them
      .set({ failing_since: sql<Date>`coalesce(failing_since, ${at(now)})` })
      .where('tenant_id', '=', d.tenant_id)
      .where('id', '=', d.webhook_id)
      .returning((eb) => [
        'status',
        // failing for the whole window: switched off below
        eb(sql<Date>`failing_since`, '<=', expiredBefore).as('expired'),
      ])
      .executeTakeFirst();
    if (failing?.expired && failing.status === 'active') await switchOff(tx, hook, result, now);
  });
}

/** What the delivery log says of a held delivery given up unsent (its one attempt's error). */
export const HELD_TOO_LONG = `Not sent: held while the webhook was paused for longer than the ${WEBHOOK_RETRY_DAYS}-day retry window. Send again sends it now.`;

/**
 * Gives up, unsent, the held deliveries queued before the retry window: of the one webhook
 * `only` names as it is resumed, else of every paused webhook (the daily prune, so a webhook
 * paused and forgotten keeps at most three days of events waiting). The same window and the same
 * end (`failed`, no next attempt) as a delivery that failed for three days; as no attempt was made
 * the log gets one that says why, the way a refused address's attempt does, and "Send again"
 * still sends it on the owner's word. Answers how many were given up.
 */
export async function expireHeld(
  tx: Tx,
  deps: Pick<WebhookDeps, 'now' | 'retryForMs'>,
  only?: { tenantId: string; webhookId: string },
): Promise<number> {
  const now = deps.now();
  let query = q(tx)
    .updateTable('webhook_deliveries')
    .set((eb) => ({ state: 'failed', next_attempt_at: null, attempt_count: eb('attempt_count', '+', 1) }))
    .where('state', '=', 'pending')
    .where('created_at', '<=', giveUpBefore(now, deps));
  query = only
    ? query.where('tenant_id', '=', only.tenantId).where('webhook_id', '=', only.webhookId)
    : query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('webhooks as w')
            .select('w.id')
            .whereRef('w.tenant_id', '=', 'webhook_deliveries.tenant_id')
            .whereRef('w.id', '=', 'webhook_deliveries.webhook_id')
            .where('w.status', '=', 'paused'),
        ),
      );
  const given = await query.returning(['tenant_id', 'id']).execute();
  if (given.length === 0) return 0;
  await q(tx)
    .insertInto('webhook_attempts')
    .values(
      given.map((d) => ({
        tenant_id: d.tenant_id,
        delivery_id: d.id,
        attempted_at: at(now),
        status_code: null,
        duration_ms: 0,
        error: HELD_TOO_LONG,
      })),
    )
    .execute();
  return given.length;
}

/** Switches a webhook off after three days of failures: once (conditional), told to the owner. */
async function switchOff(tx: Tx, hook: WebhookRow, last: AttemptResult, now: Date): Promise<void> {
  const db = q(tx);
  const row = await db
    .updateTable('webhooks')
    .set({
      status: 'disabled',
      disabled_at: at(now),
      disabled_reason: WEBHOOK_DISABLED_REASON,
      updated_at: at(now),
    })
    .where('tenant_id', '=', hook.tenant_id)
    .where('id', '=', hook.id)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
  if (!row) return;
  // What still waits is given up with it; Send again tries any of them once the owner resumes it.
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', next_attempt_at: null })
    .where('tenant_id', '=', row.tenant_id)
    .where('webhook_id', '=', row.id)
    .where('state', '=', 'pending')
    .execute();
  const owner = await db
    .selectFrom('users')
    .select(['email', 'name', 'hall_name'])
    .where('tenant_id', '=', row.tenant_id)
    .where('id', '=', row.tenant_id)
    .executeTakeFirst();
  const iso = (v: Date | string | null) => new Date(v ?? Date.now()).toISOString();
  if (owner)
    await tx.publish(
      'webhook.disabled',
      {
        tenantId: row.tenant_id,
        webhookId: row.id,
        url: row.url,
        description: row.description,
        ownerEmail: owner.email,
        ownerName: owner.name,
        hallName: owner.hall_name,
        failingSince: iso(row.failing_since),
        disabledAt: iso(row.disabled_at),
        lastStatusCode: last.statusCode,
        lastError: last.error,
      },
      { tenantId: row.tenant_id },
    );
  await tx.audit(null, {
    action: 'webhook_disabled',
    targetType: 'settings',
    target: row.id,
    targetLabel: webhookLabel(row),
    additionalInfo: `${WEBHOOK_DISABLED_REASON} Last answer: ${last.statusCode ?? last.error ?? 'none'}`,
    actor: { id: null, email: 'system', role: 'system' },
    tenantId: row.tenant_id,
  });
}

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, lane));
}

/** The webhooks of `due`, each named by its tenant and id. */
function hooksOf(tx: Tx, due: DeliveryRow[]): Promise<WebhookRow[]> {
  const pairs = [...new Map(due.map((d) => [`${d.tenant_id}/${d.webhook_id}`, d])).values()];
  return q(tx)
    .selectFrom('webhooks')
    .selectAll()
    .where((eb) =>
      eb.or(pairs.map((d) => eb.and([eb('tenant_id', '=', d.tenant_id), eb('id', '=', d.webhook_id)]))),
    )
    .execute();
}

/** One run: deliver what is due until nothing is (or the run's time is up); answers how many were tried. */
export async function deliverDue(kit: ServiceKit, deps: WebhookDeps): Promise<number> {
  const started = Date.now();
  // A delivery is tried once per run: one whose attempt could not be recorded is still due, and
  // must wait for the next run rather than be sent again at once.
  const tried = new Set<string>();
  while (Date.now() - started < deps.runBudgetMs) {
    const due = (await kit.db.systemTx((tx) => dueDeliveries(tx, deps.now()))).filter(
      (d) => !tried.has(d.id),
    );
    if (due.length === 0) break;
    const hooks = await kit.db.systemTx((tx) => hooksOf(tx, due));
    await pool(due, deps.concurrency, async (d) => {
      tried.add(d.id);
      const hook = hooks.find((h) => h.tenant_id === d.tenant_id && h.id === d.webhook_id);
      if (!hook || hook.status !== 'active') return;
      const startedAt = deps.now();
      const clock = performance.now();
      let result: AttemptResult;
      try {
        result = await attempt(hook, d, deps);
      } catch (err) {
        result = failed(`Not sent: ${(err as Error).message}`.slice(0, 500), clock);
      }
      try {
        await record(kit, deps, hook, d, startedAt, result);
      } catch (err) {
        // Left pending as it was: the next run tries it again (at least once, never lost).
        kit.log.error({ err, deliveryId: d.id }, 'webhook attempt could not be recorded');
      }
    });
  }
  return tried.size;
}

/**
 * Finished deliveries older than 30 days go, with their attempts; first, paused webhooks' held
 * deliveries past the retry window are given up (and so pruned in their turn).
 */
export async function pruneDeliveries(kit: ServiceKit, deps: WebhookDeps): Promise<void> {
  await kit.db.systemTx((tx) => expireHeld(tx, deps));
  await kit.db.systemTx((tx) =>
    q(tx)
      .deleteFrom('webhook_deliveries')
      .where('state', '<>', 'pending')
      .where('created_at', '<', dbShift(-KEEP_DAYS * 24 * 3600 * 1000))
      .execute(),
  );
}
