-- SMS (issue 26 item 3, decision 61): a second channel of the same outbox. An SMS is a row of
-- `emails` with channel 'sms': claimed, retried, deduplicated and listed in the history exactly
-- as an e-mail; the worker hands it to the SMS provider instead of the mail server.
ALTER TABLE emails ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'));
-- the E.164 number of an SMS (to_email stays '' for one)
ALTER TABLE emails ADD COLUMN to_phone text;
-- the provider's id of the accepted SMS (Twilio's sid), when it answered one
ALTER TABLE emails ADD COLUMN provider_id text;
-- parts the SMS travels in (GSM-7 160/153, UCS-2 70/67), counted when queued
ALTER TABLE emails ADD COLUMN segments integer;
-- Message History's channel filter
CREATE INDEX emails_channel_idx ON emails (tenant_id, channel, created_at DESC, id DESC);

-- The booking's customer phone (bookings stores and publishes it in E.164; '' when none). Copies
-- written before this column fill in with the booking's next event.
ALTER TABLE booking_copies ADD COLUMN customer_phone text NOT NULL DEFAULT '';

-- How each reminder reaches the customer: {"event_reminder": "email"|"sms"|"both", …}; a kind
-- missing is e-mail, as before.
ALTER TABLE comms_settings ADD COLUMN channels jsonb NOT NULL DEFAULT '{}';

-- Mail preview keeps captured SMS beside the e-mails (no SMS_URL), marked as such.
ALTER TABLE captured_mail ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'));

-- Numbers that replied STOP to the venue's SMS (the provider's inbound webhook), per venue. A row
-- present is opted out; UNSTOP deletes it.
CREATE TABLE sms_opt_outs (
  tenant_id    uuid NOT NULL,
  phone        text NOT NULL, -- E.164
  word         text NOT NULL, -- what they replied (STOP, UNSUBSCRIBE, …)
  opted_out_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, phone)
);

SELECT set_config('app.scope', 'system', true);
DO $$
DECLARE
  expr constant text := $q$(SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
BEGIN
  ALTER TABLE sms_opt_outs ENABLE ROW LEVEL SECURITY;
  ALTER TABLE sms_opt_outs FORCE ROW LEVEL SECURITY;
  EXECUTE format('CREATE POLICY tenant_isolation ON sms_opt_outs USING (%s) WITH CHECK (%s)', expr, expr);
END $$;

-- The two SMS templates (the same text as templates/defaults.ts) for venues met before, placed
-- after their other seeded templates; a venue's own of the kind stays.
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Event reminder (SMS)', 'sms', 'Event reminder (SMS)',
       '{{businessName}}: reminder, your {{eventType}} at {{hallName}} is on {{bookingDate}} at {{startTime}}. Ref {{bookingCode}}. Reply STOP to opt out.',
       'sms_event_reminder', c.created_at + interval '20 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
SELECT c.tenant_id, 'Payment reminder (SMS)', 'sms', 'Payment reminder (SMS)',
       '{{businessName}}: invoice {{invoiceNumber}} has {{amountDue}} due by {{dueDate}}. Details are in your e-mail. Reply STOP to opt out.',
       'sms_payment_reminder', c.created_at + interval '21 milliseconds', now()
  FROM comms_settings c
ON CONFLICT DO NOTHING;
