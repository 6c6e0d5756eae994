-- A customer-facing tenant table for the kit's tests of visitors and customers (decision 56):
-- the tenant policy of every table, and the kit's restrictive customer policy (customerRowPolicy).
CREATE TABLE orders (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  customer_email text NOT NULL,
  label text NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
ALTER TABLE orders ENABLE ROW LEVEL SECURITY;
ALTER TABLE orders FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON orders
  USING (current_setting('app.scope', true) = 'system' OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (current_setting('app.scope', true) = 'system' OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
CREATE POLICY customer_rows ON orders AS RESTRICTIVE FOR ALL
  USING ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')))
  WITH CHECK ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')));
