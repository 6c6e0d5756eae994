-- Which version of each tenant's settings snapshot admin has published as
-- `tenant.settings_changed` (bookings and catalogue keep a copy of it, decision 9).
-- The row is bumped in the transaction of every settings write, so its lock orders concurrent
-- writes of one tenant and the version each publishes; a tenant without a row has never had
-- a snapshot published, which start-up fixes (settings/settings-events.ts).

SELECT set_config('app.scope', 'system', true);

CREATE TABLE settings_published (
  tenant_id    uuid PRIMARY KEY,
  version      integer NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE settings_published ENABLE ROW LEVEL SECURITY;
ALTER TABLE settings_published FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON settings_published
  USING (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
