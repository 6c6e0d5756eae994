-- comms (issue 12): templates, the e-mail outbox and its history, bounces, read copies of the
-- tenant's bookings and settings, and the Mail preview's captured messages.
-- Every tenant table: tenant_id first in its primary key, row-level security enabled and forced
-- with the policy form of decision 26 (system scope and tenant each in a sub-select, evaluated
-- once per statement, tenant indexes usable). Written in that form here, so 010 leaves it alone.

SELECT set_config('app.scope', 'system', true);

-- Copy of admin's tenant.settings_changed snapshot (decision 21): the venue's time zone and
-- currency for dates, prices and the send hour. Same columns as bookings' and catalogue's copy
-- (the kit's storeSettingsSnapshot writes it).
CREATE TABLE tenant_settings (
  tenant_id               uuid PRIMARY KEY,
  version                 integer NOT NULL,
  timezone                text NOT NULL,
  date_format             text NOT NULL,
  time_format             text NOT NULL,
  currency                text NOT NULL,
  tax_type                text NOT NULL,
  tax_rate_percent        numeric(5, 2) NOT NULL,
  hold_expiry_hours       integer NOT NULL,
  setup_buffer_minutes    integer NOT NULL,
  packdown_buffer_minutes integer NOT NULL,
  snapshot                jsonb NOT NULL,
  published_at            timestamptz NOT NULL,
  received_at             timestamptz NOT NULL DEFAULT now()
);

-- One row per tenant comms has met: the automatic e-mail switches and schedule. Its insertion
-- is also the claim that seeds the tenant's default templates, once (templates/seed.ts).
CREATE TABLE comms_settings (
  tenant_id            uuid PRIMARY KEY,
  automatic            jsonb NOT NULL,
  reminder_days_before integer NOT NULL DEFAULT 2 CHECK (reminder_days_before BETWEEN 1 AND 30),
  send_hour            integer NOT NULL DEFAULT 9 CHECK (send_hour BETWEEN 0 AND 23),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE email_templates (
  tenant_id  uuid NOT NULL,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  type       text NOT NULL CHECK (type IN ('email', 'sms')),
  subject    text NOT NULL,
  body       text NOT NULL,
  is_active  boolean NOT NULL DEFAULT true,
  -- the automatic e-mail this template is (seeded), null for the tenant's own
  kind       text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX email_templates_kind_idx ON email_templates (tenant_id, kind) WHERE kind IS NOT NULL;
CREATE INDEX email_templates_list_idx ON email_templates (tenant_id, created_at, id);

-- Read copy of the tenant's bookings (booking.* events): recipients, their bookings, previews
-- with real values, reminders. The newest booking_updated_at wins.
CREATE TABLE booking_copies (
  tenant_id              uuid NOT NULL,
  booking_id             uuid NOT NULL,
  booking_code           text NOT NULL,
  customer_id            text,
  customer_name          text NOT NULL,
  customer_email         text NOT NULL,
  event_type             text NOT NULL,
  guest_count            integer,
  booking_date           date NOT NULL,
  start_time             text NOT NULL,
  end_time               text NOT NULL,
  resource_id            uuid NOT NULL,
  resource_name          text NOT NULL,
  status                 text NOT NULL,
  calculated_price_cents bigint,
  starts_at              timestamptz NOT NULL,
  hold_expires_at        timestamptz,
  booking_updated_at     timestamptz NOT NULL,
  received_at            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, booking_id)
);
-- a customer's bookings (lower-cased address, spec 02 §3.4) newest event first
CREATE INDEX booking_copies_customer_idx ON booking_copies (tenant_id, lower(customer_email), starts_at DESC);
-- the reminder and hold-expiring sweeps
CREATE INDEX booking_copies_status_idx ON booking_copies (tenant_id, status, starts_at);

-- The e-mail outbox and history: one row per message, delivered by the worker (mail/worker.ts).
-- status: pending → sending (claimed) → sent | failed; a stale claim goes back to the queue.
CREATE TABLE emails (
  tenant_id       uuid NOT NULL,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  -- stable across retries: <uuid@venuedesk>, so a resend after a crash is recognisably the same
  message_id      text NOT NULL,
  kind            text NOT NULL,
  -- once per booking and automatic kind (auto:<kind>:<booking>), null for sends by hand
  dedupe_key      text,
  booking_id      uuid,
  template_id     uuid,
  template_name   text,
  to_email        text NOT NULL,
  to_name         text NOT NULL DEFAULT '',
  subject         text NOT NULL,
  body_text       text NOT NULL,
  body_html       text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_at      timestamptz,
  claim_token     uuid,
  last_error      text,
  smtp_response   text,
  from_name       text,
  reply_to        text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX emails_message_id_idx ON emails (message_id);
CREATE UNIQUE INDEX emails_dedupe_idx ON emails (tenant_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
-- history, newest first, all statuses or one
CREATE INDEX emails_history_idx ON emails (tenant_id, created_at DESC, id DESC);
CREATE INDEX emails_status_idx ON emails (tenant_id, status, created_at DESC, id DESC);
-- the worker's queue across tenants (a system sweep, like the hold sweep): only live rows
CREATE INDEX emails_queue_idx ON emails (next_attempt_at) WHERE status IN ('pending', 'sending');

CREATE TABLE email_attachments (
  tenant_id    uuid NOT NULL,
  email_id     uuid NOT NULL,
  idx          integer NOT NULL,
  filename     text NOT NULL,
  content_type text NOT NULL,
  size         integer NOT NULL,
  data         bytea NOT NULL,
  PRIMARY KEY (tenant_id, email_id, idx),
  FOREIGN KEY (tenant_id, email_id) REFERENCES emails (tenant_id, id) ON DELETE CASCADE
);

-- Addresses whose mail came back permanently (SMTP 5xx), per tenant (issue 12 item 8).
CREATE TABLE bounces (
  tenant_id  uuid NOT NULL,
  email      text NOT NULL, -- lower-cased
  reason     text NOT NULL,
  email_id   uuid,
  bounced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, email)
);

-- The venue's business name and e-mail (admin's Payments → business details) for From and
-- Reply-To, fetched by the worker off the request path and kept here (decision 29).
CREATE TABLE tenant_senders (
  tenant_id      uuid PRIMARY KEY,
  business_name  text NOT NULL DEFAULT '',
  business_email text NOT NULL DEFAULT '',
  fetched_at     timestamptz NOT NULL DEFAULT now()
);

-- Mail preview: what the embedded SMTP server received (no SMTP_URL). tenant_id from the
-- X-VenueDesk-Tenant header comms writes on every message; the nil uuid when absent.
CREATE TABLE captured_mail (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  message_id  text NOT NULL,
  from_addr   text NOT NULL,
  reply_to    text,
  to_addr     text NOT NULL,
  subject     text NOT NULL,
  html        text,
  text_body   text,
  attachments jsonb NOT NULL DEFAULT '[]',
  raw         bytea NOT NULL,
  size        integer NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- a message re-sent after a crash (same Message-ID) is kept once
CREATE UNIQUE INDEX captured_mail_message_idx ON captured_mail (tenant_id, message_id);
CREATE INDEX captured_mail_list_idx ON captured_mail (tenant_id, received_at DESC, id DESC);

DO $$
DECLARE
  t text;
  expr constant text := $q$(SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenant_settings', 'comms_settings', 'email_templates', 'booking_copies', 'emails',
                           'email_attachments', 'bounces', 'tenant_senders', 'captured_mail']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (%s) WITH CHECK (%s)', t, expr, expr);
  END LOOP;
END $$;
