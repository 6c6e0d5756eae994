// Tenant indexes serve the real list, search, calendar and customer queries (decision 2,
// docs/decisions/0019-database-roles.md): with one small tenant, one big one and a crowd of
// others, every statement those requests run is planned (as the application role, in the
// caller's tenant transaction) without a Seq Scan of a big tenant table or an index scan that
// ignores the tenant. On the PostgreSQL server only, where production runs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  analyzeTenantTables,
  assertPageReadInOrder,
  ownerTx,
  planNodes,
  readsWithoutTenant,
  recordTenantStatements,
} from '@venue/service-kit/testing';
import { HALL, OTHER, OWNER, futureDate, startHarness, type Harness } from './testing/harness.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);

let h: Harness;
let big: Set<string>;
let customerId: string;
/** A booking of each of the two tenants the requests are made as. */
const bookingIds = new Map<string, string>();

/** Each seeded tenant's resource. */
const resources = new Map<string, string>();

/** `n` bookings (and their customers and block-outs) for `tenantId`, one resource. */
async function seed(tenantId: string, n: number): Promise<void> {
  const resource = tenantId === OWNER ? HALL : randomUUID();
  resources.set(tenantId, resource);
  await h.t.kit.db.systemTx(async (tx) => {
    await tx.query(
      `INSERT INTO resources (tenant_id, id, name) VALUES ($1, $2, 'Seeded hall') ON CONFLICT DO NOTHING`,
      [tenantId, resource],
    );
    await tx.query(
      `INSERT INTO customers (tenant_id, id, email_key, name, email)
       SELECT $1, 'CUST-S' || g, 'seeded' || g || '@example.test', 'Seeded Customer ' || g, 'seeded' || g || '@example.test'
         FROM generate_series(1, $2::int) g`,
      [tenantId, Math.ceil(n / 4)],
    );
    await tx.query(
      `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
          event_type, booking_date, start_time, end_time, resource_id, resource_name, status,
          calculated_price_cents, starts_at, ends_at, slot, created_at, cancelled_at, hold_expires_at)
       SELECT $1, 'SD-' || g, 'CUST-S' || (1 + g % $4::int), 'Seeded Customer ' || (1 + g % $4::int),
              'seeded' || (1 + g % $4::int) || '@example.test', '+61 400 000 000', 'Wedding',
              d, '10:00', '12:00', $2, 'Seeded hall',
              (ARRAY['pending', 'tentative', 'confirmed', 'completed', 'cancelled'])[1 + g % 5],
              10000 + g, s, s + interval '2 hours', tstzrange(s, s + interval '2 hours'),
              now() - g * interval '1 hour',
              CASE WHEN g % 5 = 4 THEN now() - g * interval '30 minutes' END,
              CASE WHEN g % 5 = 1 THEN now() + (g % 96) * interval '1 hour' END
         FROM generate_series(1, $3::int) g,
              LATERAL (SELECT current_date + (g % 400) - 200 AS d) dd,
              LATERAL (SELECT dd.d + time '10:00' AT TIME ZONE 'Australia/Sydney' AS s) ss`,
      [tenantId, resource, n, Math.ceil(n / 4)],
    );
    await tx.query(
      `INSERT INTO blockouts (tenant_id, id, resource_id, starts_at, ends_at, reason)
       SELECT $1, gen_random_uuid(), $2, s, s + interval '3 hours', 'Maintenance'
         FROM generate_series(1, $3::int) g,
              LATERAL (SELECT (current_date + (g % 400) - 200) + time '06:00' AT TIME ZONE 'Australia/Sydney' AS s) ss`,
      [tenantId, resource, Math.ceil(n / 4)],
    );
  });
}

/** The service, with the tenants whose requests are planned (before the describe below). */
async function startAndSeed() {
  h = await startHarness();
  await seed(OWNER, 200);
  await seed(OTHER, 2000);
  // A crowd of 200 tenants of 100 bookings: the big tenant is ~9 % of the table, as in the
  // measurement of issue 9 (10,000 of 110,000), and each small one ~0.5 %.
  for (let i = 0; i < 200; i++) await seed(randomUUID(), 100);
  big = await analyzeTenantTables(h.t.kit.db, 1000);
  customerId = 'CUST-S7';
  for (const tenant of [OWNER, OTHER]) {
    const { rows } = await h.t.kit.db.tenantTx(tenant, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM bookings WHERE tenant_id = $1 AND booking_code = 'SD-7'`, [
        tenant,
      ]),
    );
    bookingIds.set(tenant, rows[0]!.id);
  }
}

const month = () => {
  const from = futureDate(0);
  return `from=${from}&to=${futureDate(30)}`;
};

type Tenant = { id: string; token: () => string };
const SMALL: Tenant = { id: OWNER, token: () => h.tokens.owner };
const BIG: Tenant = { id: OTHER, token: () => h.tokens.other };

/** The path of the page after the first of `list` (its nextCursor), as `tenant` sees it. */
async function secondPage(tenant: Tenant, list: string): Promise<string> {
  const first = await h.call('GET', `${list}&limit=5`, tenant.token());
  assert.equal(first.status, 200);
  assert.ok(first.body.nextCursor, `${list} has a second page`);
  return `${list}&limit=5&cursor=${encodeURIComponent(first.body.nextCursor)}`;
}

/**
 * Each request, and whether its list page reads its rows in order off one index (no Sort in the
 * plan of the statement that selects the page) when the tenant is big: the screens' lists and
 * their cursor pages. The column sorts on names and money, a list of two statuses and the
 * search's text match read the tenant's (filtered) rows through a tenant index and sort them.
 */
const REQUESTS: Array<[string, (t: Tenant) => string | Promise<string>, ordered?: boolean]> = [
  ['GET /api/bookings', () => '/api/bookings', true],
  ['GET /api/bookings counted', () => '/api/bookings?withTotal=1', true],
  ['GET /api/bookings next page by cursor', (t) => secondPage(t, '/api/bookings?sort=created'), true],
  ['GET /api/bookings page 3', () => '/api/bookings?page=3&limit=25', true],
  ['All: by event date, latest first', () => '/api/bookings?sort=start&order=desc', true],
  ['All: next page by cursor', (t) => secondPage(t, '/api/bookings?sort=start&order=desc'), true],
  ['All: by event date, earliest first', () => '/api/bookings?sort=start&order=asc', true],
  ['All: by status', () => '/api/bookings?sort=status&order=asc', true],
  ['All: by status, next page by cursor', (t) => secondPage(t, '/api/bookings?sort=status&order=desc'), true],
  ['All: by customer', () => '/api/bookings?sort=customer&order=asc'],
  ['All: by resource', () => '/api/bookings?sort=resource&order=desc'],
  ['All: by source', () => '/api/bookings?sort=source&order=asc'],
  ['All: by value', () => '/api/bookings?sort=value&order=desc'],
  ['All: by balance', () => '/api/bookings?sort=balance&order=desc'],
  ['All: by customer, next page by cursor', (t) => secondPage(t, '/api/bookings?sort=customer&order=asc')],
  ['All: searched', () => '/api/bookings?q=customer%2017&sort=start&order=desc'],
  ['All: between dates', () => `/api/bookings?${month()}&sort=start&order=desc`],
  ['All: today', () => '/api/bookings?quick=today&sort=start&order=desc'],
  ['All: this week', () => '/api/bookings?quick=thisWeek&sort=start&order=desc'],
  ['All: overdue', () => '/api/bookings?quick=overdue&sort=start&order=desc'],
  ['All: high value', () => '/api/bookings?quick=highValue&sort=start&order=desc'],
  ['All: one resource', (t) => `/api/bookings?resourceId=${resources.get(t.id)}&sort=start&order=desc`],
  ['Pending Review', () => '/api/bookings?status=pending&sort=start&order=asc', true],
  [
    'Pending Review: next page by cursor',
    (t) => secondPage(t, '/api/bookings?status=pending&sort=start&order=asc'),
    true,
  ],
  ['Pending Review: searched', () => '/api/bookings?status=pending&q=customer%2017&sort=start&order=asc'],
  ['Requests', () => '/api/bookings?status=pending,tentative&sort=start&order=asc'],
  [
    'Requests: next page by cursor',
    (t) => secondPage(t, '/api/bookings?status=pending,tentative&sort=start&order=asc'),
  ],
  ['Confirmed', () => '/api/bookings?status=confirmed&sort=start&order=asc', true],
  ['Confirmed: balance due', () => '/api/bookings?status=confirmed&balanceDue=true&sort=start&order=asc'],
  ['Completed', () => '/api/bookings?status=completed&sort=start&order=desc', true],
  [
    'Completed: next page by cursor',
    (t) => secondPage(t, '/api/bookings?status=completed&sort=start&order=desc'),
    true,
  ],
  ['Completed: recent 30 days', () => '/api/bookings?status=completed&recent30=true&sort=start&order=desc'],
  ['Cancelled', () => '/api/bookings?status=cancelled&sort=cancelledAt&order=desc', true],
  ['Cancelled: oldest first', () => '/api/bookings?status=cancelled&sort=cancelledAt&order=asc', true],
  [
    'Cancelled: next page by cursor',
    (t) => secondPage(t, '/api/bookings?status=cancelled&sort=cancelledAt&order=desc'),
    true,
  ],
  ['GET /api/bookings/export.csv', () => '/api/bookings/export.csv?status=confirmed&sort=start&order=asc'],
  // 500 rows at once, a quarter of the big tenant: reading them and sorting is the cheaper plan
  ['GET /api/bookings/hall-owner/:ownerId', (t) => `/api/bookings/hall-owner/${t.id}`],
  ['GET /api/bookings/search', () => '/api/bookings/search?q=SD-1'],
  ['GET /api/bookings/stats', () => '/api/bookings/stats'],
  ['GET /api/bookings/holds-expiring', () => '/api/bookings/holds-expiring'],
  ['GET /api/calendar', () => `/api/calendar?${month()}`],
  ['GET /api/calendar month grid', () => `/api/calendar?${month()}&perDay=3`],
  ['GET /api/calendar one resource', (t) => `/api/calendar?${month()}&resourceId=${resources.get(t.id)}`],
  ['GET /api/bookings/:id', (t) => `/api/bookings/${bookingIds.get(t.id)}`],
  ['GET /api/customers', () => '/api/customers'],
  ['GET /api/customers/:id', () => `/api/customers/${customerId}`],
];

describe(
  'the requests read big tenant tables through tenant indexes',
  { skip: !server && 'needs the PostgreSQL server (TEST_DATABASE_URL)' },
  () => {
    before(startAndSeed);
    after(() => h?.t.close());
    for (const [tenant, size] of [
      [SMALL, 'a small tenant'],
      [BIG, 'the big tenant'],
    ] as const) {
      for (const [name, path, ordered] of REQUESTS) {
        test(`${name}, as ${size}`, async () => {
          const url = await path(tenant);
          let status = 0;
          const statements = await recordTenantStatements(h.t.kit.db, async () => {
            status = (await h.call('GET', url, tenant.token())).status;
          });
          assert.equal(status, 200, `${name} answered ${status}`);
          assert.ok(statements.length > 0, 'the request ran statements in a tenant transaction');
          assert.ok(big.has('bookings'), 'bookings is seeded big enough to matter');
          assert.deepEqual(await readsWithoutTenant(h.t.kit.db, statements, big), []);
          if (ordered && tenant === BIG) {
            // the page: read in order off the list's index, never every row then sorted
            await assertPageReadInOrder(h.t.kit.db, statements, 'bookings', url);
          }
        });
      }
    }

    // Decision 50: a searched list's page and count take the matching ids from the trigram
    // index of booking_search through booking_search_keys(), then fetch those bookings by key,
    // instead of reading the big tenant's rows and testing each one's text. Page and count are
    // one statement, one call of the function (issue 9).
    test('the list search reads matches off the trigram side table, as the big tenant', async () => {
      const url = '/api/bookings?q=customer%2017&sort=start&order=desc';
      const statements = await recordTenantStatements(h.t.kit.db, async () => {
        assert.equal((await h.call('GET', url, BIG.token())).status, 200);
      });
      const searched = statements.filter((st) => /booking_search_(keys|page)/.test(st.sql));
      assert.equal(searched.length, 1, 'the page and its count search through the function once');
      for (const st of searched) {
        const nodes = await planNodes(h.t.kit.db, st);
        assert.ok(
          nodes.includes('Function Scan') &&
            !nodes.some((n) => /^(Seq Scan|Bitmap Heap Scan) on bookings/.test(n)),
          `${st.sql.slice(0, 60)}…: ${nodes.join(' > ')}`,
        );
      }
      // the function's own statement, as its owner in the big tenant's transaction
      const plan = await ownerTx(h.t.kit.db, async (tx) => {
        await tx.query(`SELECT set_config('app.tenant_id', $1, true)`, [BIG.id]);
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT s.booking_id FROM booking_search s
            WHERE s.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
              AND s.search_text LIKE $1`,
          ['%customer 17%'],
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      assert.match(plan, /Bitmap Index Scan on booking_search_trgm_idx/, plan);
      assert.doesNotMatch(plan, /Seq Scan/, plan);
      // A common term's page (migration 025, booking_search_walk): with its function's settings,
      // the list's own index read in order, each row matched as it comes, no sort.
      const walk = await ownerTx(h.t.kit.db, async (tx) => {
        await tx.query(`SELECT set_config('app.tenant_id', $1, true)`, [BIG.id]);
        await tx.query('SET LOCAL enable_sort = off');
        await tx.query('SET LOCAL enable_bitmapscan = off');
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT b.id FROM bookings b
            WHERE b.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
              AND b.search_text LIKE $1
            ORDER BY b.starts_at DESC NULLS LAST, b.id ASC LIMIT 26`,
          ['%customer%'],
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      assert.match(walk, /Index Scan using bookings_list_start_idx on bookings/, walk);
      assert.doesNotMatch(walk, /Sort|Seq Scan/, walk);
    });
  },
);
