-- API keys for a venue's other software (issue 10). A key acts for its tenant with the page
-- permissions it was given, like a staff member. Only a SHA-256 of the key is kept: the key
-- has 256 random bits, so a fast hash is enough (nothing to brute-force as with passwords).
-- The gateway finds a key by the public id written into it (`vd_live_<public id>_<secret>`).

SELECT set_config('app.scope', 'system', true);

CREATE TABLE api_keys (
  tenant_id    uuid NOT NULL,
  id           uuid NOT NULL DEFAULT gen_random_uuid(),
  public_id    text NOT NULL CHECK (public_id ~ '^[a-z2-7]{12}$'),
  key_hash     text NOT NULL CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  permissions  text[] NOT NULL,
  -- the hall owner who made it (always the tenant's owner today)
  created_by   uuid NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  -- written at most once a minute per key, when the gateway verifies it
  last_used_at timestamptz,
  -- revoked keys are kept (the audit log names them) but never listed or accepted again
  revoked_at   timestamptz,
  revoked_by   uuid,
  CHECK (expires_at > created_at),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
);
-- the gateway's look-up names the key, not the tenant (as sessions_id_key does for sessions)
CREATE UNIQUE INDEX api_keys_public_id_key ON api_keys (public_id);
CREATE INDEX api_keys_live_idx ON api_keys (tenant_id, created_at DESC) WHERE revoked_at IS NULL;

ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE api_keys FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON api_keys
  USING (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
