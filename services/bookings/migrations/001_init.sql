-- bookings: Bookings, holds, the calendar and customers.
-- The schema starts in 002_bookings.sql. Every tenant table carries tenant_id first in its
-- primary key and enables + forces row-level security (see docs/platform-contract.md);
-- the service test checks this with assertTenantTablesHaveRls.
SELECT 1;
