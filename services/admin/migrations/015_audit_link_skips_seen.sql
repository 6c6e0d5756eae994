-- An audit event stored twice is skipped by the chain's own trigger (issue 27 item 1). The
-- consumer used to ask first whether the event was stored and then insert it: two trips to the
-- database per audit event, two of them in every invoice issue. Asking inside the trigger, after
-- the tenant's chain lock, is one statement, and it is also exact under concurrency: a second
-- transaction with the same event waits on the lock until the first commits, and then sees its
-- row. A skipped row (RETURN NULL) never reaches the chain head, which is why ON CONFLICT could
-- not do this job: the trigger runs before a conflict is found and would have advanced the head.
CREATE OR REPLACE FUNCTION audit_log_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_heads;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('venue.audit-chain.' || NEW.tenant_id::text));
  IF EXISTS (SELECT 1 FROM audit_log WHERE tenant_id = NEW.tenant_id AND event_id = NEW.event_id) THEN
    RETURN NULL;
  END IF;
  SELECT * INTO head FROM audit_chain_heads WHERE tenant_id = NEW.tenant_id;
  NEW.seq := coalesce(head.last_seq, 0) + 1;
  NEW.prev_hash := coalesce(head.last_hash, '');
  NEW.hash := audit_row_hash(NEW.prev_hash, NEW);
  INSERT INTO audit_chain_heads (tenant_id, last_seq, last_hash) VALUES (NEW.tenant_id, NEW.seq, NEW.hash)
    ON CONFLICT (tenant_id) DO UPDATE SET last_seq = EXCLUDED.last_seq, last_hash = EXCLUDED.last_hash;
  RETURN NEW;
END $$;
