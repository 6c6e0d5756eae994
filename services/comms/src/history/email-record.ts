/** An outbox row as the history shows it (spec 02 §3.5 e-mail history record, plus the outbox's state). */
import type { EmailRecord } from '@venue/contracts/comms';
import type { Tx } from '@venue/service-kit';
import { iso } from '../shared.ts';

export interface EmailRow {
  id: string;
  message_id: string;
  kind: string;
  booking_id: string | null;
  template_name: string | null;
  to_email: string;
  to_name: string;
  subject: string;
  body_text: string;
  body_html?: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  from_name: string | null;
  reply_to: string | null;
  sent_at: Date | string | null;
  created_at: Date | string;
  attachments: Array<{ filename: string; contentType: string; size: number }> | null;
}

/** Select list (alias e) with the attachment list as JSON. */
export const EMAIL_COLUMNS = `e.id, e.message_id, e.kind, e.booking_id, e.template_name, e.to_email, e.to_name,
  e.subject, e.body_text, e.status, e.attempts, e.next_attempt_at, e.last_error, e.from_name, e.reply_to,
  e.sent_at, e.created_at,
  (SELECT coalesce(json_agg(json_build_object('filename', a.filename, 'contentType', a.content_type, 'size', a.size)
                            ORDER BY a.idx), '[]'::json)
     FROM email_attachments a WHERE a.tenant_id = e.tenant_id AND a.email_id = e.id) AS attachments`;

export function toRecord(r: EmailRow): EmailRecord {
  const status = r.status === 'sending' ? 'pending' : r.status;
  return {
    id: r.id,
    subject: r.subject,
    to: r.to_email,
    recipientName: r.to_name,
    status,
    sentAt: status === 'sent' ? iso(r.sent_at) : null,
    createdAt: iso(r.created_at)!,
    templateName: r.template_name,
    bookingId: r.booking_id,
    body: r.body_text,
    kind: r.kind,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' && r.attempts > 0 ? iso(r.next_attempt_at) : null,
    messageId: r.message_id,
    attachments: (r.attachments ?? []).map((a) => ({ ...a, size: Number(a.size) })),
  };
}

export async function emailById(tx: Tx, tenantId: string, id: string): Promise<EmailRecord> {
  const { rows } = await tx.query<EmailRow>(
    `SELECT ${EMAIL_COLUMNS} FROM emails e WHERE e.tenant_id = $1 AND e.id = $2`,
    [tenantId, id],
  );
  return toRecord(rows[0]!);
}
