-- Least privilege and index-friendly row-level security (docs/decisions/0019-database-roles.md).
-- Migrations run as the role that owns this schema. The service connects as an application
-- role that owns nothing; after each migration run the kit grants it, per table, the DML
-- privileges the owner keeps for itself (packages/service-kit/src/db/migrations.ts), and gives
-- the outbox and inbox their own row-level security.

-- Every tenant policy compares the typed column with the setting, cast once per statement
-- (decision 2), so an index leading with tenant_id can serve it; `tenant_id::text =
-- current_setting(…)` cast the column on every row and hid those indexes. The setting is ''
-- in the system scope, hence nullif before the cast. The system-scope escape stays where it
-- was. Rewrites each policy the earlier migrations wrote the old way, and stops at a variant
-- it does not recognise rather than guess.
-- No tenant policies yet; any written the old way before this migration are rewritten.
DO $$
DECLARE
  p record;
  typed constant text := $q$tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
  expr text;
BEGIN
  FOR p IN
    SELECT pol.polname, c.relname, pol.polcmd, pol.polpermissive, pol.polroles,
           pg_get_expr(pol.polqual, pol.polrelid) AS qual,
           pg_get_expr(pol.polwithcheck, pol.polrelid) AS check_expr
      FROM pg_policy pol
      JOIN pg_class c ON c.oid = pol.polrelid
     WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
       AND (pg_get_expr(pol.polqual, pol.polrelid) LIKE '%(tenant_id)::text = current_setting(%'
            OR pg_get_expr(pol.polwithcheck, pol.polrelid) LIKE '%(tenant_id)::text = current_setting(%')
  LOOP
    expr := CASE p.qual
      WHEN $q$((current_setting('app.scope'::text, true) = 'system'::text) OR ((tenant_id)::text = current_setting('app.tenant_id'::text, true)))$q$
        THEN $q$current_setting('app.scope', true) = 'system' OR $q$ || typed
      WHEN $q$((tenant_id)::text = current_setting('app.tenant_id'::text, true))$q$
        THEN typed
    END;
    IF expr IS NULL OR p.check_expr IS DISTINCT FROM p.qual OR p.polcmd <> '*' OR NOT p.polpermissive
       OR p.polroles <> '{0}'::oid[] THEN
      RAISE EXCEPTION 'policy % on % is not one this migration can rewrite: %', p.polname, p.relname, p.qual;
    END IF;
    EXECUTE format('DROP POLICY %I ON %I', p.polname, p.relname);
    EXECUTE format('CREATE POLICY %I ON %I USING (%s) WITH CHECK (%s)', p.polname, p.relname, expr, expr);
  END LOOP;
END $$;
