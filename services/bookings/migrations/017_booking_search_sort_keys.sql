-- A searched list's page ordered off the trigram side table (issue 9; decision 50).
--
-- A search typed into Bookings › All ("patel", 409 of the tenant's 10,000 bookings) joined every
-- match to bookings (one index lookup and one wide row each) only to sort them by event date
-- and keep 26: on PGlite that was most of the difference between the list (4.4 ms of the
-- service's CPU a request) and the search (7.6 ms), whose p99 at 16 connections sat at the
-- 250 ms target. The side table now also holds the two orders the screens open with, Event
-- Date (starts_at) and Created (created_at), so such a page is sorted and cut among the side
-- table's narrow rows, which the trigram search reads anyway, and only its own rows are read
-- from bookings. The other sorts still join every match (their keys are expressions over
-- bookings' columns).
--
-- booking_search_ids(pattern) becomes booking_search_keys(pattern): the same rows of the same
-- tenant (app.tenant_id, never an argument), now with those two keys.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE booking_search ADD COLUMN starts_at timestamptz, ADD COLUMN created_at timestamptz;
UPDATE booking_search s SET starts_at = b.starts_at, created_at = b.created_at
  FROM bookings b WHERE b.tenant_id = s.tenant_id AND b.id = s.booking_id;
ALTER TABLE booking_search ALTER COLUMN starts_at SET NOT NULL, ALTER COLUMN created_at SET NOT NULL;

DROP TRIGGER booking_search_sync ON bookings;
DROP FUNCTION booking_search_ids(text);

DO $$ BEGIN
  -- As migration 014's, and a booking moved in time (or re-dated) moves its keys too. A change
  -- that keeps tenant and id updates the side row in place: with its search text unchanged the
  -- trigram index is not touched (a heap-only update), so a reschedule adds no GIN entry.
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION booking_search_sync() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = %I, public, pg_temp AS $b$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF NEW.tenant_id = OLD.tenant_id AND NEW.id = OLD.id THEN
          IF (NEW.search_text, NEW.starts_at, NEW.created_at)
             IS DISTINCT FROM (OLD.search_text, OLD.starts_at, OLD.created_at) THEN
            UPDATE booking_search
               SET search_text = NEW.search_text, starts_at = NEW.starts_at, created_at = NEW.created_at
             WHERE tenant_id = NEW.tenant_id AND booking_id = NEW.id;
          END IF;
          RETURN NEW;
        END IF;
      END IF;
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM booking_search WHERE tenant_id = OLD.tenant_id AND booking_id = OLD.id;
        IF TG_OP = 'DELETE' THEN
          RETURN OLD;
        END IF;
      END IF;
      INSERT INTO booking_search (tenant_id, booking_id, search_text, starts_at, created_at)
      VALUES (NEW.tenant_id, NEW.id, NEW.search_text, NEW.starts_at, NEW.created_at);
      RETURN NEW;
    END $b$
  $f$, current_schema());

  -- The calling tenant's bookings whose search text is LIKE `pattern`, with their Event Date and
  -- Created keys. Tenant, plan and search path as migration 014's booking_search_ids.
  EXECUTE format($f$
    CREATE FUNCTION booking_search_keys(pattern text)
    RETURNS TABLE (id uuid, starts_at timestamptz, created_at timestamptz)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 200
    SET search_path = %I, public, pg_temp SET plan_cache_mode = force_custom_plan AS $b$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY SELECT s.booking_id, s.starts_at, s.created_at FROM booking_search s
       WHERE s.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
         AND s.search_text LIKE pattern;
    END $b$
  $f$, current_schema());
END $$;

REVOKE ALL ON FUNCTION booking_search_sync() FROM PUBLIC;

CREATE TRIGGER booking_search_sync AFTER INSERT OR DELETE OR UPDATE OF tenant_id, id, customer_name,
  customer_email, booking_code, resource_name, event_type, starts_at, created_at ON bookings
  FOR EACH ROW EXECUTE FUNCTION booking_search_sync();
