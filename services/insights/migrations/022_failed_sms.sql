-- Alerts & Tasks tells a failed SMS from a failed e-mail (issue 26 item 3): comms publishes both
-- as `email.failed`, an SMS with its E.164 number where an e-mail has its address (comms
-- mail/worker.ts recordFailure). The channel is kept when the row is written, not read from the
-- address later, because a customer's erasure blanks the address and the alert must still say
-- "SMS". Rows written before this migration are told apart the same way (an address always
-- has an @, a number never).

SELECT set_config('app.scope', 'system', true);
ALTER TABLE failed_emails
  ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'));

UPDATE failed_emails SET channel = 'sms' WHERE to_email ~ '^\+[1-9][0-9]{6,14}$';
