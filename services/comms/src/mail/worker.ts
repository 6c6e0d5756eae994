/**
 * The e-mail worker (issue 12 item 3, issue 24 item 12): delivers the outbox over SMTP.
 *
 * Claim, then send, then record. Each lane of a round claims one due message in a short
 * transaction (`FOR UPDATE SKIP LOCKED`, status `sending`, a claim token of its own), so two
 * workers never hold the same message; it sends outside any transaction (a slow mail server holds
 * no connection) and records the outcome conditionally on its claim token, so a worker presumed
 * dead that comes back cannot overwrite the outcome of the worker that took over. Four lanes send
 * at once (deps.sendConcurrency): a server that stalls on one message holds up that one only.
 *
 * A worker renews the claim of the message it is working on every `heartbeatMs`; a claim not
 * renewed for `claimTimeoutMs` (45 s: the worker died) goes back to the queue and is sent within
 * the minute. A live worker therefore never has its message taken over and sent beside it, and a
 * worker that finds its claim gone, or cannot renew it, aborts its delivery: the connection closes
 * before the message's final dot, so the server keeps nothing. The SMTP pool never resends on its
 * own (mail/transport.ts). So a message is handed to the server at most once per claim; the one
 * case SMTP leaves open is the moment between the server accepting the final dot and this worker
 * recording it: a worker killed in that moment (or a server whose "250 OK" is lost) leaves the
 * message to be sent again under the next claim, with the same Message-ID, which mail programs
 * and our Mail preview keep once. We chose that over "at most once" (mark sent before sending),
 * which would lose a message whenever a worker dies mid-send (decision 29).
 *
 * Failures: a permanent answer (5xx) fails the message at once and marks the address bounced;
 * a temporary answer (4xx) is retried with backoff, failing after {@link MAX_ATTEMPTS}; no
 * answer at all (the mail server is down, or silent past its timeouts) is retried with backoff
 * for {@link GIVE_UP_AFTER_MS}, so an outage loses nothing.
 *
 * A message that names a file to fetch (money's invoice or receipt PDF, decision 30) gets it
 * from that service first, here off any request path, and keeps it with the message; the
 * service down or busy is treated like the mail server down (retried, the message pending), a
 * refusal (the invoice is not there) fails the message with that reason.
 *
 * A message carrying a single-use link (`link_expires_at`: the customer's door, issue 25) is not
 * sent once its link has expired (it fails saying so), and its token is masked in the stored text
 * in the same update that records it sent or given up on (secret-links.ts).
 *
 * Here the round and the e-mail's send; the claim and its heartbeat are in claim.ts, the file
 * fetch in attachment-fetch.ts, an SMS's send in sms-delivery.ts, a failure's record in outcome.ts.
 */
import type { SendMailOptions } from 'nodemailer';
import type { ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { fetchAttachment, type KeptFile } from './attachment-fetch.ts';
import { claimOne, holdClaim, type ClaimedRow, type WorkerHooks } from './claim.ts';
import { TENANT_HEADER } from './message-id.ts';
import { classify, GIVE_UP_AFTER_MS, masked, recordFailure } from './outcome.ts';
import { senderFor } from './sender.ts';
import { deliverSms } from './sms-delivery.ts';

export const MAX_ATTEMPTS = 3;

export const LINK_EXPIRED = 'The link in this e-mail expired before it could be sent.';

export interface DeliveryRound {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

const sleep = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

/**
 * A delivery round: {@link CommsDeps.sendConcurrency} lanes, each claiming one due message at a
 * time and sending it, so a mail server that stalls on one message (or one venue's message)
 * holds one lane until its timeout while the others go on. A lane that finds nothing due while
 * another is still sending looks again every `idlePollMs`, so mail queued meanwhile does not
 * wait for the stalled one. A round tries each message once (one that fails waits for its backoff
 * and a later round). It ends when nothing is due and no lane is sending, or after `batchSize`
 * messages (the next round takes the rest).
 */
export async function deliverDue(
  kit: ServiceKit,
  deps: CommsDeps,
  hooks: WorkerHooks = {},
): Promise<DeliveryRound> {
  const round: DeliveryRound = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  let sending = 0;
  const tried: string[] = [];
  const lane = async () => {
    while (!hooks.stopped?.() && hooks.alive?.() !== false && round.claimed < deps.batchSize) {
      const claim = await claimOne(kit, deps, tried);
      if (!claim) {
        if (sending === 0) return;
        await sleep(deps.idlePollMs);
        continue;
      }
      round.claimed++;
      tried.push(claim.row.id);
      sending++;
      try {
        round[await deliverClaimed(kit, deps, claim.row, claim.token, hooks)]++;
      } finally {
        sending--;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.sendConcurrency) }, lane));
  return round;
}

async function deliverClaimed(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  hooks: WorkerHooks,
): Promise<'sent' | 'retrying' | 'failed'> {
  const claim = holdClaim(kit, deps, row, token, hooks);
  try {
    return await deliverOne(kit, deps, row, token, claim.signal);
  } finally {
    claim.release();
  }
}

async function deliverOne(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  signal: AbortSignal,
): Promise<'sent' | 'retrying' | 'failed'> {
  if (row.channel === 'sms') return deliverSms(kit, deps, row, token, signal);
  const sender = await senderFor(kit, deps, row.tenant_id);
  const fromName = sender.businessName || 'VenueDesk';
  const replyTo = sender.businessEmail || null;
  if (row.link_expires_at && new Date(row.link_expires_at) <= deps.now()) {
    await recordFailure(kit, deps, row, token, { message: LINK_EXPIRED, giveUp: true, fromName, replyTo });
    return 'failed';
  }
  let fetched: KeptFile | null = null;
  if (row.attachment_fetch) {
    const outcome = await fetchAttachment(kit, row, token, row.attachment_fetch);
    // Another worker took the message over meanwhile: it sends it, with the file.
    if (outcome === 'claim lost') return 'retrying';
    if ('only' in outcome) fetched = outcome.only;
    else {
      const age = deps.now().getTime() - new Date(row.created_at).getTime();
      const giveUp = outcome.permanent || age >= GIVE_UP_AFTER_MS;
      await recordFailure(kit, deps, row, token, { message: outcome.message, giveUp, fromName, replyTo });
      return giveUp ? 'failed' : 'retrying';
    }
  }
  return sendEmail(kit, deps, row, token, signal, { fromName, replyTo }, fetched);
}

/** The e-mail to the mail server with the files kept for it, and the outcome recorded under the claim. */
async function sendEmail(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  signal: AbortSignal,
  { fromName, replyTo }: { fromName: string; replyTo: string | null },
  /** The one file just fetched and kept, still in memory (an invoice's PDF): not read back. */
  fetched: KeptFile | null,
): Promise<'sent' | 'retrying' | 'failed'> {
  const attachments: KeptFile[] = fetched
    ? [fetched]
    : await kit.db.tenantTx(row.tenant_id, (tx) =>
        db(tx)
          .selectFrom('email_attachments')
          .select(['filename', 'content_type', 'data'])
          .where('tenant_id', '=', row.tenant_id)
          .where('email_id', '=', row.id)
          .orderBy('idx')
          .execute(),
      );
  try {
    const mail: SendMailOptions & { signal: AbortSignal } = {
      messageId: row.message_id,
      from: { name: fromName, address: deps.mailer.mailFrom },
      ...(replyTo ? { replyTo } : {}),
      to: { name: row.to_name, address: row.to_email },
      subject: row.subject,
      text: row.body_text,
      html: row.body_html,
      headers: { [TENANT_HEADER]: row.tenant_id },
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.content_type,
        content: Buffer.from(a.data),
      })),
      // the claim lost, or the delivery past its deadline: the connection is closed mid-message
      signal,
    };
    const info = await deps.mailer.transport().sendMail(mail);
    await kit.db.tenantTx(row.tenant_id, (tx) =>
      db(tx)
        .updateTable('emails')
        .set({
          status: 'sent',
          sent_at: deps.now().toISOString(),
          smtp_response: String((info as { response?: string }).response ?? '').slice(0, 1000),
          last_error: null,
          from_name: fromName,
          reply_to: replyTo,
          claim_token: null,
          ...masked(row),
        })
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .where('claim_token', '=', token)
        .execute(),
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
