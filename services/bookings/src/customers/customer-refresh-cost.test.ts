/**
 * A booking write refreshes its customer's stored figures (customer_summary_refresh) by reading
 * that customer's rows, not the venue's. On tables never analysed (PGlite has no autovacuum) the
 * planner took a venue for a row or two and read every customer of it, once per customer before
 * migration 024: 25 ms of PostgreSQL CPU per booking create at 169 customers. The kit's
 * statistics job (service-kit db/statistics.ts) analyses them; then the figures of one customer
 * are read by its key, in the plan a pooled connection keeps (generic), on both engines.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useHarness } from '../testing/harness.ts';

const TENANT = '7d000000-0000-4000-8000-00000000000d';
const CUSTOMERS = 1500;
const TODAY = '2026-06-01';

interface Plan {
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: Plan[];
}
const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

describe('customer figures refresh', () => {
  const h = useHarness();
  it("reads one customer's figures by its key once the statistics job has run", async () => {
    await h.t.kit.db.systemTx(async (tx) => {
      await tx.query(
        `INSERT INTO customers (tenant_id, id, email_key, name, email, phone, tier)
         SELECT $1::uuid, 'CUST-R' || lpad(g::text, 5, '0'), 'r' || g || '@refresh.example.com', 'Refresh ' || g,
                'r' || g || '@refresh.example.com', '', 'standard'
           FROM generate_series(1, ${CUSTOMERS}) g`,
        [TENANT],
      );
      await tx.query(
        `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
                               event_type, booking_date, start_time, end_time, resource_id, resource_name, status,
                               calculated_price_cents, starts_at, ends_at, slot)
         SELECT $1::uuid, 'HH-R-' || g || '-' || k, 'CUST-R' || lpad(g::text, 5, '0'), 'x', 'x', '',
                'Party', d, '10:00', '12:00', gen_random_uuid(), 'Hall', 'confirmed', 1000 * k,
                d::timestamptz, d::timestamptz + interval '2 hours', tstzrange(d::timestamptz, d::timestamptz + interval '2 hours')
           FROM generate_series(1, ${CUSTOMERS}) g, generate_series(1, 2) k,
                LATERAL (SELECT $2::date - ((g * 7 + k * 53) % 500) AS d) dd`,
        [TENANT, TODAY],
      );
    });
    // As every five minutes: the venue grew since the service started.
    await h.t.kit.runJob('kit.statistics');
    const plan = await h.t.kit.db.tenantTx(TENANT, async (tx) => {
      // The plan a pooled connection settles on after a few bookings: without the values.
      await tx.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await tx.query(`PREPARE figures(uuid, text[], date) AS SELECT * FROM customer_figures($1, $2, $3)`);
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) EXECUTE figures('${TENANT}', ARRAY['CUST-R00042'], '${TODAY}')`,
      );
      await tx.query('DEALLOCATE figures');
      const raw = rows[0]!['QUERY PLAN'];
      return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: Plan }])[0].Plan;
    });
    const customers = nodes(plan).filter((n) => n['Relation Name'] === 'customers');
    assert.equal(customers.length, 1);
    // Found by the key (tenant, id), not by reading the venue's customers through a filter.
    assert.match(customers[0]!['Index Cond'] ?? '', /id = ANY/, JSON.stringify(customers[0]));
    const stats = await h.t.kit.db.systemTx(
      async (tx) =>
        (
          await tx.query<{ n: number }>(
            `SELECT reltuples::int AS n FROM pg_class WHERE oid = 'customers'::regclass`,
          )
        ).rows[0]!.n,
    );
    assert.equal(stats, CUSTOMERS);
  });
});
