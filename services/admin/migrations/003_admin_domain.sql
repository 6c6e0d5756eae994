-- Admin domain (issue 3): per-tenant settings groups, profile pictures, and an append-only,
-- hash-chained audit log.

-- Migrations run without a tenant; the back-fill below must see every tenant's audit rows.
SELECT set_config('app.scope', 'system', true);

-- When the password last changed on the server, so the client's follow-up
-- log-password-change call does not record the same change twice.
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;

-- Settings groups of the Payment settings, Availability, Policies and Data & Privacy screens,
-- one JSON document per tenant and group. The service validates each group before writing
-- (zod schemas in src/settings/tenant-settings-schemas.ts); other services read them through
-- GET /internal/tenant-settings/:tenantId.
CREATE TABLE tenant_settings (
  tenant_id  uuid NOT NULL,
  section    text NOT NULL CHECK (section IN (
    'stripe_account', 'payment_methods', 'bank_details', 'invoice', 'business', 'terms',
    'availability', 'policies', 'privacy')),
  value      jsonb NOT NULL,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, section)
);

ALTER TABLE tenant_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenant_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenant_settings
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

-- Profile pictures live in the database (not on a replica's disk) so every replica serves
-- them. Only the re-encoded WebP is kept; the upload as sent is never stored.
CREATE TABLE profile_pictures (
  tenant_id  uuid NOT NULL,
  id         uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL,
  mime_type  text NOT NULL DEFAULT 'image/webp',
  data       bytea NOT NULL,
  width      integer NOT NULL,
  height     integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX profile_pictures_user_idx ON profile_pictures (tenant_id, user_id);

ALTER TABLE profile_pictures ENABLE ROW LEVEL SECURITY;
ALTER TABLE profile_pictures FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON profile_pictures
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

-- ── Audit hash chain ─────────────────────────────────────────────────────────────────────
-- Each tenant's entries form a chain: seq 1, 2, 3 … and
--   hash = sha256(prev_hash || canonical JSON of the row)
-- where the canonical JSON is `audit_canonical` below (a jsonb array, whose text form is
-- deterministic). Editing a row breaks its hash; removing one breaks the next row's prev_hash
-- or seq, and removing the newest is caught against audit_chain_heads.

ALTER TABLE audit_log ADD COLUMN seq bigint;
ALTER TABLE audit_log ADD COLUMN prev_hash text;
ALTER TABLE audit_log ADD COLUMN hash text;

CREATE FUNCTION audit_canonical(
  p_tenant uuid, p_seq bigint, p_event uuid, p_source text, p_at timestamptz, p_actor uuid,
  p_email text, p_role text, p_action text, p_target_type text, p_target text, p_ip text,
  p_info text, p_changes jsonb
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    p_tenant::text, p_seq, p_event::text, p_source,
    to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    p_actor::text, p_email, p_role, p_action, p_target_type, p_target, p_ip, p_info, p_changes
  )::text
$$;

CREATE FUNCTION audit_row_hash(p_prev text, r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(p_prev, '') || audit_canonical(
    r.tenant_id, r.seq, r.event_id, r.source, r.occurred_at, r.actor_id, r.actor_email, r.actor_role,
    r.action, r.target_type, r.target, r.ip_address, r.additional_info, r.changes), 'UTF8')), 'hex')
$$;

-- The newest link of each tenant's chain: catches removal of the newest rows.
CREATE TABLE audit_chain_heads (
  tenant_id uuid PRIMARY KEY,
  last_seq  bigint NOT NULL,
  last_hash text NOT NULL
);
ALTER TABLE audit_chain_heads ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_chain_heads FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_chain_heads
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

-- Chain the rows recorded before this migration, oldest first.
DO $$
DECLARE
  r audit_log;
  cur_tenant uuid := NULL;
  n bigint := 0;
  prev text := '';
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY tenant_id, occurred_at, id LOOP
    IF cur_tenant IS DISTINCT FROM r.tenant_id THEN
      IF cur_tenant IS NOT NULL THEN
        INSERT INTO audit_chain_heads VALUES (cur_tenant, n, prev);
      END IF;
      cur_tenant := r.tenant_id; n := 0; prev := '';
    END IF;
    n := n + 1;
    r.seq := n;
    UPDATE audit_log SET seq = n, prev_hash = prev, hash = audit_row_hash(prev, r)
     WHERE tenant_id = r.tenant_id AND id = r.id
     RETURNING hash INTO prev;
  END LOOP;
  IF cur_tenant IS NOT NULL THEN
    INSERT INTO audit_chain_heads VALUES (cur_tenant, n, prev);
  END IF;
END $$;

ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN prev_hash SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX audit_log_seq_key ON audit_log (tenant_id, seq);
CREATE INDEX audit_log_actor_idx ON audit_log (tenant_id, actor_id, occurred_at DESC);
CREATE INDEX audit_log_occurred_idx ON audit_log (occurred_at DESC);

-- Links each new row to its tenant's chain. The per-tenant advisory lock serialises
-- concurrent consumers (replicas), so two rows can never claim the same seq or prev_hash;
-- it is held until the inserting transaction ends.
CREATE FUNCTION audit_log_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_heads;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('venue.audit-chain.' || NEW.tenant_id::text));
  SELECT * INTO head FROM audit_chain_heads WHERE tenant_id = NEW.tenant_id;
  NEW.seq := coalesce(head.last_seq, 0) + 1;
  NEW.prev_hash := coalesce(head.last_hash, '');
  NEW.hash := audit_row_hash(NEW.prev_hash, NEW);
  INSERT INTO audit_chain_heads (tenant_id, last_seq, last_hash) VALUES (NEW.tenant_id, NEW.seq, NEW.hash)
    ON CONFLICT (tenant_id) DO UPDATE SET last_seq = EXCLUDED.last_seq, last_hash = EXCLUDED.last_hash;
  RETURN NEW;
END $$;

CREATE TRIGGER audit_log_link BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_link();

-- Append-only: the trigger refuses changes even from a role that has the privilege …
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- … and the application role (which owns the table) gives up the privileges themselves.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM CURRENT_USER;
