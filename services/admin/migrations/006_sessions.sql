-- Sessions (decision 20). A session is one sign-in: its refresh tokens form a family whose id
-- is the session id, and every access token carries it as `sid`. A session ends for a reason
-- (signed out, refresh token replayed, password changed, account deactivated or deleted); the
-- gateway refuses that session's access tokens on their next request, and the refresh
-- endpoint and the login page say why.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE sessions (
  tenant_id  uuid NOT NULL,
  id         uuid NOT NULL,
  user_id    uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at   timestamptz,
  end_reason text CHECK (end_reason IN ('signed_out', 'replayed', 'password_changed', 'deactivated', 'deleted')),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL)),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
-- the principal look-up names the user and the session, not the tenant
CREATE UNIQUE INDEX sessions_id_key ON sessions (id);
CREATE INDEX sessions_live_user_idx ON sessions (tenant_id, user_id) WHERE ended_at IS NULL;

ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sessions
  USING (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));

-- Families issued before sessions existed become sessions: live while one of their tokens is.
INSERT INTO sessions (tenant_id, id, user_id, created_at, ended_at, end_reason)
SELECT tenant_id, family_id, (array_agg(user_id))[1], min(created_at),
       CASE WHEN bool_or(revoked_at IS NULL) THEN NULL ELSE max(revoked_at) END,
       CASE WHEN bool_or(revoked_at IS NULL) THEN NULL ELSE 'signed_out' END
  FROM refresh_tokens
 GROUP BY tenant_id, family_id;

-- A refresh token belongs to its session, and goes with it when housekeeping forgets the session.
ALTER TABLE refresh_tokens
  ADD CONSTRAINT refresh_tokens_session_fkey
  FOREIGN KEY (tenant_id, family_id) REFERENCES sessions (tenant_id, id) ON DELETE CASCADE;
