-- Settings → Online bookings and the venue's customers (issue 25, decision 56).
--
-- online_bookings: one row per venue that ever saved the page (a venue without one reads the
-- defaults: off, no slug). The slug names the venue on its public page, so it is unique across
-- venues, and the gateway's look-up names the slug, not the tenant (as sessions_id_key names the
-- session). online_agreements keeps every version of the hire agreement and cancellation terms a
-- visitor could accept: a booking stores the version it accepted, and this says what it read.
--
-- customers, portal_links, customer_sessions, customer_refresh_tokens: the customer principal.
-- A customer is one venue and one e-mail (lower-cased). A link is stored as the SHA-256 of its
-- single-use token and spent by a conditional update; sessions last 30 days, their refresh
-- tokens rotate as staff ones do. The spending and refresh look-ups name the token only.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE online_bookings (
  tenant_id            uuid PRIMARY KEY,
  enabled              boolean NOT NULL DEFAULT false,
  slug                 text CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$'),
  resource_ids         uuid[] NOT NULL DEFAULT '{}',
  min_notice_hours     integer NOT NULL DEFAULT 24 CHECK (min_notice_hours BETWEEN 0 AND 8760),
  window_days          integer NOT NULL DEFAULT 365 CHECK (window_days BETWEEN 1 AND 1095),
  mode                 text NOT NULL DEFAULT 'request' CHECK (mode IN ('request', 'hold')),
  verify_email         boolean NOT NULL DEFAULT true,
  questions            jsonb NOT NULL DEFAULT '[]',
  agreement_version    integer NOT NULL DEFAULT 1 CHECK (agreement_version > 0),
  agreement_text       text NOT NULL DEFAULT '',
  cancellation_terms   text NOT NULL DEFAULT '',
  agreement_updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by           uuid,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT enabled OR slug IS NOT NULL),
  FOREIGN KEY (tenant_id) REFERENCES users (id)
);
CREATE UNIQUE INDEX online_bookings_slug_key ON online_bookings (slug);

CREATE TABLE online_agreements (
  tenant_id          uuid NOT NULL,
  version            integer NOT NULL CHECK (version > 0),
  text               text NOT NULL,
  cancellation_terms text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  created_by         uuid,
  PRIMARY KEY (tenant_id, version)
);

CREATE TABLE customers (
  tenant_id          uuid NOT NULL,
  id                 uuid NOT NULL DEFAULT gen_random_uuid(),
  email              text NOT NULL CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 320),
  created_at         timestamptz NOT NULL DEFAULT now(),
  last_signed_in_at  timestamptz,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX customers_email_key ON customers (tenant_id, email);

CREATE TABLE portal_links (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  email       text NOT NULL CHECK (email = lower(email)),
  token_hash  text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  ip          text,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX portal_links_token_key ON portal_links (token_hash);
-- the per-address limit counts an address's recent links
CREATE INDEX portal_links_recent_idx ON portal_links (tenant_id, email, created_at);

CREATE TABLE customer_sessions (
  tenant_id    uuid NOT NULL,
  id           uuid NOT NULL,
  customer_id  uuid NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz,
  end_reason   text CHECK (end_reason IN ('signed_out', 'replayed')),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL)),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX customer_sessions_id_key ON customer_sessions (id);

CREATE TABLE customer_refresh_tokens (
  tenant_id    uuid NOT NULL,
  id           uuid NOT NULL,
  session_id   uuid NOT NULL,
  token_hash   text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  replaced_by  uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, session_id) REFERENCES customer_sessions (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX customer_refresh_tokens_hash_key ON customer_refresh_tokens (token_hash);
CREATE INDEX customer_refresh_tokens_session_idx ON customer_refresh_tokens (tenant_id, session_id);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['online_bookings', 'online_agreements', 'customers', 'portal_links',
                           'customer_sessions', 'customer_refresh_tokens'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (current_setting('app.scope', true) = 'system'
             OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
      WITH CHECK (current_setting('app.scope', true) = 'system'
             OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))$p$, t);
  END LOOP;
END $$;
