// Every catalogue query states its tenant and is served by an index leading with tenant_id
// (issue 9 item 1; decision 2, docs/decisions/0019-database-roles.md). With one small tenant,
// one big one and a crowd of others seeded in every tenant table, each request below is recorded
// as the statements its tenant transactions run, and
// - on both engines, every statement that reads or changes a tenant table says
//   `tenant_id = $n` with the caller's tenant as that parameter: row-level security alone does
//   not count (it hid the tenant indexes once, and lets the system scope through);
// - on the PostgreSQL server, where production runs, each statement is planned (as the
//   application role, in the caller's tenant transaction) without a Seq Scan of a big tenant
//   table or an index scan that ignores the tenant.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  analyzeTenantTables,
  readsWithoutTenant,
  recordTenantStatements,
  type TenantStatement,
} from '@venue/service-kit/testing';
import { defaultHours } from '@venue/contracts';
import { OWNER, OWNER2, startCatalogue, type Harness } from './testing/harness.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);
// The plans need a big tenant among many; the statements' text does not.
const SIZES = server
  ? { small: 200, big: 2000, crowd: 20, each: 100 }
  : { small: 20, big: 40, crowd: 2, each: 10 };

let h: Harness;
let big: Set<string>;
const ids = {
  resource: '',
  doomedResource: '',
  pricing: '',
  addon: '',
  doomedAddon: '',
  holiday: '',
  holidayDate: '',
  blockout: '',
  feed: '',
};

/**
 * `n` of everything the catalogue keeps for `tenantId`: resources, a rate card each, add-ons,
 * holidays, one-day block-outs (each on one resource) and three busy slots per resource around
 * today (the feed lists those ending in the last 90 days or later).
 */
async function seed(tenantId: string, n: number): Promise<void> {
  await h.t.kit.db.systemTx(async (tx) => {
    await tx.query(
      `INSERT INTO resources (tenant_id, code, name, type, capacity, hours)
       SELECT $1, 'SEED-' || g, 'Seeded room ' || g, (ARRAY['hall', 'room', 'outdoor'])[1 + g % 3], g % 300, $3
         FROM generate_series(1, $2::int) g`,
      [tenantId, n, JSON.stringify(defaultHours())],
    );
    await tx.query(
      `INSERT INTO pricing (tenant_id, resource_id, rate_type, weekday_rate_cents, weekend_rate_cents)
       SELECT tenant_id, id, 'hourly', 10000, 15000 FROM resources WHERE tenant_id = $1`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO addons (tenant_id, name, price_cents)
       SELECT $1, 'Seeded add-on ' || g, g * 100 FROM generate_series(1, $2::int) g`,
      [tenantId, n],
    );
    await tx.query(
      `INSERT INTO holidays (tenant_id, name, date, surcharge_percent)
       SELECT $1, 'Seeded day ' || g, date '2015-01-01' + g, g % 50 FROM generate_series(1, $2::int) g`,
      [tenantId, n],
    );
    await tx.query(
      `INSERT INTO blockouts (tenant_id, date_from, date_to, time_from, time_to, time_zone, starts_at, ends_at, reason)
       SELECT $1, d, d, '09:00', '17:00', 'Australia/Sydney', (d + time '09:00') AT TIME ZONE 'Australia/Sydney',
              (d + time '17:00') AT TIME ZONE 'Australia/Sydney', 'Maintenance'
         FROM (SELECT date '2015-01-01' + g AS d FROM generate_series(1, $2::int) g) days`,
      [tenantId, n],
    );
    await tx.query(
      `INSERT INTO blockout_resources (tenant_id, blockout_id, resource_id)
       SELECT b.tenant_id, b.id, r.id
         FROM (SELECT tenant_id, id, date_from - date '2015-01-01' AS g FROM blockouts WHERE tenant_id = $1) b
         JOIN resources r ON r.tenant_id = b.tenant_id AND r.code = 'SEED-' || b.g`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO booking_busy (tenant_id, booking_id, resource_id, status, starts_at, ends_at, booking_updated_at)
       SELECT r.tenant_id, gen_random_uuid(), r.id, 'confirmed', now() + (k - 2) * interval '60 days',
              now() + (k - 2) * interval '60 days' + interval '4 hours', now()
         FROM resources r CROSS JOIN generate_series(1, 3) k WHERE r.tenant_id = $1`,
      [tenantId],
    );
  });
}

/** The id of `sql`'s first row, read in OWNER's tenant. */
async function idOf(sql: string): Promise<string> {
  const { rows } = await h.t.kit.db.tenantTx(OWNER, (tx) => tx.query<{ id: string }>(sql, [OWNER]));
  assert.ok(rows[0], `seeded: ${sql}`);
  return rows[0].id;
}

before(async () => {
  h = await startCatalogue();
  await seed(OWNER, SIZES.small);
  await seed(OWNER2, SIZES.big);
  for (let i = 0; i < SIZES.crowd; i++) await seed(randomUUID(), SIZES.each);
  if (server) big = await analyzeTenantTables(h.t.kit.db, 1000);
  ids.resource = await idOf(`SELECT id FROM resources WHERE tenant_id = $1 AND code = 'SEED-7'`);
  ids.doomedResource = await idOf(`SELECT id FROM resources WHERE tenant_id = $1 AND code = 'SEED-8'`);
  ids.pricing = await idOf(`SELECT p.id FROM pricing p JOIN resources r ON r.tenant_id = p.tenant_id
    AND r.id = p.resource_id WHERE p.tenant_id = $1 AND r.code = 'SEED-7'`);
  ids.addon = await idOf(`SELECT id FROM addons WHERE tenant_id = $1 AND name = 'Seeded add-on 7'`);
  ids.doomedAddon = await idOf(`SELECT id FROM addons WHERE tenant_id = $1 AND name = 'Seeded add-on 8'`);
  ids.holiday = await idOf(`SELECT id FROM holidays WHERE tenant_id = $1 AND name = 'Seeded day 7'`);
  ids.holidayDate = '2015-01-08';
  ids.blockout = await idOf(`SELECT blockout_id AS id FROM blockout_resources WHERE tenant_id = $1
    AND resource_id = (SELECT id FROM resources WHERE tenant_id = $1 AND code = 'SEED-9')`);
  const token = await h.call('POST', `/api/resources/${ids.resource}/ics-token`, OWNER);
  assert.equal(token.status, 201, token.text);
  ids.feed = token.body.icsUrl;
});
after(async () => {
  await h?.close();
});

const internal = () => ({ 'x-venue-internal': process.env.INTERNAL_SECRET! });
const quote = () => ({
  resourceId: ids.resource,
  date: ids.holidayDate,
  startTime: '09:00',
  endTime: '12:00',
  addOnIds: [ids.addon],
});
const period = { dateFrom: '2027-02-01', dateTo: '2027-02-01', timeFrom: '08:00', timeTo: '12:00' };

interface Request {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  headers?: () => Record<string, string>;
}

const get = (name: string, path: () => string, headers?: Request['headers']): Request => ({
  name,
  method: 'GET',
  path,
  headers,
});

// Reads first, then the changes (in this order: the deletes come last).
const REQUESTS: Request[] = [
  get('GET /api/resources', () => '/api/resources'),
  get('GET /api/resources searched', () => '/api/resources?search=room%2017'),
  get('GET /api/resources by capacity', () => '/api/resources?sort=capacity&order=desc&type=hall'),
  get('GET /api/resources/:id', () => `/api/resources/${ids.resource}`),
  get('GET /api/resources/export.csv', () => `/api/resources/export.csv?ids=${ids.resource}`),
  get('GET /api/pricing', () => '/api/pricing'),
  get('GET /api/pricing/:id', () => `/api/pricing/${ids.pricing}`),
  get('GET /api/addons', () => '/api/addons'),
  get('GET /api/holidays', () => '/api/holidays'),
  get(
    'GET /api/holidays of a year, searched, by name',
    () => '/api/holidays?year=2015&search=day%201&sort=name',
  ),
  get('GET /api/holidays/:id', () => `/api/holidays/${ids.holiday}`),
  get('GET /api/holidays/export.ics', () => '/api/holidays/export.ics?year=2015'),
  get('GET /api/blockouts', () => '/api/blockouts'),
  get(
    'GET /api/blockouts of a resource in a month',
    () => `/api/blockouts?resourceId=${ids.resource}&from=2015-01-01&to=2015-01-31`,
  ),
  get('GET /api/blockouts in a month', () => '/api/blockouts?from=2015-02-01&to=2015-02-28'),
  get('GET /api/blockouts/:id', () => `/api/blockouts/${ids.blockout}`),
  { name: 'POST /api/price-quote', method: 'POST', path: () => '/api/price-quote', body: quote },
  get('GET the resource feed (busy times, block-outs)', () => ids.feed),
  get('GET /internal/resources/:tenantId', () => `/internal/resources/${OWNER}`, internal),
  {
    name: 'POST /internal/price-quote',
    method: 'POST',
    path: () => '/internal/price-quote',
    body: () => ({ ...quote(), tenantId: OWNER }),
    headers: internal,
  },
  get('GET /internal/tenant-export/:tenantId', () => `/internal/tenant-export/${OWNER}`, internal),
  {
    name: 'PUT /api/pricing/:id',
    method: 'PUT',
    path: () => `/api/pricing/${ids.pricing}`,
    body: () => ({
      resourceId: ids.resource,
      rateType: 'daily',
      weekdayRateCents: 80000,
      weekendRateCents: 90000,
    }),
  },
  {
    name: 'PUT /api/addons/:id',
    method: 'PUT',
    path: () => `/api/addons/${ids.addon}`,
    body: () => ({ name: 'Projector', priceCents: 5000 }),
  },
  {
    name: 'PUT /api/holidays/:id',
    method: 'PUT',
    path: () => `/api/holidays/${ids.holiday}`,
    body: () => ({ name: 'Seeded day 7', date: ids.holidayDate, pricingRule: 'PH-Std' }),
  },
  {
    name: 'POST /api/holidays/sync',
    method: 'POST',
    path: () => '/api/holidays/sync',
    body: () => ({ state: 'NSW', year: 2027 }),
  },
  {
    name: 'PUT /api/blockouts/:id',
    method: 'PUT',
    path: () => `/api/blockouts/${ids.blockout}`,
    body: () => ({ ...period, resourceIds: [ids.resource], reason: 'Other' }),
  },
  {
    name: 'POST /api/blockouts/bulk daily',
    method: 'POST',
    path: () => '/api/blockouts/bulk',
    body: () => ({
      ...period,
      dateTo: '2027-02-03',
      resourceIds: [ids.resource],
      reason: 'Other',
      span: 'daily',
    }),
  },
  { name: 'DELETE /api/holidays/:id', method: 'DELETE', path: () => `/api/holidays/${ids.holiday}` },
  { name: 'DELETE /api/addons/:id', method: 'DELETE', path: () => `/api/addons/${ids.doomedAddon}` },
  { name: 'DELETE /api/blockouts/:id', method: 'DELETE', path: () => `/api/blockouts/${ids.blockout}` },
  { name: 'DELETE /api/pricing/:id', method: 'DELETE', path: () => `/api/pricing/${ids.pricing}` },
  {
    name: 'DELETE /api/resources/:id (its block-outs go)',
    method: 'DELETE',
    path: () => `/api/resources/${ids.doomedResource}`,
  },
];

/** The catalogue's tenant tables (migrations), as a statement names them after FROM, JOIN, UPDATE or INTO. */
const TENANT_TABLE =
  /\b(?:from|join|update|into)\s+"?(resources|pricing|addons|addon_seeds|holidays|blockouts|blockout_resources|booking_busy|tenant_settings)"?(?=[\s,;)]|$)/i;

/**
 * The statements among `statements` that touch a tenant table without `tenant_id = $n` bound to
 * their tenant. An INSERT … VALUES writes its tenant_id as a value (row-level security checks it)
 * and reads nothing, so only an INSERT … SELECT is held to it.
 */
function withoutExplicitTenant(statements: readonly TenantStatement[]): string[] {
  return statements
    .filter((s) => TENANT_TABLE.test(s.sql))
    .filter((s) => !/^\s*insert\b/i.test(s.sql) || /\bselect\b/i.test(s.sql))
    .filter(
      (s) =>
        ![...s.sql.matchAll(/\btenant_id"?\s*=\s*\$(\d+)/gi)].some(
          (m) => s.params[Number(m[1]) - 1] === s.tenantId,
        ),
    )
    .map((s) => s.sql.replace(/\s+/g, ' ').trim().slice(0, 200));
}

describe('catalogue requests state their tenant and read big tenant tables through tenant indexes', () => {
  for (const r of REQUESTS) {
    test(r.name, async () => {
      let status = 0;
      let text = '';
      const statements = await recordTenantStatements(h.t.kit.db, async () => {
        ({ status, text } = await h.call(
          r.method,
          r.path(),
          r.headers ? undefined : OWNER,
          r.body?.(),
          r.headers?.(),
        ));
      });
      assert.ok(status >= 200 && status < 300, `${r.name} answered ${status}: ${text.slice(0, 200)}`);
      assert.ok(statements.length > 0, 'the request ran statements in a tenant transaction');
      assert.deepEqual(withoutExplicitTenant(statements), []);
      if (!server) return;
      for (const table of [
        'resources',
        'pricing',
        'addons',
        'holidays',
        'blockouts',
        'blockout_resources',
        'booking_busy',
      ])
        assert.ok(big.has(table), `${table} is seeded big enough to matter`);
      assert.deepEqual(await readsWithoutTenant(h.t.kit.db, statements, big), []);
    });
  }
});
