-- A version of each tenant's read model (issue 27 item 4, decision 73): it changes in the same
-- commit as any of the tenant's rows that the Dashboard and Reports read, so an answer worked
-- out at one version can be served again while the version stands (src/db/answers.ts).
--
-- The version is a fresh random uuid, not a counter: a counter starts again at 1 in a new or
-- restored database, and an answer kept from the old one would match it.
--
-- Written by triggers, so no writer can forget it (consumers, the rebuild, Resolve and Dismiss,
-- a test's own SQL). A row trigger notes the tenants a transaction touches; a deferred one
-- writes their versions once, at commit, in tenant order. Taking these row locks last and in
-- one order means two transactions of the same tenants (the relays deliver batches side by
-- side) wait for each other at commit and never deadlock. Upserts that change nothing (a repeat
-- or an older version of a fact) fire no trigger, so they leave the version as it was.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE read_versions (
  tenant_id uuid PRIMARY KEY,
  version   uuid NOT NULL DEFAULT gen_random_uuid()
);

ALTER TABLE read_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE read_versions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON read_versions
  USING ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system')
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));

-- The tenants touched so far, as a transaction-local setting ("uuid,uuid,"): rolled back with a
-- savepoint like the rows themselves. A setting holds text, hence tenant_id::text here; it is
-- no row predicate (nothing is looked up by it), and the version's upsert below casts each back
-- to uuid, so read_versions is written and read by its uuid primary key.
CREATE FUNCTION read_model_touched() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t text := CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id::text ELSE NEW.tenant_id::text END;
  seen text := coalesce(current_setting('venue.read_touched', true), '');
BEGIN
  IF strpos(seen, t) = 0 THEN
    PERFORM set_config('venue.read_touched', seen || t || ',', true);
  END IF;
  RETURN NULL;
END $$;

-- At commit: the first of the deferred calls writes every touched tenant's new version, in
-- tenant order, and clears the list; the rest find it empty.
CREATE FUNCTION read_model_versioned() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seen text := coalesce(current_setting('venue.read_touched', true), '');
BEGIN
  IF seen <> '' THEN
    PERFORM set_config('venue.read_touched', '', true);
    INSERT INTO read_versions (tenant_id)
      SELECT DISTINCT t::uuid FROM unnest(string_to_array(rtrim(seen, ','), ',')) AS t ORDER BY 1
      ON CONFLICT (tenant_id) DO UPDATE SET version = gen_random_uuid();
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenant_settings', 'resources', 'blockouts', 'bookings', 'invoices', 'payments',
                           'bonds', 'activity', 'alert_actions', 'credit_notes', 'quotations', 'failed_emails']
  LOOP
    EXECUTE format('CREATE TRIGGER read_model_touched AFTER INSERT OR UPDATE OR DELETE ON %I
                      FOR EACH ROW EXECUTE FUNCTION read_model_touched()', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER read_model_versioned AFTER INSERT OR UPDATE OR DELETE ON %I
                      DEFERRABLE INITIALLY DEFERRED
                      FOR EACH ROW EXECUTE FUNCTION read_model_versioned()', t);
  END LOOP;
END $$;
