-- Copy of each tenant's settings as admin publishes them (`tenant.settings_changed`, decision 9).
-- Bookings reads the venue's time zone, GST and hold length from here inside the request's
-- transaction and answers 503 for a tenant it has no row for, instead of guessing.
-- `version` is admin's per-tenant counter: a row is only replaced by a higher one, so events
-- arriving late or twice never undo a newer snapshot.

SELECT set_config('app.scope', 'system', true);

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
  -- the whole event data as received, for fields added later
  snapshot                jsonb NOT NULL,
  published_at            timestamptz NOT NULL,
  received_at             timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE tenant_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenant_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenant_settings
  USING (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
