-- comms: E-mail templates, sending and e-mail history.
-- No tenant tables yet. Every tenant table added here must carry tenant_id first in its
-- primary key and enable + force row-level security (see docs/platform-contract.md);
-- the service test checks this with assertTenantTablesHaveRls.
SELECT 1;
