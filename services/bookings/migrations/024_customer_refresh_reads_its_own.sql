-- A booking write's refresh reads its own customers only (issue 27 item 1).
--
-- Migration 005's UPDATE joined the customer rows to their figures on `c.id = x.customer_id`
-- alone, so the planner had to find the rows to write from the figures. Where it thought the
-- venue small (a tenant grown since the table was last analysed, and every new venue), it read
-- every customer of the venue and recomputed the figures subquery for each one: a venue of 169
-- customers cost 25 ms of PostgreSQL CPU per booking create (29,000 row visits), growing with the
-- square of its customers. Naming the locked ids on the written table too lets each side start
-- from them. Same function otherwise, written whole as CREATE OR REPLACE requires.
CREATE OR REPLACE FUNCTION customer_summary_refresh(p_tenant uuid, p_ids text[], p_today date, p_job boolean)
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
   WHERE c.tenant_id = p_tenant AND c.id = ANY (locked) AND c.id = x.customer_id
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
