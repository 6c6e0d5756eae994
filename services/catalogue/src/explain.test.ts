// Tenant indexes serve the Resources page's queries (decision 2,
// docs/decisions/0019-database-roles.md): with one small tenant, one big one and a crowd of
// others, every statement those requests run is planned (as the application role, in the
// caller's tenant transaction) without a Seq Scan of a big tenant table or an index scan that
// ignores the tenant. On the PostgreSQL server only, where production runs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { analyzeTenantTables, readsWithoutTenant, recordTenantStatements } from '@venue/service-kit/testing';
import { defaultHours } from '@venue/contracts';
import { OWNER, OWNER2, startCatalogue, type Harness } from './testing/harness.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);

let h: Harness;
let big: Set<string>;
let resourceId: string;

/** `n` resources for `tenantId`. */
async function seed(tenantId: string, n: number): Promise<void> {
  await h.t.kit.db.systemTx((tx) =>
    tx.query(
      `INSERT INTO resources (tenant_id, code, name, type, capacity, hours)
       SELECT $1, 'SEED-' || g, 'Seeded room ' || g, (ARRAY['hall', 'room', 'outdoor'])[1 + g % 3], g % 300, $3
         FROM generate_series(1, $2::int) g`,
      [tenantId, n, JSON.stringify(defaultHours())],
    ),
  );
}

before(async () => {
  if (!server) return;
  h = await startCatalogue();
  await seed(OWNER, 200);
  await seed(OWNER2, 2000);
  for (let i = 0; i < 20; i++) await seed(randomUUID(), 100);
  big = await analyzeTenantTables(h.t.kit.db, 1000);
  resourceId = (
    await h.t.kit.db.tenantTx(OWNER, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM resources WHERE tenant_id = $1 AND code = 'SEED-7'`, [OWNER]),
    )
  ).rows[0]!.id;
});
after(async () => {
  await h?.close();
});

const REQUESTS: Array<[string, () => string]> = [
  ['GET /api/resources', () => '/api/resources'],
  ['GET /api/resources searched', () => '/api/resources?search=room%2017'],
  ['GET /api/resources by capacity', () => '/api/resources?sort=capacity&order=desc&type=hall'],
  ['GET /api/resources/:id', () => `/api/resources/${resourceId}`],
  ['GET /api/resources/export.csv', () => `/api/resources/export.csv?ids=${resourceId}`],
];

describe(
  'the requests read big tenant tables through tenant indexes',
  { skip: !server && 'needs the PostgreSQL server (TEST_DATABASE_URL)' },
  () => {
    for (const [name, path] of REQUESTS) {
      test(name, async () => {
        let status = 0;
        const statements = await recordTenantStatements(h.t.kit.db, async () => {
          status = (await h.call('GET', path(), OWNER)).status;
        });
        assert.equal(status, 200, `${name} answered ${status}`);
        assert.ok(statements.length > 0, 'the request ran statements in a tenant transaction');
        assert.ok(big.has('resources'), 'resources is seeded big enough to matter');
        assert.deepEqual(await readsWithoutTenant(h.t.kit.db, statements, big), []);
      });
    }
  },
);
