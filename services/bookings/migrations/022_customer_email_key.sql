-- Issue 25 (decision 56): the portal's list of a customer's bookings by a key the planner may
-- use under row-level security. `lower()` is not leakproof, so a query's own condition on
-- lower(customer_email) is only evaluated after the tenant and customer policies, never as an
-- index condition: migration 021's expression index served no portal query and the planner read
-- the venue's whole bookings. A stored lower-cased copy compared with `=` (texteq is leakproof)
-- is an index condition (money did the same in its migration 071).
SELECT set_config('app.scope', 'system', true);

ALTER TABLE bookings ADD COLUMN customer_email_key text GENERATED ALWAYS AS (lower(customer_email)) STORED;
CREATE INDEX bookings_customer_key_idx ON bookings (tenant_id, customer_email_key, starts_at);

-- It never served (see above); nothing reads it since this release.
DROP INDEX bookings_customer_email_idx;
