-- The Audit Log list reads one page straight off an index in its order, newest or oldest first
-- (issue 9; src/audit/audit-routes.ts AUDIT_KEYS; docs/platform-contract.md "Paging").
--
-- Name order runs this file before 010 on a new database and after it on one migrated before
-- 008 existed, so it neither relies on nor drops what 010 creates: the tenant's list itself is
-- 010's audit_log_list_idx (tenant_id, occurred_at DESC, seq DESC).

-- A sub-user's own entries, and the User filter. Supersedes audit_log_actor_idx
-- (tenant_id, actor_id, occurred_at DESC), which left each page to be sorted by seq.
CREATE INDEX audit_log_actor_list_idx ON audit_log (tenant_id, actor_id, occurred_at DESC, seq DESC);
DROP INDEX IF EXISTS audit_log_actor_idx;

-- The Action filter: one action's entries in order, however rare the action is.
CREATE INDEX audit_log_action_idx ON audit_log (tenant_id, action, occurred_at DESC, seq DESC);

-- The super admin's list across tenants, whose chain sequences repeat: the tenant ends the key.
-- Supersedes audit_log_occurred_idx (occurred_at DESC).
CREATE INDEX audit_log_all_idx ON audit_log (occurred_at DESC, seq DESC, tenant_id DESC);
DROP INDEX IF EXISTS audit_log_occurred_idx;
