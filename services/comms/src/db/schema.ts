/**
 * Comms' tables as Kysely sees them (decision 35), written by hand from
 * `services/comms/migrations/*.sql`: a table or column added there is added here.
 * Types are what the kit's drivers return (node-postgres and PGlite alike): bigint as a number
 * (the kit's int8 parser; cents are capped by the contracts), timestamptz as a Date, jsonb
 * parsed, bytea as a Buffer (node-postgres) or Uint8Array (PGlite), numeric as its decimal text.
 * The kit's own tables (outbox, inbox, idempotency keys, schema_migrations) are not comms' to
 * query and stay out.
 */
import type { AutomaticEmailKind } from '@venue/contracts/comms';
import type {
  CalendarDate,
  Cents,
  ColumnType,
  DefaultTimestamp,
  Generated,
  GeneratedId,
  Json,
  JsonWithDefault,
  TenantSettingsTable,
  Timestamp,
} from '@venue/service-kit';
import type { RenderAgain } from '../mail/document-figures.ts';
import type { AttachmentFetch } from '../mail/queue.ts';

/** bytea. */
type Bytes = ColumnType<Buffer | Uint8Array, Buffer | Uint8Array, Buffer | Uint8Array>;

export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One row per tenant comms has met: the automatic switches and schedule (its insert seeds the templates). */
export interface CommsSettingsTable {
  tenant_id: string;
  /** Kind → on/off; a kind missing is on. */
  automatic: Json<Partial<Record<AutomaticEmailKind, boolean>> & Record<string, boolean>>;
  reminder_days_before: Generated<number>;
  send_hour: Generated<number>;
  /** Reminder kind → email | sms | both (issue 26); a kind missing is e-mail. */
  channels: JsonWithDefault<Record<string, 'email' | 'sms' | 'both'>>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface EmailTemplatesTable {
  tenant_id: string;
  id: GeneratedId;
  name: string;
  type: 'email' | 'sms';
  subject: string;
  body: string;
  is_active: Generated<boolean>;
  /** The automatic e-mail this template is (seeded), null for the tenant's own. */
  kind: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Read copy of the tenant's bookings (booking.* events). */
export interface BookingCopiesTable {
  tenant_id: string;
  booking_id: string;
  booking_code: string;
  customer_id: string | null;
  customer_name: string;
  customer_email: string;
  /** E.164, '' when none (migration 018). */
  customer_phone: Generated<string>;
  event_type: string;
  guest_count: number | null;
  booking_date: CalendarDate;
  start_time: string;
  end_time: string;
  resource_id: string;
  resource_name: string;
  status: string;
  calculated_price_cents: Cents | null;
  starts_at: Timestamp;
  hold_expires_at: Timestamp | null;
  booking_updated_at: Timestamp;
  received_at: DefaultTimestamp;
}

/** The e-mail outbox and history: one row per message. */
export interface EmailsTable {
  tenant_id: string;
  id: GeneratedId;
  /** `<uuid@venuedesk>`, stable across retries. */
  message_id: string;
  kind: string;
  /** Once per booking and automatic kind (`auto:<kind>:<booking>`), null for sends by hand. */
  dedupe_key: string | null;
  booking_id: string | null;
  template_id: string | null;
  template_name: string | null;
  to_email: string;
  to_name: Generated<string>;
  subject: string;
  body_text: string;
  body_html: string;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  next_attempt_at: DefaultTimestamp;
  claimed_at: Timestamp | null;
  claim_token: string | null;
  last_error: string | null;
  smtp_response: string | null;
  from_name: string | null;
  reply_to: string | null;
  sent_at: Timestamp | null;
  created_at: DefaultTimestamp;
  /** A file the worker fetches when it sends (decision 30); cleared once fetched. */
  attachment_fetch: Json<AttachmentFetch> | null;
  /** What the message is written again from with its document's figures (issue 24 item 1); cleared then. */
  render: Json<RenderAgain> | null;
  /**
   * Until when the single-use link the message carries works (issue 25): not sent after it, and
   * its token masked in the stored text once sent or given up on (mail/secret-links.ts). Null for
   * a message without one.
   */
  link_expires_at: Timestamp | null;
  /** E-mail or SMS (issue 26, decision 61): one outbox, one worker. */
  channel: Generated<'email' | 'sms'>;
  /** An SMS's E.164 number (`to_email` is '' then). */
  to_phone: string | null;
  /** The SMS provider's id of the accepted message, when it gave one. */
  provider_id: string | null;
  /** An SMS's parts, counted when queued. */
  segments: number | null;
  /** The provider's status callback after "sent" (migration 019): null until one came. */
  delivery: 'delivered' | 'undelivered' | null;
  /** The provider's ErrorCode of an undelivered SMS. */
  delivery_error: string | null;
  delivery_at: Timestamp | null;
}

export interface EmailAttachmentsTable {
  tenant_id: string;
  email_id: string;
  idx: number;
  filename: string;
  content_type: string;
  size: number;
  data: Bytes;
}

/** Addresses whose mail came back permanently, per tenant. */
export interface BouncesTable {
  tenant_id: string;
  /** lower-cased */
  email: string;
  reason: string;
  email_id: string | null;
  bounced_at: DefaultTimestamp;
}

/** The venue's business name and e-mail for From and Reply-To (decision 29). */
export interface TenantSendersTable {
  tenant_id: string;
  business_name: Generated<string>;
  business_email: Generated<string>;
  fetched_at: DefaultTimestamp;
}

/** Mail preview: what the embedded SMTP server received. */
export interface CapturedMailTable {
  tenant_id: string;
  id: GeneratedId;
  message_id: string;
  from_addr: string;
  reply_to: string | null;
  to_addr: string;
  subject: string;
  html: string | null;
  text_body: string | null;
  attachments: JsonWithDefault<Array<{ filename: string; contentType: string; size: number }>>;
  raw: Bytes;
  size: number;
  received_at: DefaultTimestamp;
  channel: Generated<'email' | 'sms'>;
}

/** Numbers opted out of the venue's SMS: they replied STOP, or staff marked them (issue 26). */
export interface SmsOptOutsTable {
  tenant_id: string;
  phone: string;
  /** What the number replied; null for a staff mark. */
  word: string | null;
  opted_out_at: DefaultTimestamp;
  source: Generated<'reply' | 'staff'>;
  by_user_id: string | null;
  by_name: string | null;
}

export interface CommsDb {
  tenant_settings: TenantSettingsTable;
  comms_settings: CommsSettingsTable;
  email_templates: EmailTemplatesTable;
  booking_copies: BookingCopiesTable;
  emails: EmailsTable;
  email_attachments: EmailAttachmentsTable;
  bounces: BouncesTable;
  tenant_senders: TenantSendersTable;
  captured_mail: CapturedMailTable;
  sms_opt_outs: SmsOptOutsTable;
}
