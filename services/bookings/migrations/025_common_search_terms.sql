-- How many of the calling tenant's bookings a search term matches, counted no further than
-- `cap` + 1 (issue 27 item 4: a search's cost flat in its number of matches).
--
-- booking_search_keys() returns every match: PL/pgSQL's RETURN QUERY runs its query to the end
-- before the caller sees a row, so even `LIMIT n` around it read them all, and a searched page
-- counted them all (4,090 matches cost 9 ms where 409 cost 2). This one stops at `cap` + 1 rows,
-- so the list can tell a rare term (its matches sorted and cut off the trigram index, at most
-- `cap` of them) from a common one (the list's own index walked in its order, each row matched
-- as it is read, until the page is full: the rows read are about the page's length divided by
-- the share of bookings that match). Tenant, plan and search path as booking_search_keys'.

SELECT set_config('app.scope', 'system', true);

DO $$ BEGIN
  EXECUTE format($f$
    CREATE FUNCTION booking_search_count(pattern text, cap integer) RETURNS bigint
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path = %I, public, pg_temp SET plan_cache_mode = force_custom_plan AS $b$
    BEGIN
      RETURN (SELECT count(*) FROM (
        SELECT 1 FROM booking_search s
         WHERE s.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
           AND s.search_text LIKE pattern
         LIMIT cap + 1) capped);
    END $b$
  $f$, current_schema());
END $$;

-- A common term's page (more than the count's cap match): the tenant's bookings in the list's
-- Event Date or Created order, each matched as it is read, until `lim` rows after `skip`
-- (and after the cursor's key and id, when given) are found. The planner cannot know that a
-- term is common (it guesses a few matches for any LIKE '%…%'), and on that guess it would read
-- every booking of the tenant and sort them; this function's statement may neither sort nor
-- build a bitmap, so it walks bookings_list_start_idx or bookings_list_created_idx in order.
-- The orders and the cursor's bounds are the list's (list-query.ts SORTS: the key descending
-- with NULLS LAST and the id ascending, or the reverse of both), so one index serves both.
DO $$ BEGIN
  EXECUTE format($f$
    CREATE FUNCTION booking_search_walk(pattern text, by_created boolean, descending boolean,
                                        after_key timestamptz, after_id uuid, lim integer, skip integer)
    RETURNS TABLE (id uuid)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 26
    SET search_path = %I, public, pg_temp SET enable_sort = off SET enable_bitmapscan = off AS $b$
    DECLARE
      col text := CASE WHEN by_created THEN 'created_at' ELSE 'starts_at' END;
    BEGIN
      RETURN QUERY EXECUTE format(
        'SELECT b.id FROM bookings b
          WHERE b.tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid
            AND b.search_text LIKE $1 %%s
          ORDER BY b.%%I %%s, b.id %%s
          LIMIT $4 OFFSET $5',
        CASE WHEN after_id IS NULL THEN ''
             WHEN descending THEN format('AND b.%%1$I <= $2 AND (b.%%1$I < $2 OR b.id > $3)', col)
             ELSE format('AND b.%%1$I >= $2 AND (b.%%1$I > $2 OR b.id < $3)', col) END,
        col,
        CASE WHEN descending THEN 'DESC NULLS LAST' ELSE 'ASC NULLS FIRST' END,
        CASE WHEN descending THEN 'ASC' ELSE 'DESC' END)
      USING pattern, after_key, after_id, lim, skip;
    END $b$
  $f$, current_schema());
END $$;

-- A searched page's ids in Event Date or Created order with the number of matches (up to
-- `cap` + 1). The side table's matches are read once, no further than `cap` + 1 rows: for a rare
-- term (at most `cap`) they are counted, sorted and cut there (as migration 017's page was); for
-- a common one the page is walked off the list's index instead (booking_search_walk). Orders
-- and cursor bounds as booking_search_walk's, here written as one fixed statement (its plan
-- kept by PL/pgSQL) whose order and cursor follow the arguments: it sorts at most `cap` rows.
DO $$ BEGIN
  EXECUTE format($f$
    CREATE FUNCTION booking_search_page(pattern text, cap integer, by_created boolean, descending boolean,
                                        after_key timestamptz, after_id uuid, lim integer, skip integer)
    RETURNS TABLE (id uuid, matches bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 26
    SET search_path = %I, public, pg_temp SET plan_cache_mode = force_custom_plan AS $b$
    #variable_conflict use_column
    DECLARE
      n bigint;
      ids uuid[];
    BEGIN
      WITH m AS (
        SELECT s.booking_id AS b, CASE WHEN by_created THEN s.created_at ELSE s.starts_at END AS k
          FROM booking_search s
         WHERE s.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
           AND s.search_text LIKE pattern
         LIMIT cap + 1)
      SELECT (SELECT count(*) FROM m),
             ARRAY(SELECT m.b FROM m
                    WHERE after_id IS NULL
                       OR (descending AND (m.k < after_key OR (m.k = after_key AND m.b > after_id)))
                       OR (NOT descending AND (m.k > after_key OR (m.k = after_key AND m.b < after_id)))
                    ORDER BY CASE WHEN descending THEN m.k END DESC NULLS LAST,
                             CASE WHEN descending THEN m.b END ASC,
                             CASE WHEN NOT descending THEN m.k END ASC NULLS FIRST,
                             CASE WHEN NOT descending THEN m.b END DESC
                    LIMIT lim OFFSET skip)
        INTO n, ids;
      IF n > cap THEN
        RETURN QUERY SELECT w.id, n FROM booking_search_walk(pattern, by_created, descending, after_key, after_id, lim, skip) w;
      ELSE
        RETURN QUERY SELECT u.id, n FROM unnest(ids) WITH ORDINALITY AS u(id, k) ORDER BY u.k;
      END IF;
    END $b$
  $f$, current_schema());
END $$;
