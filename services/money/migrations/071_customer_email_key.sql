-- Issue 25 (decision 56): the portal's lists by a key the planner may use under row-level
-- security. `lower()` is not leakproof, so a query's own condition on lower(customer_email)
-- is never an index condition while the tenant and customer policies apply (it may only be
-- evaluated after them): migration 070's expression indexes served no portal query, and the
-- planner read the venue's whole table instead. A stored lower-cased copy compared with `=`
-- (texteq is leakproof) is an index condition.
SELECT set_config('app.scope', 'system', true);

ALTER TABLE invoices ADD COLUMN customer_email_key text GENERATED ALWAYS AS (lower(customer_email)) STORED;
ALTER TABLE quotations ADD COLUMN customer_email_key text GENERATED ALWAYS AS (lower(customer_email)) STORED;

CREATE INDEX invoices_customer_key_idx ON invoices (tenant_id, customer_email_key, created_at DESC);
CREATE INDEX quotations_customer_key_idx ON quotations (tenant_id, customer_email_key, created_at DESC);

-- They never served (see above); the release before this one does not read them either.
DROP INDEX invoices_customer_idx;
DROP INDEX quotations_customer_idx;
