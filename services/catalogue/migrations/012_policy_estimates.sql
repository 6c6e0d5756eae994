-- The catalogue's tenant policies test the system scope in a sub-select too (decision 26, as
-- bookings' and admin's 008): evaluated once per statement like the tenant's, and estimated by
-- the planner at one half instead of the 0.5 % of an equality it cannot see into. Multiplied
-- with the query's own `tenant_id = $1` (011), the old form had a tenant with 2,000 of 4,200
-- rate cards estimated at 100 rows and their join with the resources at 5 (measured with
-- EXPLAIN ANALYZE on PostgreSQL 2026-11-24). Same rows visible as before.
-- Rewrites each policy of this schema in the form 003, 004 and 010 left (the kit's own tables
-- keep theirs), and stops at a catalogue table whose policy is in another form rather than guess.
DO $$
DECLARE
  p record;
  old constant text := $q$((current_setting('app.scope'::text, true) = 'system'::text) OR (tenant_id = ( SELECT (NULLIF(current_setting('app.tenant_id'::text, true), ''::text))::uuid AS "nullif")))$q$;
  expr constant text := $q$(SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid)$q$;
BEGIN
  FOR p IN
    SELECT pol.polname, c.relname, pol.polcmd, pol.polpermissive, pol.polroles,
           pg_get_expr(pol.polqual, pol.polrelid) AS qual,
           pg_get_expr(pol.polwithcheck, pol.polrelid) AS check_expr
      FROM pg_policy pol
      JOIN pg_class c ON c.oid = pol.polrelid
     WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
       AND c.relname IN ('resources', 'pricing', 'addons', 'addon_seeds', 'holidays', 'blockouts',
                         'blockout_resources', 'tenant_settings', 'booking_busy')
  LOOP
    IF p.qual IS DISTINCT FROM old OR p.check_expr IS DISTINCT FROM old OR p.polcmd <> '*'
       OR NOT p.polpermissive OR p.polroles <> '{0}'::oid[] THEN
      RAISE EXCEPTION 'policy % on % is not one this migration can rewrite: %', p.polname, p.relname, p.qual;
    END IF;
    EXECUTE format('DROP POLICY %I ON %I', p.polname, p.relname);
    EXECUTE format('CREATE POLICY %I ON %I USING (%s) WITH CHECK (%s)', p.polname, p.relname, expr, expr);
  END LOOP;
END $$;
