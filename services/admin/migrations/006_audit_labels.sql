-- Audit entries keep a readable label of their target ("Booking HH-2027-0023 — Smith Wedding",
-- a person's name), fixed by the publishing service when the entry is written, so the Audit Log
-- shows it without looking each target up (it used to ask bookings per row, by code, and get 404s).
-- Entries from before have none and show the raw target.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE audit_log ADD COLUMN target_label text;

-- The label is part of what the hash chain protects. A row without one hashes exactly as before
-- (so every existing chain still verifies); a row with one appends its JSON string to the
-- canonical array's text, which ends in ']', so no two rows can share a hash input.
CREATE OR REPLACE FUNCTION audit_row_hash(p_prev text, r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(p_prev, '') || audit_canonical(
    r.tenant_id, r.seq, r.event_id, r.source, r.occurred_at, r.actor_id, r.actor_email, r.actor_role,
    r.action, r.target_type, r.target, r.ip_address, r.additional_info, r.changes)
    || CASE WHEN r.target_label IS NULL THEN '' ELSE to_jsonb(r.target_label)::text END, 'UTF8')), 'hex')
$$;
