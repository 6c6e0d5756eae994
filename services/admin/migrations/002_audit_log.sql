-- Audit trail of every service, fed by `audit.recorded` events (at least once; the event id
-- makes a repeat a no-op). Read by the Audit Log page (later).
CREATE TABLE audit_log (
  tenant_id       uuid NOT NULL,
  id              uuid NOT NULL DEFAULT gen_random_uuid(),
  event_id        uuid NOT NULL,
  source          text NOT NULL,
  occurred_at     timestamptz NOT NULL,
  actor_id        uuid,
  actor_email     text,
  actor_role      text,
  action          text NOT NULL,
  target_type     text NOT NULL,
  target          text,
  ip_address      text,
  additional_info text,
  changes         jsonb,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX audit_log_event_key ON audit_log (tenant_id, event_id);
CREATE INDEX audit_log_time_idx ON audit_log (tenant_id, occurred_at DESC);

ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_log
  USING (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id::text = current_setting('app.tenant_id', true));
