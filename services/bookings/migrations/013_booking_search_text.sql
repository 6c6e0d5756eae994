-- The booking lists' text search (`q`, issue 9) as one stored, lower-cased column, as the
-- customer directory's (decision 24). The search matched `lower()` of five columns per row, in
-- the page and again in page 1's count: ten lower() calls and five LIKEs over every row of the
-- tenant when the term is rare. Now each row costs one LIKE over text lower-cased once, when the
-- row was written. No index serves `LIKE '%…%'` under forced row-level security (pg_trgm's
-- operators are not leakproof), so the tenant's rows are still read through a tenant index;
-- decision 36 says how the count is kept cheap as well. Fields are joined by a newline, which a
-- search term cannot usefully span.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE bookings ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(customer_name) || E'\n' || lower(customer_email) || E'\n' || lower(booking_code) || E'\n' ||
  lower(resource_name) || E'\n' || lower(event_type)) STORED;
