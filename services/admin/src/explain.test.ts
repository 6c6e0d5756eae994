// Tenant indexes serve the Audit Log page's queries (decision 2,
// docs/decisions/0019-database-roles.md): with one small tenant, one big one and a crowd of
// others, every statement those requests run is planned (as the application role, in the
// caller's tenant transaction) without a Seq Scan of a big tenant table or an index scan that
// ignores the tenant, and the big tenant's list pages are read in order off their index
// (decision 26). On the PostgreSQL server only, where production runs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  analyzeTenantTables,
  assertPageReadInOrder,
  readsWithoutTenant,
  recordTenantStatements,
} from '@venue/service-kit/testing';
import { call, login, startAdmin, type Harness, type Session } from './testing/harness.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);

let h: Harness;
let owner: Session;
let small: Session;
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

/** The path of the page after the first of `list` (its nextCursor), as `session` sees it. */
async function secondPage(session: Session, list: string): Promise<string> {
  const first = await call(h, 'GET', `${list}&limit=5`, { token: session.token });
  assert.equal(first.status, 200);
  assert.ok(first.body.pagination.nextCursor, `${list} has a second page`);
  return `${list}&limit=5&cursor=${encodeURIComponent(first.body.pagination.nextCursor)}`;
}

/**
 * Each request, and whether its page is read in order off one index (no Sort in the plan of the
 * statement that selects it) for the big tenant: the list in both orders, by page number and by
 * cursor, and filtered by user or action (their own indexes).
 */
const REQUESTS: Array<[string, (s: Session) => string | Promise<string>, ordered?: boolean]> = [
  ['GET /api/audit', () => '/api/audit', true],
  ['GET /api/audit oldest first', () => '/api/audit?sortOrder=asc&page=2&limit=20', true],
  ['GET /api/audit next page by cursor', (s) => secondPage(s, '/api/audit?sortOrder=desc'), true],
  [
    'GET /api/audit oldest first, next page by cursor',
    (s) => secondPage(s, '/api/audit?sortOrder=asc'),
    true,
  ],
  ['GET /api/audit counted', () => '/api/audit?withTotal=1', true],
  ['GET /api/audit by action', () => '/api/audit?action=booking_updated', true],
  [
    'GET /api/audit by action, next page by cursor',
    (s) => secondPage(s, '/api/audit?action=booking_updated'),
    true,
  ],
  ['GET /api/audit by user', (s) => `/api/audit?userId=${s.userId}`, true],
  ['GET /api/audit by role', () => '/api/audit?userRole=hall_owner'],
  ['GET /api/audit by target type', () => '/api/audit?targetType=booking'],
  [
    'GET /api/audit between dates',
    () => `/api/audit?startDate=2020-01-01&endDate=${new Date().toISOString()}`,
    true,
  ],
  ['GET /api/audit/stats', () => '/api/audit/stats'],
  ['GET /api/audit/actions', () => '/api/audit/actions'],
  ['GET /api/audit/export.csv', () => '/api/audit/export.csv?action=booking_created'],
];

describe(
  'the requests read big tenant tables through tenant indexes',
  { skip: !server && 'needs the PostgreSQL server (TEST_DATABASE_URL)' },
  () => {
    before(async () => {
      if (!server) return;
      h = await startAdmin();
      owner = await login(h, 'owner@demo.local');
      small = await login(h, 'owner2@demo.local');
      await seed(owner.userId, 2000, owner.userId);
      await seed(small.userId, 200, small.userId);
      // A crowd of 200 tenants of 100 entries: the big tenant is ~9 % of the table.
      for (let i = 0; i < 200; i++) await seed(randomUUID(), 100);
      big = await analyzeTenantTables(h.kit.db, 1000);
    });
    after(async () => {
      await h?.close();
    });

    for (const [who, size] of [
      [() => small, 'a small tenant'],
      [() => owner, 'the big tenant'],
    ] as const) {
      for (const [name, path, ordered] of REQUESTS) {
        test(`${name}, as ${size}`, async () => {
          const session = who();
          const url = await path(session);
          let status = 0;
          const statements = await recordTenantStatements(h.kit.db, async () => {
            status = (await call(h, 'GET', url, { token: session.token })).status;
          });
          assert.equal(status, 200, `${name} answered ${status}`);
          assert.ok(statements.length > 0, 'the request ran statements in a tenant transaction');
          assert.ok(big.has('audit_log'), 'audit_log is seeded big enough to matter');
          assert.deepEqual(await readsWithoutTenant(h.kit.db, statements, big), []);
          if (ordered && session === owner) {
            // the page: read in order off the list's index, never every row then sorted
            await assertPageReadInOrder(h.kit.db, statements, 'audit_log', url);
          }
        });
      }
    }
  },
);
