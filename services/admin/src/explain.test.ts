// Tenant indexes serve the Audit Log page's queries (decision 2,
// docs/decisions/0019-database-roles.md): with one small tenant, one big one and a crowd of
// others, every statement those requests run is planned (as the application role, in the
// caller's tenant transaction) without a Seq Scan of a big tenant table or an index scan that
// ignores the tenant. On the PostgreSQL server only, where production runs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { analyzeTenantTables, readsWithoutTenant, recordTenantStatements } from '@venue/service-kit/testing';
import { call, login, startAdmin, type Harness, type Session } from './testing/harness.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);

let h: Harness;
let owner: Session;
let big: Set<string>;

/** `n` audit entries for `tenantId`, a minute apart, the newest now. */
async function seed(tenantId: string, n: number, actor: string | null = null): Promise<void> {
  await h.kit.db.systemTx((tx) =>
    tx.query(
      `INSERT INTO audit_log (tenant_id, event_id, source, occurred_at, actor_id, actor_email, actor_role,
          action, target_type, target, additional_info)
       SELECT $1, gen_random_uuid(), 'bookings', now() - g * interval '1 minute', $3, 'seeded@example.test',
              'hall_owner', (ARRAY['booking_created', 'booking_updated', 'resource_updated'])[1 + g % 3],
              'booking', 'SD-' || g, 'seeded ' || g
         FROM generate_series(1, $2::int) g`,
      [tenantId, n, actor],
    ),
  );
}

before(async () => {
  if (!server) return;
  h = await startAdmin();
  owner = await login(h, 'owner@demo.local');
  await seed(owner.userId, 200, owner.userId);
  await seed(randomUUID(), 2000);
  for (let i = 0; i < 20; i++) await seed(randomUUID(), 100);
  big = await analyzeTenantTables(h.kit.db, 1000);
});
after(async () => {
  await h?.close();
});

const REQUESTS: Array<[string, string]> = [
  ['GET /api/audit', '/api/audit'],
  ['GET /api/audit oldest first', '/api/audit?sortOrder=asc&page=2&limit=20'],
  ['GET /api/audit by action', '/api/audit?action=booking_updated'],
  ['GET /api/audit by user', `/api/audit?userId=${randomUUID()}`],
  ['GET /api/audit between dates', `/api/audit?startDate=2020-01-01&endDate=${new Date().toISOString()}`],
  ['GET /api/audit/stats', '/api/audit/stats'],
  ['GET /api/audit/export.csv', '/api/audit/export.csv?action=booking_created'],
];

describe(
  'the requests read big tenant tables through tenant indexes',
  { skip: !server && 'needs the PostgreSQL server (TEST_DATABASE_URL)' },
  () => {
    for (const [name, path] of REQUESTS) {
      test(name, async () => {
        let status = 0;
        const statements = await recordTenantStatements(h.kit.db, async () => {
          status = (await call(h, 'GET', path, { token: owner.token })).status;
        });
        assert.equal(status, 200, `${name} answered ${status}`);
        assert.ok(statements.length > 0, 'the request ran statements in a tenant transaction');
        assert.ok(big.has('audit_log'), 'audit_log is seeded big enough to matter');
        assert.deepEqual(await readsWithoutTenant(h.kit.db, statements, big), []);
      });
    }
  },
);
