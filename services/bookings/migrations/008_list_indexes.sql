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
