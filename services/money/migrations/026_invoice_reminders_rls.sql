-- invoice_reminders (025) is a tenant table: its rows are behind row-level security like every
-- other (decision 26's policy form, as in 020), so the ladder's sweep sees one tenant at a time
-- and the application role cannot read another venue's reminder steps.
ALTER TABLE invoice_reminders ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_reminders FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_reminders
  USING ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
