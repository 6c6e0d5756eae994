-- Bookings domain (issue 5): replicated resources and block-outs, bookings, the slot table
-- that makes overlaps impossible, customers and queued customer e-mails.

SELECT set_config('app.scope', 'system', true);

-- Copy of the catalogue's resources (resource.* events, or a fetch from the catalogue's
-- internal endpoint when a resource is not known yet).
CREATE TABLE resources (
  tenant_id               uuid NOT NULL,
  id                      uuid NOT NULL,
  name                    text NOT NULL,
  capacity                integer NOT NULL DEFAULT 0,
  status                  text NOT NULL DEFAULT 'active',
  setup_buffer_minutes    integer NOT NULL DEFAULT 0,
  packdown_buffer_minutes integer NOT NULL DEFAULT 0,
  apply_buffers           boolean NOT NULL DEFAULT true,
  deleted                 boolean NOT NULL DEFAULT false,
  updated_at              timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

-- One counter row per tenant and year: bookingCode HH-2026-0042, gap-free (rolled back with
-- the booking that took it).
CREATE TABLE booking_counters (
  tenant_id uuid NOT NULL,
  year      integer NOT NULL,
  last      integer NOT NULL,
  PRIMARY KEY (tenant_id, year)
);

CREATE TABLE customers (
  tenant_id     uuid NOT NULL,
  id            text NOT NULL,              -- CUST-… (spec 02 §3.4)
  email_key     text NOT NULL,              -- lower(email): the customer's identity
  name          text NOT NULL,
  email         text NOT NULL,
  phone         text NOT NULL DEFAULT '',
  tier          text NOT NULL DEFAULT 'standard',
  notes         text NOT NULL DEFAULT '',
  anonymised_at timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, email_key)
);
CREATE INDEX customers_name_idx ON customers (tenant_id, lower(name));

CREATE TABLE bookings (
  tenant_id               uuid NOT NULL,
  id                      uuid NOT NULL DEFAULT gen_random_uuid(),
  booking_code            text NOT NULL,
  customer_id             text NOT NULL,
  customer_name           text NOT NULL,
  customer_email          text NOT NULL,
  customer_phone          text NOT NULL,
  event_type              text NOT NULL,
  guest_count             integer,
  booking_date            date NOT NULL,          -- venue-local
  start_time              text NOT NULL,          -- venue-local HH:mm
  end_time                text NOT NULL,
  resource_id             uuid NOT NULL,
  resource_name           text NOT NULL,
  status                  text NOT NULL CHECK (status IN ('pending','tentative','confirmed','completed','cancelled','expired')),
  estimated_price_cents   bigint,
  calculated_price_cents  bigint NOT NULL DEFAULT 0,
  price_details           jsonb NOT NULL DEFAULT '{}',
  add_ons                 jsonb NOT NULL DEFAULT '[]',
  additional_description  text NOT NULL DEFAULT '',
  notes                   text NOT NULL DEFAULT '',
  booking_source          text NOT NULL DEFAULT 'admin',
  quotation_id            text,
  priority                text NOT NULL DEFAULT 'normal',
  customer_tier           text NOT NULL DEFAULT 'standard',
  bond_required           boolean NOT NULL DEFAULT false,
  bond_cents              bigint NOT NULL DEFAULT 0,
  bond_paid               boolean NOT NULL DEFAULT false,
  docs                    jsonb NOT NULL DEFAULT '{"idVerified":false,"insuranceVerified":false}',
  hold_expires_at         timestamptz,
  setup_buffer_minutes    integer NOT NULL DEFAULT 0,
  packdown_buffer_minutes integer NOT NULL DEFAULT 0,
  starts_at               timestamptz NOT NULL,   -- the event itself, as an instant
  ends_at                 timestamptz NOT NULL,
  slot                    tstzrange NOT NULL,     -- the event plus buffers: what it blocks
  payment_details         jsonb,
  cancelled_at            timestamptz,
  cancellation_reason     text,
  change_request          jsonb,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, booking_code)
);
CREATE INDEX bookings_date_idx ON bookings (tenant_id, booking_date, start_time);
CREATE INDEX bookings_status_idx ON bookings (tenant_id, status, booking_date);
CREATE INDEX bookings_customer_idx ON bookings (tenant_id, customer_id);
CREATE INDEX bookings_created_idx ON bookings (tenant_id, created_at);
CREATE INDEX bookings_hold_idx ON bookings (tenant_id, hold_expires_at) WHERE status = 'tentative';

-- Block-outs replicated from the catalogue (blockout.* events), one row per resource.
-- claimed = it holds its slot in resource_slots; false = it was created over a booking that
-- already held the time (kept as an alert, see README), retried when that booking lets go.
CREATE TABLE blockouts (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL,
  resource_id uuid NOT NULL,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  reason      text NOT NULL DEFAULT '',
  claimed     boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id, resource_id)
);
CREATE INDEX blockouts_range_idx ON blockouts (tenant_id, resource_id, starts_at);

-- The guarantee: every blocking booking (pending, tentative, confirmed) and every claimed
-- block-out owns one row here, and no two rows of a resource overlap.
CREATE TABLE resource_slots (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  resource_id uuid NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('booking', 'blockout')),
  booking_id  uuid,
  blockout_id uuid,
  slot        tstzrange NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, booking_id),
  UNIQUE (tenant_id, blockout_id, resource_id),
  CONSTRAINT resource_slots_no_overlap
    EXCLUDE USING gist (tenant_id WITH =, resource_id WITH =, slot WITH &&)
);

-- Customer e-mails (decline, request changes) kept until the comms service delivers them.
CREATE TABLE customer_emails (
  tenant_id  uuid NOT NULL,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  booking_id uuid,
  kind       text NOT NULL,
  to_email   text NOT NULL,
  to_name    text NOT NULL DEFAULT '',
  subject    text NOT NULL,
  body       text NOT NULL,
  status     text NOT NULL DEFAULT 'queued',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX customer_emails_created_idx ON customer_emails (tenant_id, created_at);

ALTER TABLE resources ENABLE ROW LEVEL SECURITY;
ALTER TABLE resources FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON resources
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

ALTER TABLE booking_counters ENABLE ROW LEVEL SECURITY;
ALTER TABLE booking_counters FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON booking_counters
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

ALTER TABLE customers ENABLE ROW LEVEL SECURITY;
ALTER TABLE customers FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customers
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

ALTER TABLE bookings ENABLE ROW LEVEL SECURITY;
ALTER TABLE bookings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON bookings
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

ALTER TABLE blockouts ENABLE ROW LEVEL SECURITY;
ALTER TABLE blockouts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blockouts
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

ALTER TABLE resource_slots ENABLE ROW LEVEL SECURITY;
ALTER TABLE resource_slots FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON resource_slots
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

ALTER TABLE customer_emails ENABLE ROW LEVEL SECURITY;
ALTER TABLE customer_emails FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customer_emails
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));
