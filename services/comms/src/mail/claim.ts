/**
 * A worker's claim on one outbox message (split from worker.ts, issue 28 item 2; the design is in
 * worker.ts's header): taking a due message, and keeping the claim alive while it is sent, so a
 * live worker never has its message taken over and one presumed dead cannot record over another.
 */
import { randomUUID } from 'node:crypto';
import type { ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import type { RenderAgain } from './document-figures.ts';
import type { AttachmentFetch } from './queue.ts';

const CLAIMED_COLUMNS = [
  'e.tenant_id',
  'e.id',
  'e.message_id',
  'e.to_email',
  'e.to_name',
  'e.subject',
  'e.body_text',
  'e.body_html',
  'e.attempts',
  'e.created_at',
  'e.attachment_fetch',
  'e.render',
  'e.booking_id',
  'e.link_expires_at',
  'e.channel',
  'e.to_phone',
] as const;

/** The message as claimed: what the worker needs to send it and to record the outcome. */
export interface ClaimedRow {
  tenant_id: string;
  id: string;
  message_id: string;
  to_email: string;
  to_name: string;
  subject: string;
  body_text: string;
  body_html: string;
  attempts: number;
  created_at: Date | string;
  attachment_fetch: AttachmentFetch | null;
  render: RenderAgain | null;
  booking_id: string | null;
  link_expires_at: Date | string | null;
  channel: 'email' | 'sms';
  to_phone: string | null;
}

export interface WorkerHooks {
  /** Checked before each claim: stop claiming (a worker shutting down). */
  stopped?: () => boolean;
  /**
   * Tests only: false once the worker is to be taken for dead (its process gone): it renews no
   * claim after that, as a killed process would not.
   */
  alive?: () => boolean;
}

/**
 * One claim of one message: due and pending, or `sending` under a claim nobody has renewed for
 * `claimTimeoutMs` (its worker died). In a short transaction of its own; a message another
 * worker holds is skipped, never waited for.
 */
export async function claimOne(
  kit: ServiceKit,
  deps: CommsDeps,
  tried: readonly string[],
): Promise<{ row: ClaimedRow; token: string } | null> {
  const now = deps.now();
  const token = randomUUID();
  const stale = new Date(now.getTime() - deps.claimTimeoutMs);
  const rows: ClaimedRow[] = await kit.db.systemTx((tx) =>
    db(tx)
      .updateTable('emails as e')
      .from((eb) =>
        eb
          // emails_queue_idx: the due messages of every tenant (a system sweep, like the hold sweep)
          .selectFrom('emails')
          .select(['tenant_id', 'id'])
          .where((w) =>
            w.or([
              w.and([w('status', '=', 'pending'), w('next_attempt_at', '<=', now)]),
              w.and([w('status', '=', 'sending'), w('claimed_at', '<', stale)]),
            ]),
          )
          // once per round: a message that failed waits for its backoff and the next round
          .$if(tried.length > 0, (q) => q.where('id', 'not in', tried))
          .orderBy('next_attempt_at')
          .limit(1)
          // locked rows are another worker's claim in progress: skipped, never waited for
          .forUpdate()
          .skipLocked()
          .as('due'),
      )
      .set((eb) => ({
        status: 'sending',
        claimed_at: now.toISOString(),
        claim_token: token,
        attempts: eb(eb.ref('e.attempts'), '+', 1),
      }))
      .whereRef('e.tenant_id', '=', 'due.tenant_id')
      .whereRef('e.id', '=', 'due.id')
      .returning(CLAIMED_COLUMNS)
      .execute(),
  );
  return rows[0] ? { row: rows[0], token } : null;
}

/**
 * Keeps a claim alive while its worker works on the message: `claimed_at` renewed every
 * `heartbeatMs`, so only a worker that died (no renewal for `claimTimeoutMs`) loses it. The
 * signal aborts the delivery when the claim is gone (another worker took it over) or can no
 * longer be shown to be ours (renewals failing for half the claim timeout): the SMTP connection
 * is then closed before the message's final dot, and the server discards what it had.
 */
export function holdClaim(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  hooks: WorkerHooks,
) {
  const abort = new AbortController();
  let renewedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const renew = async () => {
    if (done) return;
    if (hooks.alive?.() !== false) {
      try {
        const r = await kit.db.tenantTx(row.tenant_id, (tx) =>
          db(tx)
            .updateTable('emails')
            .set({ claimed_at: deps.now().toISOString() })
            .where('tenant_id', '=', row.tenant_id)
            .where('id', '=', row.id)
            .where('claim_token', '=', token)
            .where('status', '=', 'sending')
            .executeTakeFirst(),
        );
        if (r.numUpdatedRows === 0n) abort.abort(new Error('the claim on this message was taken over'));
        else renewedAt = Date.now();
      } catch (err) {
        kit.log.warn({ err, emailId: row.id }, 'claim not renewed');
        if (Date.now() - renewedAt > deps.claimTimeoutMs / 2)
          abort.abort(new Error('the claim on this message could not be renewed'));
      }
    }
    if (!done && !abort.signal.aborted) timer = setTimeout(() => void renew(), deps.heartbeatMs).unref();
  };
  timer = setTimeout(() => void renew(), deps.heartbeatMs).unref();
  // A delivery that has not finished by then is given up (a server trickling its replies).
  const deadline = setTimeout(
    () => abort.abort(new Error(`the mail server did not finish within ${deps.sendDeadlineMs / 1000} s`)),
    deps.sendDeadlineMs,
  ).unref();
  return {
    signal: abort.signal,
    release() {
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
    },
  };
}
