-- A booking write's customer refresh on a plan kept per connection (issue 27 item 1).
--
-- customer_summary_refresh's UPDATE (migration 024) was planned again on every call: with
-- plan_cache_mode auto, PL/pgSQL keeps choosing a custom plan, since the generic one is estimated
-- dearer. Every booking create, edit and status change refreshes its customer, so that planning
-- was about 1 ms of PostgreSQL CPU per write: one customer's refresh took 1.3-1.5 ms on a warm
-- connection and 0.33-0.40 ms with the generic plan (psql, 50 calls in one transaction,
-- 2026-12-02). The generic plan suits a few customers only: it joins the rows to their figures
-- by a nested loop, so for 1,359 customers (the job's chunks, the demo history) it took 211 ms
-- and grows with the square of them. A booking write refreshes one or two customers and calls
-- this; everything else keeps calling customer_summary_refresh, with custom plans.
CREATE FUNCTION customer_summary_refresh_few(p_tenant uuid, p_ids text[], p_today date)
RETURNS integer
LANGUAGE sql
SET plan_cache_mode = force_generic_plan
AS $$ SELECT customer_summary_refresh(p_tenant, p_ids, p_today, false) $$;
