-- Lapsed holds are not spend (issue 24 item 7), in the rules migration 005 keeps in SQL and
-- src/customers/rfm.ts writes plainly (customer-summary.test.ts compares the two):
--
-- 1. A hold that lapsed (`expired`) counts like a cancelled booking (a declined request is one):
--    in no spend, booking count, Last Active, 12-month figure, CLV, score or VIP tag. A $900 hold
--    the customer let lapse made them neither a big spender nor a frequent one.
-- 2. The segment's default, At-Risk, is for a customer who has not come recently. A recent one
--    (recency 4 or 5, as the spec's New rule counts recent) that no listed rule matches is Loyal
--    when they come often (frequency >= 3) and New otherwise, so a customer active today with one
--    small booking is never "At-Risk".
--
-- Same signatures, so the release before this one runs against them unchanged (expand/contract);
-- every stored customer row is recomputed below.

SELECT set_config('app.scope', 'system', true);

CREATE OR REPLACE FUNCTION customer_segment(r integer, f integer, m integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN r >= 4 AND f >= 4 AND m >= 4 THEN 'Champions'
    WHEN r >= 3 AND f >= 3 AND m >= 3 THEN 'Loyal'
    WHEN r >= 4 AND f <= 2 AND m >= 3 THEN 'New'
    WHEN r <= 2 AND f >= 3 AND m >= 3 THEN 'At-Risk'
    WHEN r <= 2 AND f <= 2 AND m <= 2 THEN 'Lost'
    WHEN r >= 4 AND f >= 3 THEN 'Loyal'
    WHEN r >= 4 THEN 'New'
    ELSE 'At-Risk' END
$$;

-- As migration 005's, with "kept" meaning neither cancelled nor expired (LAPSED_STATUSES in
-- rfm.ts). cancelled_bookings still counts the cancelled ones only, as the detail's list shows.
CREATE OR REPLACE FUNCTION customer_figures(p_tenant uuid, p_ids text[], p_today date)
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
             (count(*) FILTER (WHERE k.kept))::integer AS total,
             (count(*) FILTER (WHERE b.status = 'cancelled'))::integer AS cancelled,
             coalesce(sum(b.calculated_price_cents) FILTER (WHERE k.kept), 0)::bigint AS lifetime,
             min(b.booking_date) AS first_date,
             max(b.booking_date) AS last_date,
             max(b.booking_date) FILTER (WHERE k.kept) AS last_kept,
             (count(*) FILTER (WHERE k.kept AND b.booking_date > p_today - 365))::integer AS freq,
             coalesce(sum(b.calculated_price_cents)
                        FILTER (WHERE k.kept AND b.booking_date > p_today - 365), 0)::bigint AS mon
        FROM customers c
        LEFT JOIN bookings b ON b.tenant_id = c.tenant_id AND b.customer_id = c.id
        -- a customer without bookings has one row of NULLs here: not kept
        CROSS JOIN LATERAL (SELECT b.status NOT IN ('cancelled', 'expired') AS kept) k
       WHERE c.tenant_id = p_tenant AND c.id = ANY (p_ids)
       GROUP BY c.id
    ) g
$$;

-- Every tenant's rows again, as migration 005's backfill: the maxima first (a lapsed hold may
-- have been a tenant's largest figure), then the rows scored against them, then the segments of
-- rows whose scores did not move (the refresh rewrites only rows whose figures did) under the
-- new default. The customer_groups triggers (migration 018) keep the counts in step.
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
    UPDATE customers c SET segment = customer_segment(c.recency, c.frequency, c.monetary)
     WHERE c.tenant_id = t.tenant_id
       AND c.segment IS DISTINCT FROM customer_segment(c.recency, c.frequency, c.monetary);
  END LOOP;
END
$$;
