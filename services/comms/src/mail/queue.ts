/** Putting a message in the outbox (the `emails` table), in the caller's transaction. */
import type { Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { RenderAgain } from './document-figures.ts';
import { newMessageId } from './message-id.ts';

/**
 * A file the worker fetches from another service when it sends the message (money's invoice or
 * receipt PDF), kept with the message once fetched (decision 30).
 */
export interface AttachmentFetch {
  service: string;
  /** The other service's internal route (internal secret). */
  path: string;
  /** Used when the answer names no file. */
  filename: string;
  contentType: string;
  /**
   * The route answers a document: the file with the figures it prints (contracts
   * comms/documents.ts), which fill the message's amounts (`render`). Absent: the bare file.
   */
  document?: boolean;
}

export interface NewEmail {
  tenantId: string;
  kind: string;
  /** Set for automatic e-mails: a second one for the same booking and kind is not queued. */
  dedupeKey?: string | null;
  bookingId?: string | null;
  templateId?: string | null;
  templateName?: string | null;
  toEmail: string;
  toName: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; contentType: string; data: Buffer }>;
  /** A file fetched at send time, after `attachments`. */
  attachmentFetch?: AttachmentFetch | null;
  /** How to write the message again with the fetched document's figures (document-figures.ts). */
  render?: RenderAgain | null;
  /** The service's clock (deps.now): the row's created_at. */
  now: Date;
  /** When the worker may first send it (scheduled mail); default `now`. */
  notBefore?: Date;
  /**
   * The message carries a single-use link that works until then (issue 25): not sent after it,
   * and the link masked in the stored text once sent or given up on.
   */
  linkExpiresAt?: Date | null;
}

/** The worker's job (app.ts), woken by each message queued that is due now. */
export const DELIVER_MAIL_JOB = 'deliver-mail';

/** Whether a message may go as soon as it is queued (not held until `notBefore`). */
export const isDue = (m: { now: Date; notBefore?: Date }) => !m.notBefore || m.notBefore <= m.now;

/**
 * The new row's id, or null when `dedupeKey` was already queued (sent once per booking and kind).
 * A message due now wakes the worker as the transaction commits, rather than waiting for its
 * next round.
 */
export async function queueEmail(tx: Tx, m: NewEmail): Promise<string | null> {
  const inserted = await db(tx)
    .insertInto('emails')
    .values({
      tenant_id: m.tenantId,
      message_id: newMessageId(),
      kind: m.kind,
      dedupe_key: m.dedupeKey ?? null,
      booking_id: m.bookingId ?? null,
      template_id: m.templateId ?? null,
      template_name: m.templateName ?? null,
      to_email: m.toEmail,
      to_name: m.toName,
      subject: m.subject,
      body_text: m.text,
      body_html: m.html,
      next_attempt_at: (m.notBefore ?? m.now).toISOString(),
      created_at: m.now.toISOString(),
      attachment_fetch: m.attachmentFetch ? JSON.stringify(m.attachmentFetch) : null,
      render: m.render ? JSON.stringify(m.render) : null,
      link_expires_at: m.linkExpiresAt ? m.linkExpiresAt.toISOString() : null,
    })
    // emails_dedupe_idx, a partial unique index: its predicate names it
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  const id = inserted?.id ?? null;
  // A message held for later (scheduled mail) is the five-second round's to find once due.
  if (id && isDue(m)) tx.wake(DELIVER_MAIL_JOB);
  if (id && m.attachments?.length) {
    for (const [i, a] of m.attachments.entries())
      await db(tx)
        .insertInto('email_attachments')
        .values({
          tenant_id: m.tenantId,
          email_id: id,
          idx: i,
          filename: a.filename,
          content_type: a.contentType,
          size: a.data.length,
          data: a.data,
        })
        .execute();
  }
  return id;
}
