-- Issue 25 (decision 56): the customer's door. A venue's signed-in customer reads their own
-- invoices (with their payments' receipts and adjustment notes), opens the pay page, and reads,
-- accepts or declines the quotations sent to them, through /api/portal/… routes that run in the
-- kit's customer transaction (`app.customer_email` set, lower-cased).
--
-- The second wall: a RESTRICTIVE policy on each customer-facing table, beside the tenant policy
-- (the kit's `customerRowPolicy` form). With the setting unset or empty (staff, internal calls,
-- events, sweeps) it admits every row the tenant policy does; in a customer transaction only the
-- customer's rows are rows at all, so a portal query that forgot its condition still shows
-- nobody else's. Invoices and quotations carry the customer's address; payments, credit notes
-- and payment links reach a customer only through their invoice, so theirs asks for the invoice,
-- whose own policy then decides (an EXISTS under row-level security).
--
-- A customer's decline may say why, and an answer records who gave it (the customer in the
-- portal, or staff). Only adds: the release before it never writes these columns.
SELECT set_config('app.scope', 'system', true);

ALTER TABLE quotations ADD COLUMN decline_reason text;
-- 'customer:<address>' for an answer given in the portal, else the staff member's address.
ALTER TABLE quotations ADD COLUMN answered_by text;

-- The portal's lists: one customer's invoices and quotations of a tenant, newest first.
CREATE INDEX invoices_customer_idx ON invoices (tenant_id, lower(customer_email), created_at DESC);
CREATE INDEX quotations_customer_idx ON quotations (tenant_id, lower(customer_email), created_at DESC);

CREATE POLICY customer_rows ON invoices AS RESTRICTIVE FOR ALL
  USING ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')))
  WITH CHECK ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')));
CREATE POLICY customer_rows ON quotations AS RESTRICTIVE FOR ALL
  USING ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')))
  WITH CHECK ((SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR lower(customer_email) = (SELECT nullif(current_setting('app.customer_email', true), '')));

DO $$
DECLARE
  t text;
  expr constant text := $q$(SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR EXISTS (SELECT 1 FROM invoices i WHERE i.tenant_id = %1$I.tenant_id AND i.id = %1$I.invoice_id)$q$;
BEGIN
  FOREACH t IN ARRAY ARRAY['payments', 'credit_notes', 'payment_links']
  LOOP
    EXECUTE format('CREATE POLICY customer_rows ON %1$I AS RESTRICTIVE FOR ALL USING (' || expr || ') WITH CHECK (' || expr || ')', t);
  END LOOP;
END $$;
