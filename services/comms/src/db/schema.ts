/**
 * Comms' tables as Kysely sees them (decision 35). The columns are generated from
 * `services/comms/migrations/*.sql` into `schema.generated.ts` (`node scripts/db-types.mjs`;
 * `npm test` fails while it is stale), each as the kit's drivers return it (node-postgres and
 * PGlite alike): bigint as a number (the kit's int8 parser; cents are capped by the contracts),
 * timestamptz as a Date, jsonb parsed, bytea as a Uint8Array (a Buffer from node-postgres),
 * numeric as its decimal text, date as `CalendarDate`. Here only what comms knows better than the
 * database: the values its text columns hold and the shapes of its jsonb (`Refine` keeps the
 * database's say on null and defaults). The kit's own tables (outbox, inbox, idempotency keys,
 * schema_migrations) are not comms' to query and are not generated.
 */
import type { AutomaticEmailKind } from '@venue/contracts/comms';
import type { Json, Refine, RefineTables, SettingsCopyColumns } from '@venue/service-kit';
import type { RenderAgain } from '../mail/document-figures.ts';
import type { AttachmentFetch } from '../mail/queue.ts';
import type * as G from './schema.generated.ts';

export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * One row per tenant comms has met: the automatic switches and schedule (its insert seeds the
 * templates). `automatic`: kind → on/off, a kind missing is on; `channels`: reminder kind →
 * email | sms | both (issue 26), a kind missing is e-mail.
 */
export type CommsSettingsTable = Refine<
  G.CommsSettingsTable,
  {
    automatic: Json<Partial<Record<AutomaticEmailKind, boolean>> & Record<string, boolean>>;
    channels: Json<Record<string, 'email' | 'sms' | 'both'>>;
  }
>;

/** `kind`: the automatic e-mail this template is (seeded), null for the tenant's own. */
export type EmailTemplatesTable = Refine<G.EmailTemplatesTable, { type: 'email' | 'sms' }>;

/** Read copy of the tenant's bookings (booking.* events); `customer_phone` E.164, '' when none (migration 018). */
export type BookingCopiesTable = G.BookingCopiesTable;

/**
 * The e-mail and SMS outbox and history: one row per message (issue 26, decision 61: one outbox,
 * one worker). `message_id` is `<uuid@venuedesk>`, stable across retries; `dedupe_key` once per
 * booking and automatic kind (`auto:<kind>:<booking>`), null for sends by hand.
 * `attachment_fetch` is a file the worker fetches when it sends (decision 30), cleared once
 * fetched; `render` what the message is written again from with its document's figures (issue 24
 * item 1), cleared then. `link_expires_at`: until when the single-use link the message carries
 * works (issue 25), not sent after it and its token masked in the stored text once sent or given
 * up on (mail/secret-links.ts), null without one. An SMS has `to_phone` (E.164; `to_email` is ''
 * then), `provider_id` when the provider gave one, `segments` counted when queued, and `delivery`
 * from the provider's status callback after "sent" (migration 019), null until one came.
 */
export type EmailsTable = Refine<
  G.EmailsTable,
  {
    status: EmailStatus;
    attachment_fetch: Json<AttachmentFetch>;
    render: Json<RenderAgain>;
    channel: 'email' | 'sms';
    delivery: 'delivered' | 'undelivered';
  }
>;

export type EmailAttachmentsTable = G.EmailAttachmentsTable;

/** Addresses (lower-cased) whose mail came back permanently, per tenant. */
export type BouncesTable = G.BouncesTable;

/** The venue's business name and e-mail for From and Reply-To (decision 29). */
export type TenantSendersTable = G.TenantSendersTable;

/** Mail preview: what the embedded SMTP server received. */
export type CapturedMailTable = Refine<
  G.CapturedMailTable,
  {
    attachments: Json<Array<{ filename: string; contentType: string; size: number }>>;
    channel: 'email' | 'sms';
  }
>;

/**
 * Numbers opted out of the venue's SMS: they replied STOP, or staff marked them (issue 26);
 * `word` is what the number replied, null for a staff mark.
 */
export type SmsOptOutsTable = Refine<G.SmsOptOutsTable, { source: 'reply' | 'staff' }>;

export type CommsDb = RefineTables<
  G.DB,
  {
    tenant_settings: Refine<G.TenantSettingsTable, SettingsCopyColumns>;
    comms_settings: CommsSettingsTable;
    email_templates: EmailTemplatesTable;
    emails: EmailsTable;
    captured_mail: CapturedMailTable;
    sms_opt_outs: SmsOptOutsTable;
  }
>;
