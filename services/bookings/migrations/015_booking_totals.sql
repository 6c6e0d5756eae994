-- Each tenant's number of bookings, kept in step by the booking writes themselves (issue 9
-- item 2: "count once, cheaply"). Bookings › All page 1 with no filter showed a total counted
-- on every request: an index-only read of 10,001 entries of a big tenant's list index (~2 ms
-- of PostgreSQL CPU a request, the biggest part of its database work). That total is now this
-- one row. Filtered lists (status tabs, searches, dates, …) still count their matches, capped
-- (decisions 26 and 36).
--
-- Statement-level triggers with transition tables: one upsert per tenant per statement (a bulk
-- insert of 10,000 rows adds 10,000 once), tenants in id order so two statements touching the
-- same tenants lock their rows in one order. The row lock it takes is held to commit, as the
-- booking code counter's (booking_counters) already is for every new booking of the tenant.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE booking_totals (
  tenant_id uuid PRIMARY KEY,
  bookings  bigint NOT NULL CHECK (bookings >= 0)
);
ALTER TABLE booking_totals ENABLE ROW LEVEL SECURITY;
ALTER TABLE booking_totals FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON booking_totals
  USING ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));

INSERT INTO booking_totals (tenant_id, bookings)
SELECT tenant_id, count(*) FROM bookings GROUP BY tenant_id;

CREATE FUNCTION booking_totals_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_totals AS t (tenant_id, bookings)
  SELECT tenant_id, count(*) FROM added GROUP BY tenant_id ORDER BY tenant_id
  ON CONFLICT (tenant_id) DO UPDATE SET bookings = t.bookings + excluded.bookings;
  RETURN NULL;
END $$;

CREATE FUNCTION booking_totals_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_totals t SET bookings = t.bookings - r.n
    FROM (SELECT tenant_id, count(*) AS n FROM removed GROUP BY tenant_id ORDER BY tenant_id) r
   WHERE t.tenant_id = r.tenant_id;
  RETURN NULL;
END $$;

CREATE TRIGGER booking_totals_added AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION booking_totals_added();
CREATE TRIGGER booking_totals_removed AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION booking_totals_removed();
