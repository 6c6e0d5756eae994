/** Putting a message in the outbox (the `emails` table), in the caller's transaction. */
import type { Tx } from '@venue/service-kit';
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
  /** The service's clock (deps.now): the row's created_at. */
  now: Date;
  /** When the worker may first send it (scheduled mail); default `now`. */
  notBefore?: Date;
}

/** The new row's id, or null when `dedupeKey` was already queued (sent once per booking and kind). */
export async function queueEmail(tx: Tx, m: NewEmail): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO emails (tenant_id, message_id, kind, dedupe_key, booking_id, template_id, template_name,
        to_email, to_name, subject, body_text, body_html, next_attempt_at, created_at, attachment_fetch)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (tenant_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      m.tenantId,
      newMessageId(),
      m.kind,
      m.dedupeKey ?? null,
      m.bookingId ?? null,
      m.templateId ?? null,
      m.templateName ?? null,
      m.toEmail,
      m.toName,
      m.subject,
      m.text,
      m.html,
      (m.notBefore ?? m.now).toISOString(),
      m.now.toISOString(),
      m.attachmentFetch ? JSON.stringify(m.attachmentFetch) : null,
    ],
  );
  const id = rows[0]?.id ?? null;
  if (id && m.attachments?.length) {
    for (const [i, a] of m.attachments.entries())
      await tx.query(
        `INSERT INTO email_attachments (tenant_id, email_id, idx, filename, content_type, size, data)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [m.tenantId, id, i, a.filename, a.contentType, a.data.length, a.data],
      );
  }
  return id;
}
