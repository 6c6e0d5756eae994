-- catalogue: Resources (halls, rooms, outdoor spaces), public holidays, block-outs, rate cards and add-ons.
-- No tenant tables yet. Every tenant table added here must carry tenant_id first in its
-- primary key and enable + force row-level security (see docs/platform-contract.md);
-- the service test checks this with assertTenantTablesHaveRls.
SELECT 1;
