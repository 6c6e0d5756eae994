-- Reports (spec 03 §2.10, issue 14 item 3) read the same copies as the Dashboard, plus the few
-- facts of the owners' events the Dashboard did not keep (src/reports/, decision 45):
-- - bookings: the customer's tier (Community/NFP segment), how and from which quotation the
--   booking was made (quotes accepted), its cancellation reason, its buffers (the heatmap's
--   buffer marker) and the furthest stage it reached (the funnel: a confirmed booking that was
--   cancelled still counts as confirmed). furthest_stage only grows: 0 request, 1 held,
--   2 confirmed, 3 completed.
-- - resources: their buffers (the heatmap's bufferMinutes).
-- - quotations: money's quotation.sent / quotation.declined (quotes sent → accepted).
-- Tenant first in every index, as every query states the tenant.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE bookings
  ADD COLUMN customer_tier           text NOT NULL DEFAULT 'standard',
  ADD COLUMN booking_source          text NOT NULL DEFAULT 'admin',
  ADD COLUMN quotation_id            text,
  ADD COLUMN cancellation_reason     text,
  ADD COLUMN setup_buffer_minutes    integer NOT NULL DEFAULT 0,
  ADD COLUMN packdown_buffer_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN furthest_stage          smallint NOT NULL DEFAULT 0;

-- Rows kept before this migration: the stage their status shows (a hold on record means held).
UPDATE bookings SET furthest_stage = CASE
    WHEN status = 'completed' THEN 3
    WHEN status = 'confirmed' THEN 2
    WHEN status IN ('tentative', 'expired') OR last_hold_expires_at IS NOT NULL THEN 1
    ELSE 0 END;

-- The funnel and the cohorts count bookings by when they were made.
CREATE INDEX bookings_created_idx ON bookings (tenant_id, created_at);
-- VIP customers and the cohorts group a tenant's bookings by customer.
CREATE INDEX bookings_customer_idx ON bookings (tenant_id, customer_id, starts_at);
-- Quotes accepted: the bookings made from a quotation.
CREATE INDEX bookings_quotation_idx ON bookings (tenant_id, quotation_id) WHERE quotation_id IS NOT NULL;
-- Deposit conversion counts the invoices issued in the period.
CREATE INDEX invoices_issue_idx ON invoices (tenant_id, issue_date);

ALTER TABLE resources
  ADD COLUMN setup_buffer_minutes    integer NOT NULL DEFAULT 0,
  ADD COLUMN packdown_buffer_minutes integer NOT NULL DEFAULT 0;

-- Money's quotations as their e-mail events describe them: sent (and when), declined.
CREATE TABLE quotations (
  tenant_id     uuid NOT NULL,
  id            uuid NOT NULL,
  status        text NOT NULL,
  total_cents   bigint NOT NULL,
  sent_at       timestamptz,
  declined_at   timestamptz,
  version_at    timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX quotations_sent_idx ON quotations (tenant_id, sent_at) WHERE sent_at IS NOT NULL;

ALTER TABLE quotations ENABLE ROW LEVEL SECURITY;
ALTER TABLE quotations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON quotations
  USING ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
