/**
 * The e-mail worker (issue 12 item 3): delivers the outbox over SMTP.
 *
 * Claim, then send, then record. A round claims due messages in one short transaction
 * (`FOR UPDATE SKIP LOCKED`, status `sending`, a claim token), so two workers never hold the
 * same message; it sends outside any transaction (a slow mail server holds no connection) and
 * records the outcome conditionally on its own claim token, so a worker that was presumed dead
 * and comes back cannot overwrite the outcome of the worker that took over. A claim older than
 * `claimTimeoutMs` (the worker died mid-send) goes back to the queue. Every attempt carries the
 * message's stable Message-ID, so the one case SMTP cannot rule out — the server accepted the
 * message and the worker died before recording it — delivers the same message (the embedded
 * capture keeps it once); a message the server had not accepted arrives once.
 *
 * Failures: a permanent answer (5xx) fails the message at once and marks the address bounced;
 * a temporary answer (4xx) is retried with backoff, failing after {@link MAX_ATTEMPTS}; no
 * answer at all (the mail server is down) is retried with backoff for {@link GIVE_UP_AFTER_MS},
 * so an outage loses nothing.
 *
 * A message that names a file to fetch (money's invoice or receipt PDF, decision 30) gets it
 * from that service first, here off any request path, and keeps it with the message; the
 * service down or busy is treated like the mail server down (retried, the message pending), a
 * refusal (the invoice is not there) fails the message with that reason.
 */
import { randomUUID } from 'node:crypto';
import { callServiceBytes, InternalCallError, type ServiceKit } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { TENANT_HEADER } from './message-id.ts';
import type { AttachmentFetch } from './queue.ts';
import { senderFor } from './sender.ts';

export const MAX_ATTEMPTS = 3;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

interface ClaimedRow {
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
}

export interface DeliveryRound {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** How a failed attempt ends: the SMTP reply code when the server answered, else none. */
export function classify(err: unknown): { code: number | null; message: string } {
  const e = err as { responseCode?: number; response?: string; message?: string; code?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const message = (e.response ?? e.message ?? String(err)).slice(0, 1000);
  return { code, message: e.code && code === null ? `${e.code}: ${message}` : message };
}

export interface WorkerHooks {
  /** Checked before each message: stop the round (a worker shutting down). */
  stopped?: () => boolean;
}

export async function deliverDue(
  kit: ServiceKit,
  deps: CommsDeps,
  hooks: WorkerHooks = {},
): Promise<DeliveryRound> {
  const now = deps.now();
  const token = randomUUID();
  const round: DeliveryRound = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  const { rows } = await kit.db.systemTx((tx) =>
    tx.query<ClaimedRow>(
      // emails_queue_idx: the due messages of every tenant (a system sweep, like the hold sweep)
      `UPDATE emails e SET status = 'sending', claimed_at = $1, claim_token = $2, attempts = e.attempts + 1
         FROM (SELECT tenant_id, id FROM emails
                WHERE (status = 'pending' AND next_attempt_at <= $1)
                   OR (status = 'sending' AND claimed_at < $3)
                ORDER BY next_attempt_at LIMIT $4
                FOR UPDATE SKIP LOCKED) due
        WHERE e.tenant_id = due.tenant_id AND e.id = due.id
        RETURNING e.tenant_id, e.id, e.message_id, e.to_email, e.to_name, e.subject, e.body_text, e.body_html,
                  e.attempts, e.created_at, e.attachment_fetch`,
      [now.toISOString(), token, new Date(now.getTime() - deps.claimTimeoutMs).toISOString(), deps.batchSize],
    ),
  );
  round.claimed = rows.length;
  for (const row of rows) {
    if (hooks.stopped?.()) {
      // Hand the rest back now rather than after the claim timeout.
      await kit.db.systemTx((tx) =>
        tx.query(
          `UPDATE emails SET status = 'pending', claimed_at = NULL, claim_token = NULL, attempts = attempts - 1
            WHERE tenant_id = $1 AND id = $2 AND claim_token = $3 AND status = 'sending'`,
          [row.tenant_id, row.id, token],
        ),
      );
      continue;
    }
    const outcome = await deliverOne(kit, deps, row, token);
    round[outcome]++;
  }
  return round;
}

async function deliverOne(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
): Promise<'sent' | 'retrying' | 'failed'> {
  const sender = await senderFor(kit, deps, row.tenant_id);
  const fromName = sender.businessName || 'VenueDesk';
  const replyTo = sender.businessEmail || null;
  if (row.attachment_fetch) {
    const problem = await fetchAttachment(kit, row, token, row.attachment_fetch);
    // Another worker took the message over meanwhile: it sends it, with the file.
    if (problem === 'claim lost') return 'retrying';
    if (problem) {
      const age = deps.now().getTime() - new Date(row.created_at).getTime();
      const giveUp = problem.permanent || age >= GIVE_UP_AFTER_MS;
      await recordFailure(kit, deps, row, token, { message: problem.message, giveUp, fromName, replyTo });
      return giveUp ? 'failed' : 'retrying';
    }
  }
  const attachments = await kit.db.tenantTx(row.tenant_id, (tx) =>
    tx.query<{ filename: string; content_type: string; data: Buffer | Uint8Array }>(
      `SELECT filename, content_type, data FROM email_attachments WHERE tenant_id = $1 AND email_id = $2 ORDER BY idx`,
      [row.tenant_id, row.id],
    ),
  );
  try {
    const info = await deps.mailer.transport().sendMail({
      messageId: row.message_id,
      from: { name: fromName, address: deps.mailer.mailFrom },
      ...(replyTo ? { replyTo } : {}),
      to: { name: row.to_name, address: row.to_email },
      subject: row.subject,
      text: row.body_text,
      html: row.body_html,
      headers: { [TENANT_HEADER]: row.tenant_id },
      attachments: attachments.rows.map((a) => ({
        filename: a.filename,
        contentType: a.content_type,
        content: Buffer.from(a.data),
      })),
    });
    await kit.db.tenantTx(row.tenant_id, (tx) =>
      tx.query(
        `UPDATE emails SET status = 'sent', sent_at = $4, smtp_response = $5, last_error = NULL,
                from_name = $6, reply_to = $7, claim_token = NULL
          WHERE tenant_id = $1 AND id = $2 AND claim_token = $3`,
        [
          row.tenant_id,
          row.id,
          token,
          deps.now().toISOString(),
          String((info as { response?: string }).response ?? '').slice(0, 1000),
          fromName,
          replyTo,
        ],
      ),
    );
    return 'sent';
  } catch (err) {
    const { code, message } = classify(err);
    const permanent = code !== null && code >= 500;
    const age = deps.now().getTime() - new Date(row.created_at).getTime();
    const giveUp = permanent || (code !== null ? row.attempts >= MAX_ATTEMPTS : age >= GIVE_UP_AFTER_MS);
    kit.log.warn({ emailId: row.id, code, attempts: row.attempts, giveUp }, `mail not sent: ${message}`);
    await recordFailure(kit, deps, row, token, {
      message,
      giveUp,
      fromName,
      replyTo,
      bounce: permanent,
    });
    return giveUp ? 'failed' : 'retrying';
  }
}

/** Back to the queue after a backoff, or failed; a permanent SMTP answer also marks the address bounced. */
async function recordFailure(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  f: { message: string; giveUp: boolean; fromName: string; replyTo: string | null; bounce?: boolean },
): Promise<void> {
  const next = new Date(deps.now().getTime() + deps.backoffMs(row.attempts));
  await kit.db.tenantTx(row.tenant_id, async (tx) => {
    const done = await tx.query(
      `UPDATE emails SET status = $4, last_error = $5, next_attempt_at = $6, claim_token = NULL, claimed_at = NULL,
              from_name = $7, reply_to = $8
        WHERE tenant_id = $1 AND id = $2 AND claim_token = $3`,
      [
        row.tenant_id,
        row.id,
        token,
        f.giveUp ? 'failed' : 'pending',
        f.message,
        next.toISOString(),
        f.fromName,
        f.replyTo,
      ],
    );
    if (f.bounce && done.rowCount > 0)
      await tx.query(
        `INSERT INTO bounces (tenant_id, email, reason, email_id, bounced_at) VALUES ($1, lower($2), $3, $4, $5)
         ON CONFLICT (tenant_id, email) DO UPDATE SET reason = EXCLUDED.reason, email_id = EXCLUDED.email_id,
                bounced_at = EXCLUDED.bounced_at`,
        [row.tenant_id, row.to_email, f.message, row.id, deps.now().toISOString()],
      );
  });
}

/**
 * Fetches the message's file from its service and keeps it with the message (next index), only
 * while this worker's claim stands, clearing `attachment_fetch` in the same transaction so it is
 * fetched once. Null when done; 'claim lost' when another worker has the message now; else why
 * not, and whether trying again could help.
 */
async function fetchAttachment(
  kit: ServiceKit,
  row: ClaimedRow,
  token: string,
  f: AttachmentFetch,
): Promise<{ message: string; permanent: boolean } | 'claim lost' | null> {
  let file;
  try {
    file = await callServiceBytes({
      service: f.service,
      path: f.path,
      contentType: f.contentType,
      timeoutMs: 15_000,
    });
  } catch (err) {
    const e = err instanceof InternalCallError ? err : null;
    // 502–504 were retried by the client already; any other refusal will not change by waiting.
    const permanent = e?.kind === 'status' && e.status !== undefined && e.status < 500;
    kit.log.warn({ emailId: row.id, err }, `attachment not fetched from ${f.service}`);
    return {
      message: `The attachment ${f.filename} could not be fetched from ${f.service}: ${(err as Error).message}`,
      permanent,
    };
  }
  return kit.db.tenantTx(row.tenant_id, async (tx) => {
    const mine = await tx.query(
      `UPDATE emails SET attachment_fetch = NULL WHERE tenant_id = $1 AND id = $2 AND claim_token = $3`,
      [row.tenant_id, row.id, token],
    );
    if (mine.rowCount === 0) return 'claim lost' as const;
    await tx.query(
      `INSERT INTO email_attachments (tenant_id, email_id, idx, filename, content_type, size, data)
       SELECT $1, $2, coalesce(max(idx) + 1, 0), $3, $4, $5, $6
         FROM email_attachments WHERE tenant_id = $1 AND email_id = $2`,
      [row.tenant_id, row.id, file.filename ?? f.filename, file.contentType, file.bytes.length, file.bytes],
    );
    return null;
  });
}
