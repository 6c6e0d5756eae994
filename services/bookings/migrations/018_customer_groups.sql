-- The customer directory's headline figures (total, VIP, at risk, the top segment) and its
-- filtered totals from a few stored counts per tenant (issue 9 item 3: "one row per customer
-- ... never by loading every booking"; decision 50's stored totals, for customers).
--
-- Every directory page grouped all of the tenant's customer rows to count them by segment, VIP
-- and not-for-profit: 2,360 rows a request at issue 9's scale, ~2 ms of the 7–8 ms the page cost
-- on PGlite, and the one part of it that read more the more customers there were. The counts per
-- (segment, vip, nfp) now live in customer_groups, kept by statement-level triggers on customers
-- in the writing transaction (one statement's rows counted once, as migration 015's totals): a
-- page reads at most 20 rows of it.
--
-- Signed changes go in one upsert per statement, groups in key order, so two transactions moving
-- customers between the same groups lock their rows in one order. No CHECK (n >= 0): PostgreSQL
-- checks an upsert's proposed row before it finds the conflict, and a group losing a customer is
-- proposed with a negative count; a group only loses customers it has, so it never goes below 0.

SELECT set_config('app.scope', 'system', true);

CREATE TABLE customer_groups (
  tenant_id uuid    NOT NULL,
  segment   text    NOT NULL,
  vip       boolean NOT NULL,
  nfp       boolean NOT NULL,           -- tier = 'nonprofit' (the directory's NFP tag)
  customers bigint  NOT NULL,
  PRIMARY KEY (tenant_id, segment, vip, nfp)
);
ALTER TABLE customer_groups ENABLE ROW LEVEL SECURITY;
ALTER TABLE customer_groups FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customer_groups
  USING ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK ((SELECT current_setting('app.scope', true) = 'system') OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));

INSERT INTO customer_groups (tenant_id, segment, vip, nfp, customers)
SELECT tenant_id, segment, vip, tier = 'nonprofit', count(*) FROM customers GROUP BY 1, 2, 3, 4;

CREATE FUNCTION customer_groups_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_groups AS g (tenant_id, segment, vip, nfp, customers)
  SELECT tenant_id, segment, vip, tier = 'nonprofit', count(*) FROM added GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, segment, vip, nfp) DO UPDATE SET customers = g.customers + excluded.customers;
  RETURN NULL;
END $$;

CREATE FUNCTION customer_groups_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_groups g SET customers = g.customers - r.n
    FROM (SELECT tenant_id, segment, vip, tier = 'nonprofit' AS nfp, count(*) AS n
            FROM removed GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4) r
   WHERE (g.tenant_id, g.segment, g.vip, g.nfp) = (r.tenant_id, r.segment, r.vip, r.nfp);
  RETURN NULL;
END $$;

-- Most updates (a booking refreshing its customer's figures) move nobody: nothing is written.
CREATE FUNCTION customer_groups_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_groups AS g (tenant_id, segment, vip, nfp, customers)
  SELECT tenant_id, segment, vip, nfp, sum(n)
    FROM (SELECT tenant_id, segment, vip, tier = 'nonprofit' AS nfp, 1 AS n FROM added
          UNION ALL
          SELECT tenant_id, segment, vip, tier = 'nonprofit', -1 FROM removed) moves
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, segment, vip, nfp) DO UPDATE SET customers = g.customers + excluded.customers;
  RETURN NULL;
END $$;

CREATE TRIGGER customer_groups_added AFTER INSERT ON customers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_groups_added();
CREATE TRIGGER customer_groups_removed AFTER DELETE ON customers
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION customer_groups_removed();
CREATE TRIGGER customer_groups_moved AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_groups_moved();
