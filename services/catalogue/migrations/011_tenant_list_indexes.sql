-- Indexes leading with tenant_id for the catalogue queries whose filter or order the primary and
-- unique keys do not serve (issue 9 item 1). Every query states `tenant_id = $n` as well as
-- row-level security (src/db/query.ts tenantIdOf), so each index is entered at one tenant;
-- src/explain.test.ts plans the requests on PostgreSQL with a big tenant seeded.
-- Already served, so left alone: rate cards by resource (UNIQUE (tenant_id, resource_id)),
-- holidays by year, date and name (UNIQUE (tenant_id, date, name)), block-outs of a resource
-- (blockout_resources_resource_idx) and the feed's busy times (booking_busy_resource_idx).

-- The Add-ons list, in its order (lower(name), id).
CREATE INDEX addons_list_idx ON addons (tenant_id, lower(name), id);

-- Deleting a holiday unlinks the days that substitute for it; few rows carry a link.
CREATE INDEX holidays_substitutes_idx ON holidays (tenant_id, substitutes) WHERE substitutes IS NOT NULL;

-- The Block-outs list, in its order (starts_at, id), and its date window (date_to >= from
-- bounds it: a calendar asks for a month among years of past block-outs).
CREATE INDEX blockouts_list_idx ON blockouts (tenant_id, starts_at, id);
CREATE INDEX blockouts_date_to_idx ON blockouts (tenant_id, date_to);
