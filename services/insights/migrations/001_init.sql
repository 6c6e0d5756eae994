-- insights: Dashboard figures and reports (the read side fed by other services' events).
-- No tenant tables yet. Every tenant table added here must carry tenant_id first in its
-- primary key and enable + force row-level security (see docs/platform-contract.md);
-- the service test checks this with assertTenantTablesHaveRls.
SELECT 1;
