-- E-mails comms gave up on (email.failed: bounced, or out of attempts), for the Dashboard's
-- Alerts & Tasks (the spec's `webhook` alert). Kept by the message's id, so a repeat changes
-- nothing; tenant first in the key and the index; row-level security forced as on every table.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE failed_emails (
  tenant_id   uuid NOT NULL,
  email_id    uuid NOT NULL,
  to_email    text NOT NULL,
  to_name     text NOT NULL,
  subject     text NOT NULL,
  reason      text NOT NULL,
  bounced     boolean NOT NULL,
  booking_id  uuid,
  failed_at   timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, email_id)
);
CREATE INDEX failed_emails_at_idx ON failed_emails (tenant_id, failed_at DESC);

ALTER TABLE failed_emails ENABLE ROW LEVEL SECURITY;
ALTER TABLE failed_emails FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON failed_emails
  USING ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
