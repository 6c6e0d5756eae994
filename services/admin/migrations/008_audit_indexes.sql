-- The Audit Log list reads one page straight off an index in its order, newest or oldest first
-- (issue 9; src/audit/audit-routes.ts AUDIT_KEYS; docs/platform-contract.md "Paging").
--
-- Name order runs this file before 010 on a new database and after it on one migrated before
-- 008 existed, so it neither relies on nor drops what 010 creates: the tenant's list itself is
-- 010's audit_log_list_idx (tenant_id, occurred_at DESC, seq DESC).

-- Tenant policies test the system scope in a sub-select too (decision 26): evaluated once per
-- statement like the tenant's, and estimated by the planner at one half rather than the 0.5 %
-- of an equality it cannot see into, which, multiplied with the query's own tenant condition,
-- had a big tenant's entries estimated at a few dozen rows, so every page past the first was
-- read in full and sorted instead of read in order off its index. Same rows visible as before.
-- Rewrites the typed form of 010 and, on a new database where this runs first, the text form
-- 010 would otherwise rewrite; a policy in any other form is left as it is.
DO $$
DECLARE
  p record;
  tenant constant text := $q$tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
  expr constant text := $q$(SELECT current_setting('app.scope', true) = 'system') OR $q$ || tenant;
BEGIN
  FOR p IN
    SELECT pol.polname, c.relname
      FROM pg_policy pol
      JOIN pg_class c ON c.oid = pol.polrelid
     WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
       AND c.relname NOT IN ('outbox', 'inbox', 'idempotency_keys') -- the kit's own
       AND pol.polcmd = '*' AND pol.polpermissive AND pol.polroles = '{0}'::oid[]
       AND pg_get_expr(pol.polqual, pol.polrelid) IS NOT DISTINCT FROM pg_get_expr(pol.polwithcheck, pol.polrelid)
       AND pg_get_expr(pol.polqual, pol.polrelid) IN (
         $q$((current_setting('app.scope'::text, true) = 'system'::text) OR ((tenant_id)::text = current_setting('app.tenant_id'::text, true)))$q$,
         $q$((current_setting('app.scope'::text, true) = 'system'::text) OR (tenant_id = ( SELECT (NULLIF(current_setting('app.tenant_id'::text, true), ''::text))::uuid AS "nullif")))$q$)
  LOOP
    EXECUTE format('DROP POLICY %I ON %I', p.polname, p.relname);
    EXECUTE format('CREATE POLICY %I ON %I USING (%s) WITH CHECK (%s)', p.polname, p.relname, expr, expr);
  END LOOP;
END $$;

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
