-- The booking lists read one page of one tenant straight off an index in their order (issue 9;
-- docs/platform-contract.md "Paging"; src/bookings/list-query.ts names which sort uses which).
--
-- Name order runs this file before 010 on a new database and after it on one migrated before
-- 008 existed, so it neither relies on nor drops what 010 creates. From 010 the lists use:
--   bookings_list_created_idx (tenant_id, created_at DESC NULLS LAST, id)  default order
--   bookings_list_start_idx   (tenant_id, starts_at DESC NULLS LAST, id)   Event Date (All),
--                              the quick search and the calendar month without a resource
-- A list's id runs against its order (ascending in the index), so each index serves a list
-- and its reverse by reading it forwards or backwards.

-- Tenant policies test the system scope in a sub-select too (decision 26): evaluated once per
-- statement like the tenant's, and estimated by the planner at one half rather than the 0.5 %
-- of an equality it cannot see into, which, multiplied with the query's own tenant condition,
-- had a big tenant's bookings estimated at a few dozen rows, so every page past the first was
-- read in full and sorted instead of read in order off its index. Same rows visible as before.
-- Rewrites the typed form of 010 and, on a new database where this runs first, the text form
-- 010 would otherwise rewrite; a policy in any other form is left as it is.
DO $$
DECLARE
  p record;
  tenant constant text := $q$tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
  expr constant text := $q$(SELECT current_setting('app.scope', true) = 'system') OR $q$ || tenant;
BEGIN
  FOR p IN
    SELECT pol.polname, c.relname
      FROM pg_policy pol
      JOIN pg_class c ON c.oid = pol.polrelid
     WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
       AND c.relname NOT IN ('outbox', 'inbox', 'idempotency_keys') -- the kit's own
       AND pol.polcmd = '*' AND pol.polpermissive AND pol.polroles = '{0}'::oid[]
       AND pg_get_expr(pol.polqual, pol.polrelid) IS NOT DISTINCT FROM pg_get_expr(pol.polwithcheck, pol.polrelid)
       AND pg_get_expr(pol.polqual, pol.polrelid) IN (
         $q$((current_setting('app.scope'::text, true) = 'system'::text) OR ((tenant_id)::text = current_setting('app.tenant_id'::text, true)))$q$,
         $q$((current_setting('app.scope'::text, true) = 'system'::text) OR (tenant_id = ( SELECT (NULLIF(current_setting('app.tenant_id'::text, true), ''::text))::uuid AS "nullif")))$q$)
  LOOP
    EXECUTE format('DROP POLICY %I ON %I', p.polname, p.relname);
    EXECUTE format('CREATE POLICY %I ON %I USING (%s) WITH CHECK (%s)', p.polname, p.relname, expr, expr);
  END LOOP;
END $$;

-- Pending Review, Requests, Confirmed and Completed (one status, by event date either way), and
-- the Status column's sort (status, then event date). Supersedes bookings_status_idx
-- (tenant_id, status, booking_date), which gave a status's rows in no list's order.
CREATE INDEX bookings_list_status_idx ON bookings (tenant_id, status DESC NULLS LAST, starts_at DESC NULLS LAST, id);
DROP INDEX IF EXISTS bookings_status_idx;

-- Cancelled, by Cancelled At either way. The key is a CASE rather than COALESCE so that the
-- cursor's bound stays an index condition under row-level security (CASE calls no function;
-- COALESCE counts as not leakproof): the list query orders by exactly this expression.
CREATE INDEX bookings_list_cancelled_idx ON bookings (
  tenant_id,
  status DESC NULLS LAST,
  (CASE WHEN cancelled_at IS NULL THEN '-infinity'::timestamptz ELSE cancelled_at END) DESC NULLS LAST,
  id
);

-- The calendar month of one resource (src/calendar/calendar-routes.ts): that resource's bookings
-- by start, a range read.
CREATE INDEX bookings_calendar_resource_idx ON bookings (tenant_id, resource_id, starts_at);
