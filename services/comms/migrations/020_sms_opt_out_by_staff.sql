-- Staff can mark a number opted out of SMS (the customer phoned or wrote to say stop) and opt it
-- back in (issue 26 item 3). The same row the STOP reply writes, so the one check that refuses
-- SMS to an opted-out number (sms.ts smsRefusal) covers both; `source` says which it was, and a
-- staff mark names who made it. Rows from before are replies.
ALTER TABLE sms_opt_outs ADD COLUMN source text NOT NULL DEFAULT 'reply' CHECK (source IN ('reply', 'staff'));
-- what the number replied; null for a staff mark
ALTER TABLE sms_opt_outs ALTER COLUMN word DROP NOT NULL;
-- the staff member (principal's user id and name or e-mail as it was then) of a staff mark
ALTER TABLE sms_opt_outs ADD COLUMN by_user_id text;
ALTER TABLE sms_opt_outs ADD COLUMN by_name text;
ALTER TABLE sms_opt_outs ADD CONSTRAINT sms_opt_outs_source_shape
  CHECK ((source = 'reply' AND word IS NOT NULL) OR (source = 'staff' AND by_name IS NOT NULL));
