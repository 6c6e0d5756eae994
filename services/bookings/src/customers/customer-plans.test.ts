/**
 * The directory's queries read one tenant's rows through an index, never the whole table: two
 * tenants of a few thousand customers (and their bookings) among 200 small ones are seeded,
 * analysed, and every
 * query the list and detail run is EXPLAINed as the service's role, under row-level security.
 * PostgreSQL server only (TEST_DATABASE_URL): PGlite's planner statistics are not the point.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Tx } from '@venue/service-kit';
import { asSuperuser } from '@venue/service-kit/testing';
import { unstartedHarness, useHarness } from '../testing/harness.ts';
import { customerDetail, listCustomers, SORT_KEYS, type ListQuery } from './customer-directory.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);
const TENANTS = ['7a000000-0000-4000-8000-00000000000a', '7b000000-0000-4000-8000-00000000000b'];
const CUSTOMERS = 2500;
const TODAY = '2026-06-01';

const h = unstartedHarness();

interface Plan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: Plan[];
}

function nodes(p: Plan): Plan[] {
  return [p, ...(p.Plans ?? []).flatMap(nodes)];
}

/** Runs `fn` with a transaction that records every statement, then EXPLAINs each of them. */
async function plansOf(tenantId: string, fn: (tx: Tx) => Promise<unknown>) {
  return h.t.kit.db.tenantTx(tenantId, async (tx) => {
    const seen: { sql: string; params: readonly unknown[] }[] = [];
    const recording = Object.create(tx) as Tx;
    recording.query = ((sql: string, params: readonly unknown[] = []) => {
      seen.push({ sql, params });
      return tx.query(sql, params);
    }) as Tx['query'];
    await fn(recording);
    const plans: { sql: string; nodes: Plan[] }[] = [];
    for (const s of seen) {
      const { rows } = await tx.query<{ 'QUERY PLAN': [{ Plan: Plan }] | string }>(
        `EXPLAIN (FORMAT JSON) ${s.sql}`,
        s.params,
      );
      const raw = rows[0]!['QUERY PLAN'];
      const json = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: Plan }]) : raw;
      plans.push({ sql: s.sql, nodes: nodes(json[0].Plan) });
    }
    return plans;
  });
}

function assertNoSeqScan(plans: { sql: string; nodes: Plan[] }[]) {
  assert.ok(plans.length > 0);
  for (const p of plans) {
    // customer_rfm_state has one row per tenant: reading it whole is the planner's right call
    const seq = p.nodes.filter(
      (n) => n['Node Type'] === 'Seq Scan' && ['customers', 'bookings'].includes(n['Relation Name'] ?? ''),
    );
    assert.deepEqual(
      seq.map((n) => n['Relation Name']),
      [],
      `Seq Scan in\n${p.sql}\n${JSON.stringify(p.nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]))}`,
    );
  }
}

describe('customer directory query plans', { skip: !server && 'needs the PostgreSQL server' }, () => {
  useHarness(h);
  it('seeds two tenants of customers and bookings, summarised and analysed', async () => {
    await h.t.kit.db.systemTx(async (tx) => {
      for (const [t, tenantId] of TENANTS.entries()) {
        await tx.query(
          `INSERT INTO customers (tenant_id, id, email_key, name, email, phone, tier)
           SELECT $1::uuid, 'CUST-' || $2 || lpad(g::text, 5, '0'), 'c' || g || '@t' || $2 || '.example.com',
                  'Customer ' || md5(g::text || $2), 'c' || g || '@t' || $2 || '.example.com', '+61 4' || lpad(g::text, 8, '0'),
                  CASE WHEN g % 10 = 0 THEN 'nonprofit' ELSE 'standard' END
             FROM generate_series(1, ${CUSTOMERS}) g`,
          [tenantId, String(t)],
        );
        await tx.query(
          `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
                                 event_type, booking_date, start_time, end_time, resource_id, resource_name, status,
                                 calculated_price_cents, starts_at, ends_at, slot)
           SELECT $1::uuid, 'HH-' || $2 || '-' || g || '-' || k, 'CUST-' || $2 || lpad(g::text, 5, '0'), 'x', 'x', '',
                  'Party', d, '10:00', '12:00', gen_random_uuid(), 'Hall',
                  CASE WHEN (g + k) % 9 = 0 THEN 'cancelled' ELSE 'confirmed' END, (g % 50) * 1000 + k * 100,
                  d::timestamptz, d::timestamptz + interval '2 hours', tstzrange(d::timestamptz, d::timestamptz + interval '2 hours')
             FROM generate_series(1, ${CUSTOMERS}) g, generate_series(1, 1 + g % 4) k,
                  LATERAL (SELECT $3::date - ((g * 7 + k * 53) % 500) AS d) dd`,
          [tenantId, String(t), TODAY],
        );
      }
    });
    // A crowd of small tenants, so each tenant above is ~10 % of the table, as in production:
    // with only two tenants each would be half of it, where reading the whole table is cheaper.
    await h.t.kit.db.systemTx((tx) =>
      tx.query(
        `INSERT INTO customers (tenant_id, id, email_key, name, email, phone, tier)
         SELECT t.id, 'CUST-C' || lpad(g::text, 5, '0'), 'c' || g || '@crowd.example.com', 'Crowd ' || g,
                'c' || g || '@crowd.example.com', '', 'standard'
           FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 200)) t, generate_series(1, 100) g`,
      ),
    );
    for (const tenantId of TENANTS)
      await h.t.kit.db.tenantTx(tenantId, async (tx) => {
        await tx.query(`SELECT customer_rfm_restate($1::uuid, $2::date)`, [tenantId, TODAY]);
        await tx.query(
          `SELECT customer_summary_refresh($1::uuid, ARRAY(SELECT id FROM customers WHERE tenant_id = $1), $2::date, true)`,
          [tenantId, TODAY],
        );
      });
    await asSuperuser(async (c) => {
      for (const table of ['customers', 'bookings', 'customer_rfm_state'])
        await c.query(`ANALYZE "${h.t.kit.db.schema}".${table}`);
    });
  });

  const base: ListQuery = { sort: 'name', order: 'asc', page: 1, limit: 50 };

  for (const sort of SORT_KEYS)
    for (const order of ['asc', 'desc'] as const)
      it(`lists by ${sort} ${order} (first page, a numbered page, a cursor page) off an index`, async () => {
        const q = { ...base, sort, order };
        const first = await h.t.kit.db.tenantTx(TENANTS[0]!, (tx) =>
          listCustomers(tx, TENANTS[0]!, TODAY, q),
        );
        assert.equal(first.items.length, 50);
        assert.equal(first.total, CUSTOMERS);
        assertNoSeqScan(
          await plansOf(TENANTS[0]!, async (tx) => {
            await listCustomers(tx, TENANTS[0]!, TODAY, q);
            await listCustomers(tx, TENANTS[0]!, TODAY, { ...q, page: 7 });
            await listCustomers(tx, TENANTS[0]!, TODAY, { ...q, cursor: first.nextCursor! });
          }),
        );
      });

  it('searches, filters by segment and tag, and reads one customer off indexes', async () => {
    const t = TENANTS[1]!;
    const one = await h.t.kit.db.tenantTx(t, (tx) =>
      listCustomers(tx, t, TODAY, { ...base, search: 'c1234@' }),
    );
    assert.deepEqual(
      one.items.map((c) => c.email),
      ['c1234@t1.example.com'],
    );
    assertNoSeqScan(
      await plansOf(t, async (tx) => {
        await listCustomers(tx, t, TODAY, { ...base, search: 'c1234@' });
        await listCustomers(tx, t, TODAY, { ...base, search: 'customer 0a', sort: 'clv', order: 'desc' });
        await listCustomers(tx, t, TODAY, { ...base, segment: 'Champions', sort: 'spend', order: 'desc' });
        await listCustomers(tx, t, TODAY, { ...base, tag: 'NFP', sort: 'lastActive', order: 'asc' });
        await customerDetail(tx, t, 'CUST-101234', TODAY);
      }),
    );
  });
});
