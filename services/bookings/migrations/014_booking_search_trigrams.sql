-- The booking lists' text search through a trigram index (issue 9; decision 50).
--
-- Under FORCE ROW LEVEL SECURITY only leakproof operators become index conditions, and neither
-- LIKE nor pg_trgm's operators are, so no index on bookings can serve `search_text LIKE
-- '%…%'` for the application role (decisions 24, 36): page 1's count read every row of the
-- tenant. The search text therefore also lives in a side table indexed by (tenant_id, trigrams
-- of search_text) (btree_gin + pg_trgm, provisioned by the superuser like btree_gist:
-- docs/compose/init-db.sql, the kit's PGlite bootstrap). Its row-level security is enabled with
-- no policy and not forced: every role but the owner sees no row, and the kit grants the
-- application role no privilege on a table no policy lets it into; the owner is not bound, so
-- its LIKE is an index condition (forced, even with an always-true policy for the owner alone,
-- the planner keeps the non-leakproof LIKE above the policy and reads every row of the tenant:
-- checked with EXPLAIN on PGlite). The
-- application reaches it only through booking_search_ids(), a SECURITY DEFINER function that
-- takes the tenant from the transaction's app.tenant_id setting, never from an argument, so a
-- caller can only ever learn ids of its own tenant's bookings. A trigger on bookings keeps the
-- table in step in the booking's own write transaction.

SELECT set_config('app.scope', 'system', true);

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     OR NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    RAISE EXCEPTION 'bookings migration 014 needs the pg_trgm and btree_gin extensions, created by a superuser (docs/compose/init-db.sql)';
  END IF;
END $$;

CREATE TABLE booking_search (
  tenant_id   uuid NOT NULL,
  booking_id  uuid NOT NULL,
  search_text text NOT NULL,
  PRIMARY KEY (tenant_id, booking_id)
);
-- The owner (the functions below, running as it) reads and writes every row; no other role any.
ALTER TABLE booking_search ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON booking_search FROM PUBLIC;

INSERT INTO booking_search (tenant_id, booking_id, search_text)
SELECT tenant_id, id, search_text FROM bookings;

-- The tenant's uuid as a GIN key (btree_gin) beside the trigrams, so a search reads the
-- intersection of its tenant's entry and the term's trigrams, whatever other tenants hold.
-- A pending list of at most 64 kB (the least allowed; default 4 MB): new entries are merged
-- into the index once it fills, not left for a vacuum (PGlite has no autovacuum) while every
-- search scans the whole list, which made the planner cost the index above reading the
-- tenant's rows. fastupdate off would avoid the list entirely but costs a bulk insert of
-- 10,000 bookings ~5 times as long on PGlite.
CREATE INDEX booking_search_trgm_idx ON booking_search USING gin (tenant_id, search_text gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);

DO $$ BEGIN
  -- search_path fixed to this schema (then public for pg_trgm, then pg_temp last) so nobody can
  -- put a look-alike table or operator in front of the owner's.
  EXECUTE format($f$
    CREATE FUNCTION booking_search_sync() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = %I, public, pg_temp AS $b$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM booking_search WHERE tenant_id = OLD.tenant_id AND booking_id = OLD.id;
        RETURN OLD;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        IF NEW.tenant_id = OLD.tenant_id AND NEW.id = OLD.id AND NEW.search_text = OLD.search_text THEN
          RETURN NEW;
        END IF;
        DELETE FROM booking_search WHERE tenant_id = OLD.tenant_id AND booking_id = OLD.id;
      END IF;
      INSERT INTO booking_search (tenant_id, booking_id, search_text)
      VALUES (NEW.tenant_id, NEW.id, NEW.search_text);
      RETURN NEW;
    END $b$
  $f$, current_schema());

  -- The ids of the calling tenant's bookings whose search text is LIKE `pattern`. The tenant is
  -- the transaction's app.tenant_id (unset or the system scope's '': no rows). PL/pgSQL with
  -- custom plans always, so the statement is planned with the pattern's own trigrams (a SQL
  -- function's statement would be planned blind to its argument).
  EXECUTE format($f$
    CREATE FUNCTION booking_search_ids(pattern text) RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 200
    SET search_path = %I, public, pg_temp SET plan_cache_mode = force_custom_plan AS $b$
    BEGIN
      RETURN QUERY SELECT s.booking_id FROM booking_search s
       WHERE s.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
         AND s.search_text LIKE pattern;
    END $b$
  $f$, current_schema());
END $$;

-- booking_search_ids keeps the default EXECUTE for every role: it answers only the caller's tenant.
REVOKE ALL ON FUNCTION booking_search_sync() FROM PUBLIC;

CREATE TRIGGER booking_search_sync AFTER INSERT OR DELETE OR UPDATE OF tenant_id, id, customer_name,
  customer_email, booking_code, resource_name, event_type ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_search_sync();
