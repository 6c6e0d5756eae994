-- The customer directory from one row per customer (issue 9): the figures the directory shows,
-- kept on the customer's own row by every booking write (customer_summary_refresh, called in the
-- booking's transaction) and rescored per tenant by the `customer-rfm` job, so a list request
-- reads one page of customers by index instead of every booking of the tenant.
--
-- The rules are those of spec 02 §9 as src/customers/rfm.ts writes them (that file is the
-- reference the tests compare these functions with): cancelled bookings are left out of spend
-- and counts, the window is the 365 days before the venue's today, each score is 1-5 by the
-- ratio to the tenant's maximum, the segment follows the listed precedence.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE customers
  -- every figure below is derived from the customer's bookings; none is entered by anyone
  ADD COLUMN total_bookings       integer NOT NULL DEFAULT 0,  -- not cancelled
  ADD COLUMN cancelled_bookings   integer NOT NULL DEFAULT 0,
  ADD COLUMN lifetime_spend_cents bigint  NOT NULL DEFAULT 0,  -- not cancelled
  ADD COLUMN first_booking_date   date,                        -- any status
  ADD COLUMN last_booking_date    date,                        -- any status
  -- latest booking date not cancelled; '-infinity' when there is none
  ADD COLUMN last_active_date     date    NOT NULL DEFAULT '-infinity',
  -- the 12-month window as of figures_as_of (the venue's date when they were computed)
  ADD COLUMN frequency_12m        integer NOT NULL DEFAULT 0,
  ADD COLUMN monetary_12m_cents   bigint  NOT NULL DEFAULT 0,
  ADD COLUMN clv_cents            bigint  NOT NULL DEFAULT 0,
  ADD COLUMN vip                  boolean NOT NULL DEFAULT false,
  ADD COLUMN recency              smallint NOT NULL DEFAULT 1,
  ADD COLUMN frequency            smallint NOT NULL DEFAULT 1,
  ADD COLUMN monetary             smallint NOT NULL DEFAULT 1,
  ADD COLUMN segment              text    NOT NULL DEFAULT 'Lost',
  ADD COLUMN figures_as_of        date,
  -- when a booking write last refreshed this row (clock time, not the transaction's start): the
  -- job rescored the tenant when this is newer than its last run
  ADD COLUMN summary_at           timestamptz NOT NULL DEFAULT now(),
  -- Sort and search keys as plain stored columns. Under FORCE ROW LEVEL SECURITY the planner uses
  -- a condition as an index condition only when its operators and functions are leakproof:
  -- `lower(name) > $1` (lower is not) would be a filter, `name_key > $1` is an index condition.
  ADD COLUMN name_key             text GENERATED ALWAYS AS (lower(name)) STORED,
  ADD COLUMN rfm_sum              smallint GENERATED ALWAYS AS (recency + frequency + monetary) STORED,
  -- Last Active as a key that grows with the days since (days from it to 2100-01-01), "never"
  -- last: ascending is most recent first, as the screen's "days ago" column reads, and never
  -- null (keyset paging compares it in a row value)
  ADD COLUMN last_active_key      integer GENERATED ALWAYS AS (
    CASE WHEN last_active_date = '-infinity' THEN 2147483647
         ELSE DATE '2100-01-01' - last_active_date END) STORED,
  ADD COLUMN search_text          text GENERATED ALWAYS AS (
    lower(name) || E'\n' || lower(email) || E'\n' || lower(phone) || E'\n' || lower(id)) STORED;

-- One index per sort of the directory, each led by the tenant and ended by the id, so a page is
-- a range of one index read forwards or backwards (keyset: (key, id) > (last key, last id)).
DROP INDEX customers_name_idx;
CREATE INDEX customers_name_key_idx    ON customers (tenant_id, name_key, id);
CREATE INDEX customers_rfm_idx         ON customers (tenant_id, rfm_sum, id);
CREATE INDEX customers_clv_idx         ON customers (tenant_id, clv_cents, id);
CREATE INDEX customers_last_active_idx ON customers (tenant_id, last_active_key, id);
CREATE INDEX customers_bookings_idx    ON customers (tenant_id, total_bookings, id);
CREATE INDEX customers_spend_idx       ON customers (tenant_id, lifetime_spend_cents, id);
CREATE INDEX customers_segment_idx     ON customers (tenant_id, segment, vip);
CREATE INDEX customers_summary_at_idx  ON customers (tenant_id, summary_at);
-- Search: a substring (LIKE '%…%') of search_text. A trigram index cannot serve it for the
-- service's role: LIKE is not leakproof, so under row-level security PostgreSQL will not use it
-- as an index condition (checked with EXPLAIN on PostgreSQL 15); the search walks the tenant's
-- rows through the sort index instead, which is one row per customer, never their bookings.

-- The tenant's maxima the scores are relative to, from the job's last run (a booking write
-- scores its customer against these, or against its own figures when they are higher).
CREATE TABLE customer_rfm_state (
  tenant_id     uuid PRIMARY KEY,
  computed_for  date NOT NULL,          -- the venue's date the run used
  computed_at   timestamptz NOT NULL,   -- when the run started
  max_recency   integer NOT NULL,
  max_frequency integer NOT NULL,
  max_monetary  bigint NOT NULL
);
ALTER TABLE customer_rfm_state ENABLE ROW LEVEL SECURITY;
ALTER TABLE customer_rfm_state FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customer_rfm_state
  USING (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (current_setting('app.scope', true) = 'system'
         OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));

-- scoreByRatio: 1-5 by value / max (float8, as JavaScript divides) against 0.8, 0.6, 0.4, 0.2.
CREATE FUNCTION customer_rfm_score(v double precision, m double precision) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN m <= 0 OR v <= 0 THEN 1
    WHEN v / m >= 0.8::float8 THEN 5
    WHEN v / m >= 0.6::float8 THEN 4
    WHEN v / m >= 0.4::float8 THEN 3
    WHEN v / m >= 0.2::float8 THEN 2
    ELSE 1 END)::smallint
$$;

-- segmentOf: the spec's rules in their order of precedence, At-Risk when none matches.
CREATE FUNCTION customer_segment(r integer, f integer, m integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN r >= 4 AND f >= 4 AND m >= 4 THEN 'Champions'
    WHEN r >= 3 AND f >= 3 AND m >= 3 THEN 'Loyal'
    WHEN r >= 4 AND f <= 2 AND m >= 3 THEN 'New'
    WHEN r <= 2 AND f >= 3 AND m >= 3 THEN 'At-Risk'
    WHEN r <= 2 AND f <= 2 AND m <= 2 THEN 'Lost'
    ELSE 'At-Risk' END
$$;

-- The raw figures of the customers `p_ids` from their bookings,
-- on the venue's date `p_today`. recency_value is "days of the window still ahead of the last
-- booking" (0 without one), the quantity the recency score is relative to.
CREATE FUNCTION customer_figures(p_tenant uuid, p_ids text[], p_today date)
RETURNS TABLE (
  customer_id          text,
  total_bookings       integer,
  cancelled_bookings   integer,
  lifetime_spend_cents bigint,
  first_booking_date   date,
  last_booking_date    date,
  last_active_date     date,
  frequency_12m        integer,
  monetary_12m_cents   bigint,
  recency_value        integer
)
LANGUAGE sql STABLE AS $$
  SELECT g.id, g.total, g.cancelled, g.lifetime, g.first_date, g.last_date,
         coalesce(g.last_kept, '-infinity'),
         g.freq, g.mon,
         CASE WHEN g.last_kept IS NULL THEN 0
              ELSE greatest(0, 365 - greatest(0, p_today - g.last_kept)) END
    FROM (
      SELECT c.id,
             (count(*) FILTER (WHERE b.status <> 'cancelled'))::integer AS total,
             (count(*) FILTER (WHERE b.status = 'cancelled'))::integer AS cancelled,
             coalesce(sum(b.calculated_price_cents) FILTER (WHERE b.status <> 'cancelled'), 0)::bigint AS lifetime,
             min(b.booking_date) AS first_date,
             max(b.booking_date) AS last_date,
             max(b.booking_date) FILTER (WHERE b.status <> 'cancelled') AS last_kept,
             (count(*) FILTER (WHERE b.status <> 'cancelled' AND b.booking_date > p_today - 365))::integer AS freq,
             coalesce(sum(b.calculated_price_cents)
                        FILTER (WHERE b.status <> 'cancelled' AND b.booking_date > p_today - 365), 0)::bigint AS mon
        FROM customers c
        LEFT JOIN bookings b ON b.tenant_id = c.tenant_id AND b.customer_id = c.id
       WHERE c.tenant_id = p_tenant AND c.id = ANY (p_ids)
       GROUP BY c.id
    ) g
$$;

-- Recomputes the rows of `p_ids` from their bookings and scores
-- them against the tenant's stored maxima (or their own figures when higher). Returns how many
-- rows it wrote.
--
-- A booking write (p_job false) waits for the customers' row locks, in id order, before reading
-- their bookings in a later statement: whoever held a lock committed first, so under READ
-- COMMITTED that read includes their bookings, and two writers of one customer's bookings
-- cannot each miss the other's. It stamps summary_at so the job knows to rescore the tenant.
-- The job (p_job true) skips rows a booking transaction holds (that transaction refreshes them
-- itself and stamps them), so it never waits on a request nor deadlocks with one.
CREATE FUNCTION customer_summary_refresh(p_tenant uuid, p_ids text[], p_today date, p_job boolean)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  locked text[];
  written integer;
BEGIN
  IF p_job THEN
    SELECT coalesce(array_agg(l.id), '{}') INTO locked FROM (
      SELECT id FROM customers WHERE tenant_id = p_tenant AND id = ANY (p_ids)
       ORDER BY id FOR UPDATE SKIP LOCKED) l;
  ELSE
    SELECT coalesce(array_agg(l.id), '{}') INTO locked FROM (
      SELECT id FROM customers WHERE tenant_id = p_tenant AND id = ANY (p_ids)
       ORDER BY id FOR UPDATE) l;
  END IF;
  IF cardinality(locked) = 0 THEN
    RETURN 0;
  END IF;

  UPDATE customers c SET
      total_bookings       = x.total_bookings,
      cancelled_bookings   = x.cancelled_bookings,
      lifetime_spend_cents = x.lifetime_spend_cents,
      first_booking_date   = x.first_booking_date,
      last_booking_date    = x.last_booking_date,
      last_active_date     = x.last_active_date,
      frequency_12m        = x.frequency_12m,
      monetary_12m_cents   = x.monetary_12m_cents,
      -- CLV = average spend per booking × 12-month bookings × 2.5, rounded half up as
      -- Math.round does, in float8 as JavaScript computes it
      clv_cents            = CASE WHEN x.total_bookings = 0 THEN 0 ELSE floor(
                               x.lifetime_spend_cents::float8 / x.total_bookings * x.frequency_12m * 2.5::float8
                               + 0.5::float8)::bigint END,
      vip                  = x.lifetime_spend_cents > 200000 OR x.frequency_12m >= 5,
      recency              = x.r,
      frequency            = x.f,
      monetary             = x.m,
      segment              = customer_segment(x.r, x.f, x.m),
      figures_as_of        = p_today,
      summary_at           = CASE WHEN p_job THEN c.summary_at ELSE clock_timestamp() END
    FROM (
      SELECT f.*,
             customer_rfm_score(f.recency_value, greatest(coalesce(s.max_recency, 0), f.recency_value)) AS r,
             customer_rfm_score(f.frequency_12m, greatest(coalesce(s.max_frequency, 0), f.frequency_12m)) AS f,
             customer_rfm_score(f.monetary_12m_cents, greatest(coalesce(s.max_monetary, 0), f.monetary_12m_cents)) AS m
        FROM customer_figures(p_tenant, locked, p_today) f
        LEFT JOIN customer_rfm_state s ON s.tenant_id = p_tenant
    ) x
   WHERE c.tenant_id = p_tenant AND c.id = x.customer_id
     -- the job writes only rows whose figures moved (the same day's rerun writes few)
     AND (NOT p_job OR (c.total_bookings, c.cancelled_bookings, c.lifetime_spend_cents, c.first_booking_date,
                        c.last_booking_date, c.last_active_date, c.frequency_12m, c.monetary_12m_cents,
                        c.recency, c.frequency, c.monetary, c.figures_as_of)
                 IS DISTINCT FROM
                       (x.total_bookings, x.cancelled_bookings, x.lifetime_spend_cents, x.first_booking_date,
                        x.last_booking_date, x.last_active_date, x.frequency_12m, x.monetary_12m_cents,
                        x.r, x.f, x.m, p_today));
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END
$$;

-- The job's first step for a tenant: the maxima over all its customers on `p_today`, stored
-- before any row is rescored so booking writes during the run score against them too.
CREATE FUNCTION customer_rfm_restate(p_tenant uuid, p_today date) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO customer_rfm_state AS s
         (tenant_id, computed_for, computed_at, max_recency, max_frequency, max_monetary)
  SELECT p_tenant, p_today, clock_timestamp(),
         coalesce(max(f.recency_value), 0), coalesce(max(f.frequency_12m), 0),
         coalesce(max(f.monetary_12m_cents), 0)
    FROM customer_figures(p_tenant, ARRAY(SELECT id FROM customers WHERE tenant_id = p_tenant), p_today) f
  ON CONFLICT (tenant_id) DO UPDATE SET
         computed_for = EXCLUDED.computed_for, computed_at = EXCLUDED.computed_at,
         max_recency = EXCLUDED.max_recency, max_frequency = EXCLUDED.max_frequency,
         max_monetary = EXCLUDED.max_monetary
$$;

-- Backfill: every tenant with customers, on the venue's date where bookings has the tenant's
-- settings (UTC otherwise; the job recomputes on the venue's date once they arrive). The maxima
-- first, then the rows scored against them.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.tenant_id, (now() AT TIME ZONE coalesce(max(ts.timezone), 'UTC'))::date AS today
      FROM customers c LEFT JOIN tenant_settings ts ON ts.tenant_id = c.tenant_id
     GROUP BY c.tenant_id
  LOOP
    PERFORM customer_rfm_restate(t.tenant_id, t.today);
    PERFORM customer_summary_refresh(
      t.tenant_id, ARRAY(SELECT id FROM customers c WHERE c.tenant_id = t.tenant_id), t.today, true);
  END LOOP;
END
$$;
