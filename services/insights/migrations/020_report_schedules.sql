-- Scheduled report e-mails (spec 03 §2.10 Schedule Email, issue 14 item 4; src/report-exports/).
-- The one fact of its own insights keeps besides alert_actions: which reports a venue wants
-- e-mailed, to whom, how often and at which venue-local hour. The sweep claims a due row by
-- moving next_send_at forward in the same transaction that publishes report.email_requested,
-- conditional on the next_send_at it read, so two replicas sweeping at once send it once.
-- last_due_date is the venue's day of the last send: the once-per-period key comms dedupes on.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE report_schedules (
  tenant_id      uuid NOT NULL,
  id             uuid NOT NULL DEFAULT gen_random_uuid(),
  frequency      text NOT NULL CHECK (frequency IN ('weekly', 'monthly')),
  recipients     text[] NOT NULL CHECK (cardinality(recipients) BETWEEN 1 AND 20),
  send_hour      smallint NOT NULL CHECK (send_hour BETWEEN 0 AND 23),
  period         text NOT NULL CHECK (period IN ('30d', '90d', '180d', '1y')),
  segments       text[] NOT NULL,
  -- The venue's day the schedule counts from (its creation, or the day the frequency or hour
  -- last changed): a monthly report made on the 31st goes on the last day of shorter months.
  anchor_date    date NOT NULL,
  next_send_date date NOT NULL,
  next_send_at   timestamptz NOT NULL,
  last_due_date  date,
  last_sent_at   timestamptz,
  created_by     uuid,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- The sweep looks for due rows of every venue; the tenant's own list reads the primary key.
CREATE INDEX report_schedules_due_idx ON report_schedules (tenant_id, next_send_at);

ALTER TABLE report_schedules ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_schedules FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_schedules
  USING ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
