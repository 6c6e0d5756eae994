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
 */
import { randomUUID } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import { internalDocumentSchema } from '@venue/contracts/comms';
import { callService, callServiceBytes, InternalCallError, type ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { TENANT_HEADER } from './message-id.ts';
import { renderWithFigures, type RenderAgain } from './document-figures.ts';
import type { AttachmentFetch } from './queue.ts';
import { maskSecretLinks } from './secret-links.ts';
import { senderFor } from './sender.ts';
import { SMS_OPTED_OUT } from '@venue/contracts/comms';
import { captureSms } from '../sms/capture.ts';
import { isOptedOut } from '../sms/sms.ts';
import { statusPath } from '../sms/status-store.ts';
import { SmsSendError, type SmsAccepted } from '../sms/transport.ts';

export const MAX_ATTEMPTS = 3;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

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
  render: RenderAgain | null;
  booking_id: string | null;
  link_expires_at: Date | string | null;
  channel: 'email' | 'sms';
  to_phone: string | null;
}

/** What the message carries is now the e-mail's alone: its single-use link masked in the kept text. */
function masked(row: ClaimedRow) {
  if (!row.link_expires_at) return {};
  return {
    subject: maskSecretLinks(row.subject),
    body_text: maskSecretLinks(row.body_text),
    body_html: maskSecretLinks(row.body_html),
  };
}

export const LINK_EXPIRED = 'The link in this e-mail expired before it could be sent.';

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
async function claimOne(
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

/**
 * Keeps a claim alive while its worker works on the message: `claimed_at` renewed every
 * `heartbeatMs`, so only a worker that died (no renewal for `claimTimeoutMs`) loses it. The
 * signal aborts the delivery when the claim is gone (another worker took it over) or can no
 * longer be shown to be ours (renewals failing for half the claim timeout): the SMTP connection
 * is then closed before the message's final dot, and the server discards what it had.
 */
function holdClaim(kit: ServiceKit, deps: CommsDeps, row: ClaimedRow, token: string, hooks: WorkerHooks) {
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

/**
 * An SMS (issue 26, decision 61): to the provider (SMS_URL), or into Mail preview without one. A
 * number that replied STOP after the SMS was queued gets nothing: it fails saying so. The
 * provider's 4xx fails it at once with the answer; 5xx, 408, 429 and no answer are retried with
 * the backoff for {@link GIVE_UP_AFTER_MS}, like a mail server that is down.
 */
async function deliverSms(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  signal: AbortSignal,
): Promise<'sent' | 'retrying' | 'failed'> {
  const from = deps.sms.from;
  const phone = row.to_phone ?? '';
  const optedOut = await kit.db.tenantTx(row.tenant_id, (tx) => isOptedOut(tx, row.tenant_id, phone));
  if (optedOut) {
    await recordFailure(kit, deps, row, token, {
      message: SMS_OPTED_OUT,
      giveUp: true,
      fromName: from,
      replyTo: null,
    });
    return 'failed';
  }
  try {
    let accepted: SmsAccepted;
    if (deps.sms.send)
      accepted = await deps.sms.send(
        {
          to: phone,
          from,
          body: row.body_text,
          // the receipt ("delivered", "undelivered") comes back to the venue's signed status URL
          statusCallback: `${deps.publicOrigin}${statusPath(row.tenant_id)}`,
        },
        signal,
      );
    else {
      await captureSms(kit, {
        tenantId: row.tenant_id,
        messageId: row.message_id,
        from,
        to: phone,
        body: row.body_text,
      });
      accepted = { providerId: null, answer: 'Captured for Mail preview (no SMS_URL).' };
    }
    await kit.db.tenantTx(row.tenant_id, (tx) =>
      db(tx)
        .updateTable('emails')
        .set({
          status: 'sent',
          sent_at: deps.now().toISOString(),
          smtp_response: accepted.answer.slice(0, 1000),
          provider_id: accepted.providerId,
          last_error: null,
          from_name: from,
          claim_token: null,
        })
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .where('claim_token', '=', token)
        .execute(),
    );
    return 'sent';
  } catch (err) {
    const e =
      err instanceof SmsSendError ? err : new SmsSendError((err as Error).message ?? String(err), null);
    const age = deps.now().getTime() - new Date(row.created_at).getTime();
    const giveUp = e.permanent || age >= GIVE_UP_AFTER_MS;
    kit.log.warn(
      { emailId: row.id, status: e.status, attempts: row.attempts, giveUp },
      `SMS not sent: ${e.message}`,
    );
    await recordFailure(kit, deps, row, token, { message: e.message, giveUp, fromName: from, replyTo: null });
    return giveUp ? 'failed' : 'retrying';
  }
}

/**
 * Back to the queue after a backoff, or failed; a permanent SMTP answer also marks the address
 * bounced. A message given up on is published once (`email.failed`, in the same transaction as
 * the status that can only be set once under this claim), for the Dashboard's Alerts & Tasks.
 * An SMS goes out as the same event with `channel: 'sms'` and its E.164 number as `toEmail`:
 * insights words its alert as one.
 */
async function recordFailure(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  f: { message: string; giveUp: boolean; fromName: string; replyTo: string | null; bounce?: boolean },
): Promise<void> {
  const next = new Date(deps.now().getTime() + deps.backoffMs(row.attempts));
  await kit.db.tenantTx(row.tenant_id, async (tx) => {
    const updated = await db(tx)
      .updateTable('emails')
      .set({
        status: f.giveUp ? 'failed' : 'pending',
        last_error: f.message,
        next_attempt_at: next.toISOString(),
        claim_token: null,
        claimed_at: null,
        from_name: f.fromName,
        reply_to: f.replyTo,
        // given up on: nobody will send the link now
        ...(f.giveUp ? masked(row) : {}),
      })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .where('claim_token', '=', token)
      .executeTakeFirst();
    // only while this worker's claim stands
    const done = updated.numUpdatedRows > 0n;
    if (f.bounce && done)
      await db(tx)
        .insertInto('bounces')
        .values((eb) => ({
          tenant_id: row.tenant_id,
          email: eb.fn<string>('lower', [eb.val(row.to_email)]),
          reason: f.message,
          email_id: row.id,
          bounced_at: deps.now().toISOString(),
        }))
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'email']).doUpdateSet((eb) => ({
            reason: eb.ref('excluded.reason'),
            email_id: eb.ref('excluded.email_id'),
            bounced_at: eb.ref('excluded.bounced_at'),
          })),
        )
        .execute();
    if (f.giveUp && done)
      await tx.publish('email.failed', {
        emailId: row.id,
        hallOwnerId: row.tenant_id,
        toEmail: row.channel === 'sms' ? (row.to_phone ?? '') : row.to_email,
        toName: row.to_name,
        subject: maskSecretLinks(row.subject),
        reason: f.message,
        bounced: f.bounce === true,
        bookingId: row.booking_id,
        failedAt: deps.now().toISOString(),
        channel: row.channel === 'sms' ? 'sms' : 'email',
      });
  });
}

/**
 * Fetches the message's file from its service and keeps it with the message (next index), only
 * while this worker's claim stands, clearing `attachment_fetch` in the same transaction so it is
 * fetched once. A document (`f.document`) comes with the figures it prints: a message kept for
 * writing again (`render`) is written again with them in that transaction, and `row` carries the
 * new text to the sending (issue 24 item 1). Null when done; 'claim lost' when another worker has
 * the message now; else why not, and whether trying again could help.
 */
async function fetchAttachment(
  kit: ServiceKit,
  row: ClaimedRow,
  token: string,
  f: AttachmentFetch,
): Promise<{ message: string; permanent: boolean } | 'claim lost' | null> {
  let file: { bytes: Buffer; contentType: string; filename: string | null };
  let rewritten: { subject: string; text: string; html: string } | null = null;
  try {
    if (f.document) {
      const doc = await callService({
        service: f.service,
        path: f.path,
        response: internalDocumentSchema,
        timeoutMs: 15_000,
      });
      file = {
        bytes: Buffer.from(doc.contentBase64, 'base64'),
        contentType: doc.contentType,
        filename: doc.filename,
      };
      if (row.render) rewritten = renderWithFigures(row.render, doc.figures);
    } else
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
    const mine = await db(tx)
      .updateTable('emails')
      .set({
        attachment_fetch: null,
        ...(rewritten
          ? { subject: rewritten.subject, body_text: rewritten.text, body_html: rewritten.html, render: null }
          : {}),
      })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .where('claim_token', '=', token)
      .executeTakeFirst();
    if (mine.numUpdatedRows === 0n) return 'claim lost' as const;
    if (rewritten) {
      row.subject = rewritten.subject;
      row.body_text = rewritten.text;
      row.body_html = rewritten.html;
    }
    // the next index after the message's attachments so far
    await db(tx)
      .insertInto('email_attachments')
      .columns(['tenant_id', 'email_id', 'idx', 'filename', 'content_type', 'size', 'data'])
      .expression((eb) =>
        eb
          .selectFrom('email_attachments')
          .select((s) => [
            s.val(row.tenant_id).as('tenant_id'),
            s.val(row.id).as('email_id'),
            s.fn.coalesce(s(s.fn.max('idx'), '+', 1), s.lit(0)).as('idx'),
            s.val(file.filename ?? f.filename).as('filename'),
            s.val(file.contentType).as('content_type'),
            s.val(file.bytes.length).as('size'),
            s.val(file.bytes).as('data'),
          ])
          .where('tenant_id', '=', row.tenant_id)
          .where('email_id', '=', row.id),
      )
      .execute();
    return null;
  });
}
