-- Issue 25 (decision 56): the customer policies of payments, credit notes and payment links
-- (migration 070) asked for their invoice with a plain EXISTS, which the planner may turn into a
-- hashed sub-plan: a scan of the venue's whole invoices table planned into every statement on
-- those tables, staff ones included (money's explain test saw `Seq Scan on invoices` under the
-- payments list's count). `OFFSET 0` keeps the EXISTS a per-row look-up by the invoice's key;
-- outside a customer transaction the first half of the OR is true and it never runs at all.
SELECT set_config('app.scope', 'system', true);

DO $$
DECLARE
  t text;
  expr constant text := $q$(SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL OR EXISTS (SELECT 1 FROM invoices i WHERE i.tenant_id = %1$I.tenant_id AND i.id = %1$I.invoice_id OFFSET 0)$q$;
BEGIN
  FOREACH t IN ARRAY ARRAY['payments', 'credit_notes', 'payment_links']
  LOOP
    EXECUTE format('DROP POLICY customer_rows ON %1$I', t);
    EXECUTE format('CREATE POLICY customer_rows ON %1$I AS RESTRICTIVE FOR ALL USING (' || expr || ') WITH CHECK (' || expr || ')', t);
  END LOOP;
END $$;
