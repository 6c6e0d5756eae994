-- The customer policy of migration 021 as the planner can live with (issue 25, decision 56).
--
-- Written as `(no customer) OR lower(customer_email) = <the customer>`, it sat in every staff
-- query too, and the planner estimated the OR from its second half (one address among the
-- venue's): a staff list's page then looked a few rows big, and Bookings All, Requests,
-- Confirmed, Completed and Cancelled were read whole and sorted instead of off their indexes in
-- order (explain.test.ts on PostgreSQL). The same rule as a CASE is estimated as a plain boolean
-- (half the rows), which leaves the staff plans as they were; a customer's transaction still sees
-- only their rows, now by the stored key of migration 022.
SELECT set_config('app.scope', 'system', true);

DROP POLICY customer_rows ON bookings;
CREATE POLICY customer_rows ON bookings AS RESTRICTIVE FOR ALL
  USING (CASE WHEN (SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL THEN true
              ELSE customer_email_key = (SELECT nullif(current_setting('app.customer_email', true), '')) END)
  WITH CHECK (CASE WHEN (SELECT nullif(current_setting('app.customer_email', true), '')) IS NULL THEN true
              ELSE customer_email_key = (SELECT nullif(current_setting('app.customer_email', true), '')) END);
