-- Identity: accounts, refresh tokens, sign-in throttling, per-tenant settings.
--
-- `users` is the one table that is read across tenants by design (sign-in by e-mail, the
-- gateway's principal look-up, the super admin's account list), and e-mail must be unique
-- platform-wide, so its primary key is the user id alone. It still carries tenant_id and the
-- tenant policy, so an ordinary request only ever sees its own tenant's accounts; the
-- cross-tenant reads run in a system transaction.

CREATE TABLE users (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- own id for hall owners and super admins, the parent's for sub-users
  tenant_id       uuid NOT NULL,
  email           text NOT NULL CHECK (email = lower(email) AND email <> ''),
  password_hash   text NOT NULL,
  role            text NOT NULL CHECK (role IN ('super_admin', 'hall_owner', 'sub_user')),
  name            text,
  hall_name       text,
  contact_number  text,
  address_line1   text,
  address_line2   text,
  postcode        text,
  state           text,
  parent_user_id  uuid REFERENCES users (id),
  permissions     text[] NOT NULL DEFAULT '{}',
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  -- bumped on permission change, deactivation, deletion and password change; access tokens
  -- carry it as `pv` and stop working as soon as it moves
  token_version   integer NOT NULL DEFAULT 1,
  profile_picture text,
  -- deleted accounts are kept (audit trail, "account disabled" at sign-in) but free their e-mail
  deleted_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'sub_user') = (parent_user_id IS NOT NULL)),
  CHECK (role = 'sub_user' OR tenant_id = id)
);

-- one live account per e-mail, platform-wide
CREATE UNIQUE INDEX users_email_live_key ON users (email) WHERE deleted_at IS NULL;
CREATE INDEX users_email_idx ON users (email);
CREATE UNIQUE INDEX users_tenant_id_key ON users (tenant_id, id);
CREATE INDEX users_parent_idx ON users (tenant_id, parent_user_id) WHERE parent_user_id IS NOT NULL;

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON users
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

-- Refresh tokens: only a SHA-256 of the random token is stored. Tokens of one sign-in share
-- a family; presenting an already rotated token revokes the whole family (theft detection).
CREATE TABLE refresh_tokens (
  tenant_id   uuid NOT NULL,
  id          uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL,
  token_hash  text NOT NULL,
  family_id   uuid NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  replaced_by uuid,
  user_agent  text,
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
CREATE UNIQUE INDEX refresh_tokens_hash_key ON refresh_tokens (tenant_id, token_hash);
-- the cookie carries no tenant, so the refresh look-up is by hash alone
CREATE INDEX refresh_tokens_hash_idx ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (tenant_id, family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (tenant_id, user_id) WHERE revoked_at IS NULL;

ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE refresh_tokens FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON refresh_tokens
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));

-- Sign-in attempts, for throttling. Keyed by the e-mail as typed (lower-cased), not by user,
-- so unknown e-mails are throttled exactly like known ones. Not tenant data: only ever read
-- and written by the sign-in path in a system transaction.
CREATE TABLE login_attempts (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email   text NOT NULL,
  ip      text,
  at      timestamptz NOT NULL DEFAULT now(),
  success boolean NOT NULL
);
CREATE INDEX login_attempts_email_idx ON login_attempts (email, at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, at);

-- Formatting and tax settings belong to the tenant (a sub-user reads the parent's).
CREATE TABLE user_settings (
  tenant_id   uuid PRIMARY KEY,
  timezone    text NOT NULL DEFAULT 'Australia/Sydney',
  date_format text NOT NULL DEFAULT 'DD/MM/YYYY',
  time_format text NOT NULL DEFAULT '12h',
  currency    text NOT NULL DEFAULT 'AUD',
  tax_type    text NOT NULL DEFAULT 'Inclusive',
  tax_rate    numeric(5,2) NOT NULL DEFAULT 10 CHECK (tax_rate >= 0 AND tax_rate <= 100),
  updated_by  uuid,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE user_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_settings
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));
