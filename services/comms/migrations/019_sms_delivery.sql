-- SMS delivery receipts (issue 26 item 3, decision 61): the provider's status callback says, after
-- "sent" (accepted), whether the handset got the message. Kept beside the outbox status, which
-- stays 'sent': the worker's job ended when the provider accepted it.
ALTER TABLE emails ADD COLUMN delivery text CHECK (delivery IN ('delivered', 'undelivered'));
-- the provider's ErrorCode of an undelivered SMS (Twilio 30003 unreachable, 30005 unknown number…)
ALTER TABLE emails ADD COLUMN delivery_error text;
ALTER TABLE emails ADD COLUMN delivery_at timestamptz;
-- the callback finds the message by the provider's id, within the venue its token names
CREATE INDEX emails_provider_id_idx ON emails (tenant_id, provider_id) WHERE provider_id IS NOT NULL;
