-- A throwaway tenant table for the kit's own tests, following the platform's RLS pattern.
CREATE TABLE widgets (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  qty bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
ALTER TABLE widgets ENABLE ROW LEVEL SECURITY;
ALTER TABLE widgets FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON widgets
  USING (current_setting('app.scope', true) = 'system' OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
