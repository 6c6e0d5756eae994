/** An outbox row as the history shows it (spec 02 §3.5 e-mail history record, plus the outbox's state). */
import type { EmailRecord } from '@venue/contracts/comms';
import type { Queryable, Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { maskSecretLinks } from '../mail/secret-links.ts';
import { iso } from '../shared/request.ts';

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
  attachments: EmailAttachmentJson[] | null;
  channel: 'email' | 'sms';
  to_phone: string | null;
  segments: number | null;
  delivery: 'delivered' | 'undelivered' | null;
  delivery_error: string | null;
}

/** An attachment as the history lists it. */
export interface EmailAttachmentJson {
  filename: string;
  contentType: string;
  size: number;
}

/**
 * The outbox rows (alias e) with the history's columns and each message's attachment list as
 * JSON, in index order. Add `.where('e.tenant_id', '=', …)` and the rest.
 */
export function emailsSelect(tx: Queryable) {
  return db(tx)
    .selectFrom('emails as e')
    .select((eb) => [
      'e.id',
      'e.message_id',
      'e.kind',
      'e.booking_id',
      'e.template_name',
      'e.to_email',
      'e.to_name',
      'e.subject',
      'e.body_text',
      'e.status',
      'e.attempts',
      'e.next_attempt_at',
      'e.last_error',
      'e.from_name',
      'e.reply_to',
      'e.sent_at',
      'e.created_at',
      'e.channel',
      'e.to_phone',
      'e.segments',
      'e.delivery',
      'e.delivery_error',
      eb
        .selectFrom('email_attachments as a')
        .select((a) =>
          a.fn
            .coalesce(
              a.fn
                .agg<EmailAttachmentJson[]>('json_agg', [
                  a.fn('json_build_object', [
                    a.cast(a.val('filename'), 'text'),
                    'a.filename',
                    a.cast(a.val('contentType'), 'text'),
                    'a.content_type',
                    a.cast(a.val('size'), 'text'),
                    'a.size',
                  ]),
                ])
                .orderBy('a.idx'),
              a.cast<EmailAttachmentJson[]>(a.val('[]'), 'json'),
            )
            .as('attachments'),
        )
        .whereRef('a.tenant_id', '=', 'e.tenant_id')
        .whereRef('a.email_id', '=', 'e.id')
        .as('attachments'),
    ]);
}

/**
 * The record as the history shows it. A single-use link (the customer's door) reads masked even
 * while its message waits to be sent: whoever reads the history is not its customer.
 */
export function toRecord(r: EmailRow): EmailRecord {
  const status = r.status === 'sending' ? 'pending' : r.status;
  return {
    id: r.id,
    subject: maskSecretLinks(r.subject),
    to: r.channel === 'sms' ? (r.to_phone ?? '') : r.to_email,
    recipientName: r.to_name,
    status,
    sentAt: status === 'sent' ? iso(r.sent_at) : null,
    createdAt: iso(r.created_at)!,
    templateName: r.template_name,
    bookingId: r.booking_id,
    body: maskSecretLinks(r.body_text),
    kind: r.kind,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' && r.attempts > 0 ? iso(r.next_attempt_at) : null,
    messageId: r.message_id,
    attachments: (r.attachments ?? []).map((a) => ({ ...a, size: Number(a.size) })),
    channel: r.channel,
    segments: r.channel === 'sms' ? Number(r.segments ?? 0) : null,
    delivery: r.delivery ?? null,
    deliveryError: r.delivery === 'undelivered' ? r.delivery_error : null,
  };
}

export async function emailById(tx: Tx, tenantId: string, id: string): Promise<EmailRecord> {
  const row = await emailsSelect(tx)
    .where('e.tenant_id', '=', tenantId)
    .where('e.id', '=', id)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}
