-- Two partial indexes for the Dashboard's and Reports' busiest reads (issue 14 item 5).
--
-- Bookings overlapping a period: the start-time index bounds such a scan only from above (a
-- booking that began long before the period may still run into it), so every earlier booking of
-- the tenant was read. Reads now take the bookings that began at most a week before the period
-- through the start-time index, and the few longer ones through this index (db/query.ts
-- `overlapping`).
CREATE INDEX bookings_long_idx ON bookings (tenant_id, starts_at)
  WHERE ends_at - starts_at > interval '7 days';

-- What is owed (Payments Due KPI): issued invoices with a balance, by due date, with what the
-- KPI sums, so the read does not visit the paid ones.
CREATE INDEX invoices_owed_idx ON invoices (tenant_id, due_date) INCLUDE (issue_date, balance_cents)
  WHERE balance_cents > 0 AND status NOT IN ('DRAFT', 'VOID');
