-- The customer's door (issue 25, decision 56): requests from a venue's public booking page,
-- their e-mail verification, and the customer portal's view of bookings and documents.

SELECT set_config('app.scope', 'system', true);

-- The resource's opening hours per weekday, as the catalogue's resource.* events carry them
-- (`hours`): availability and the request checks read them from this copy. NULL on a copy made
-- before this migration until its next event (the request path then asks the catalogue).
ALTER TABLE resources ADD COLUMN hours jsonb;

-- What a booking made on the booking page keeps for staff: the answers to the venue's questions
-- (each with the question as it read), the hire agreement version accepted and when, and the
-- visitor's address. NULL on every other booking.
ALTER TABLE bookings ADD COLUMN online_answers jsonb;
ALTER TABLE bookings ADD COLUMN agreement_version integer;
ALTER TABLE bookings ADD COLUMN agreement_accepted_at timestamptz;
ALTER TABLE bookings ADD COLUMN client_address text;
ALTER TABLE bookings ADD COLUMN online_request_id uuid;

-- A request from an address not yet verified for the venue: nothing is held; the e-mailed link
-- (its token's SHA-256 only is kept) turns it into booking(s), once. `outcome` records what that
-- did (the bookings made, or the refusal), so a second click answers the same.
CREATE TABLE online_requests (
  tenant_id      uuid        NOT NULL,
  id             uuid        NOT NULL DEFAULT gen_random_uuid(),
  token_hash     text        NOT NULL,
  email          text        NOT NULL CHECK (email = lower(email)),
  payload        jsonb       NOT NULL,
  client_address text        NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  verified_at    timestamptz,
  outcome        jsonb,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, token_hash)
);
-- Unverified requests past their link's life are removed by address (anonymisation) and age.
CREATE INDEX online_requests_email_idx ON online_requests (tenant_id, email);

-- Addresses that opened a verification link of the venue: their next requests go straight in.
CREATE TABLE verified_emails (
  tenant_id   uuid        NOT NULL,
  email       text        NOT NULL CHECK (email = lower(email)),
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, email)
);

-- ID and insurance documents a customer uploads for a booking (decision 15: files in the
-- database, covered by row-level security and the tenant export like every other row).
CREATE TABLE booking_documents (
  tenant_id      uuid        NOT NULL,
  id             uuid        NOT NULL DEFAULT gen_random_uuid(),
  booking_id     uuid        NOT NULL,
  customer_email text        NOT NULL,
  kind           text        NOT NULL CHECK (kind IN ('id', 'insurance')),
  file_name      text        NOT NULL,
  content_type   text        NOT NULL,
  size_bytes     integer     NOT NULL CHECK (size_bytes > 0),
  data           bytea       NOT NULL,
  uploaded_at    timestamptz NOT NULL DEFAULT now(),
  verified_at    timestamptz,
  verified_by    text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX booking_documents_booking_idx ON booking_documents (tenant_id, booking_id, uploaded_at);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['online_requests', 'verified_emails', 'booking_documents'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
      WITH CHECK ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))$p$, t);
  END LOOP;
END $$;

-- The customer's second wall (decision 56, the kit's customerRowPolicy): in a customer
-- transaction (`app.customer_email` set) only that address's bookings and documents are rows at
-- all; staff, internal calls and sweeps leave the setting unset and see what the tenant policy
-- lets them. Restrictive, so it only ever takes rows away.
CREATE POLICY customer_rows ON bookings AS RESTRICTIVE FOR ALL
  USING ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')))
  WITH CHECK ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')));
CREATE POLICY customer_rows ON booking_documents AS RESTRICTIVE FOR ALL
  USING ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')))
  WITH CHECK ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')));

-- The portal's list: one customer's bookings of a tenant, by event date.
CREATE INDEX bookings_customer_email_idx ON bookings (tenant_id, lower(customer_email), starts_at);

-- Availability reads a resource's slots off the exclusion constraint's index (tenant, resource,
-- slot); block-outs waiting behind a booking hold no slot, so they are read on their own.
CREATE INDEX blockouts_unclaimed_idx ON blockouts (tenant_id, resource_id, starts_at) WHERE NOT claimed;

-- The side menu's count of requests waiting (pending bookings, and those from the website).
CREATE INDEX bookings_pending_source_idx ON bookings (tenant_id, booking_source) WHERE status = 'pending';
