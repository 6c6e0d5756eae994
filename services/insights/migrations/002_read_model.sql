-- The insights read model (decision 39): denormalised copies of other services' facts, kept
-- by idempotent consumers of their events (src/consumers/), read by the Dashboard's calls.
-- Nothing here is a fact of its own except alert_actions (what each user resolved or
-- dismissed). Every table is a tenant table: tenant_id first in its primary key and in every
-- index, row-level security forced, in the form of decision 26 (bookings migration 008).
-- A row is only replaced by a newer version of its fact: `version_at` is the owner's own
-- updatedAt where it publishes one, else the event's occurredAt, so late or repeated events
-- never undo a newer state, and replaying every event twice gives the same rows.

SELECT set_config('app.scope', 'system', true);

-- Admin's settings snapshot (tenant.settings_changed): the venue's time zone. Same columns as
-- the copies in bookings and catalogue (service-kit settings-copy.ts writes them).
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

-- The catalogue's resources (resource.*): names for the lists, status and opening hours for
-- occupancy. A deleted resource keeps its row (deleted = true) so a late event cannot revive it.
CREATE TABLE resources (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL,
  name        text NOT NULL,
  status      text NOT NULL,
  hours       jsonb,
  deleted     boolean NOT NULL DEFAULT false,
  version_at  timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

-- The catalogue's block-outs (blockout.*), one row per block-out with its resources.
CREATE TABLE blockouts (
  tenant_id     uuid NOT NULL,
  id            uuid NOT NULL,
  resource_ids  uuid[] NOT NULL,
  starts_at     timestamptz NOT NULL,
  ends_at       timestamptz NOT NULL,
  reason        text,
  deleted       boolean NOT NULL DEFAULT false,
  version_at    timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX blockouts_period_idx ON blockouts (tenant_id, starts_at);

-- Bookings (booking.created|updated|status_changed): the whole booking as the lists need it.
-- starts_at/ends_at are the event itself (buffers excluded: occupancy counts the hire only).
-- last_hold_expires_at keeps the hold's expiry after the booking leaves tentative, for the
-- previous-period figure of Holds Expiring.
CREATE TABLE bookings (
  tenant_id               uuid NOT NULL,
  id                      uuid NOT NULL,
  booking_code            text NOT NULL,
  customer_id             text,
  customer_name           text NOT NULL,
  customer_email          text NOT NULL,
  resource_id             uuid NOT NULL,
  resource_name           text NOT NULL,
  title                   text NOT NULL,
  status                  text NOT NULL,
  starts_at               timestamptz NOT NULL,
  ends_at                 timestamptz NOT NULL,
  hold_expires_at         timestamptz,
  last_hold_expires_at    timestamptz,
  cancelled_at            timestamptz,
  id_verified             boolean NOT NULL DEFAULT false,
  insurance_verified      boolean NOT NULL DEFAULT false,
  bond_required           boolean NOT NULL DEFAULT false,
  bond_cents              bigint NOT NULL DEFAULT 0,
  bond_paid               boolean NOT NULL DEFAULT false,
  total_cents             bigint NOT NULL DEFAULT 0,
  created_at              timestamptz NOT NULL,
  version_at              timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX bookings_start_idx ON bookings (tenant_id, starts_at);
CREATE INDEX bookings_status_start_idx ON bookings (tenant_id, status, starts_at);
CREATE INDEX bookings_hold_idx ON bookings (tenant_id, last_hold_expires_at) WHERE last_hold_expires_at IS NOT NULL;
CREATE INDEX bookings_cancelled_idx ON bookings (tenant_id, cancelled_at) WHERE cancelled_at IS NOT NULL;

-- Money's invoices (invoice.issued|status_changed, and the invoice part of payment.recorded).
CREATE TABLE invoices (
  tenant_id       uuid NOT NULL,
  id              uuid NOT NULL,
  invoice_number  text,
  type            text NOT NULL,
  status          text NOT NULL,
  booking_id      uuid,
  booking_code    text,
  customer_name   text NOT NULL,
  customer_email  text NOT NULL,
  issue_date      date,
  due_date        date NOT NULL,
  total_cents     bigint NOT NULL,
  paid_cents      bigint NOT NULL,
  credited_cents  bigint NOT NULL,
  balance_cents   bigint NOT NULL,
  version_at      timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX invoices_due_idx ON invoices (tenant_id, due_date);

-- Money's payments, refunds and reversals (payment.recorded): revenue by payment date.
CREATE TABLE payments (
  tenant_id     uuid NOT NULL,
  id            uuid NOT NULL,
  invoice_id    uuid NOT NULL,
  kind          text NOT NULL,
  amount_cents  bigint NOT NULL,
  method        text NOT NULL,
  processed_at  timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX payments_processed_idx ON payments (tenant_id, processed_at);

-- Bonds received (bond.*): a required bond stops being due once one is on record.
CREATE TABLE bonds (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL,
  booking_id  uuid NOT NULL,
  status      text NOT NULL,
  version_at  timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX bonds_booking_idx ON bonds (tenant_id, booking_id);

-- Audit entries (audit.recorded, from every service): Recent Activity.
CREATE TABLE activity (
  tenant_id     uuid NOT NULL,
  event_id      uuid NOT NULL,
  at            timestamptz NOT NULL,
  actor_id      text,
  actor_email   text,
  actor_role    text,
  action        text NOT NULL,
  target_type   text NOT NULL,
  target        text,
  target_label  text,
  PRIMARY KEY (tenant_id, event_id)
);
CREATE INDEX activity_at_idx ON activity (tenant_id, at DESC);

-- Resolve and Dismiss on Alerts & Tasks, per user (the one fact insights owns).
CREATE TABLE alert_actions (
  tenant_id  uuid NOT NULL,
  user_id    uuid NOT NULL,
  alert_key  text NOT NULL,
  action     text NOT NULL CHECK (action IN ('resolved', 'dismissed')),
  at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, alert_key)
);

DO $$
DECLARE
  t text;
  expr constant text := $q$(SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenant_settings', 'resources', 'blockouts', 'bookings', 'invoices', 'payments',
                           'bonds', 'activity', 'alert_actions']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (%s) WITH CHECK (%s)', t, expr, expr);
  END LOOP;
END $$;
