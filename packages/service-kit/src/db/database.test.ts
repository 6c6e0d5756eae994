import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from '../service.ts';
import { createLogger } from '../log.ts';
import { UnsafeDatabaseRoleError } from './database.ts';
import {
  assertTenantTablesHaveRls,
  createTestDatabase,
  startTestService,
  testKeys,
  type TestService,
} from '../testing/index.ts';
import { ownerTx } from '../testing/database.ts';
import { OWNER_A, OWNER_B, widgetsApp } from '../test-fixtures/widgets-app.ts';

const quiet = () => createLogger(process.env.LOG_LEVEL ?? 'silent');
const onPg = Boolean(process.env.TEST_DATABASE_URL);
const pgliteOnly = onPg && 'about PGlite alone';
const serverOnly = !onPg && 'needs the PostgreSQL server (TEST_DATABASE_URL)';

describe('tenant isolation (row-level security)', () => {
  let t: TestService;
  let widgetA: string;

  before(async () => {
    await testKeys();
    t = await startTestService(widgetsApp());
    widgetA = await t.kit.db.tenantTx(OWNER_A, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "INSERT INTO widgets (tenant_id, name, qty) VALUES ($1, 'A chairs', 9007199254740000) RETURNING id",
        [OWNER_A],
      );
      return rows[0]!.id;
    });
  });
  after(() => t.close());

  it('runs as the application role, not a superuser', async () => {
    const { rows } = await t.kit.db.query<{ user: string; rolsuper: boolean; rolbypassrls: boolean }>(
      'SELECT current_user AS user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
    );
    assert.deepEqual(rows, [{ user: 'venue_app', rolsuper: false, rolbypassrls: false }]);
  });

  it('one tenant cannot read another tenant’s rows', async () => {
    const seenByB = await t.kit.db.tenantTx(OWNER_B, (tx) => tx.query('SELECT * FROM widgets'));
    assert.equal(seenByB.rowCount, 0);
    const seenByA = await t.kit.db.tenantTx(OWNER_A, (tx) =>
      tx.query<{ name: string; qty: number }>('SELECT name, qty FROM widgets'),
    );
    assert.deepEqual(seenByA.rows, [{ name: 'A chairs', qty: 9007199254740000 }]);
  });

  it('one tenant cannot change or delete another tenant’s rows', async () => {
    const updated = await t.kit.db.tenantTx(OWNER_B, (tx) =>
      tx.query("UPDATE widgets SET name = 'stolen' WHERE id = $1", [widgetA]),
    );
    assert.equal(updated.rowCount, 0);
    const deleted = await t.kit.db.tenantTx(OWNER_B, (tx) =>
      tx.query('DELETE FROM widgets WHERE id = $1', [widgetA]),
    );
    assert.equal(deleted.rowCount, 0);
  });

  it('one tenant cannot write rows into another tenant', async () => {
    await assert.rejects(
      t.kit.db.tenantTx(OWNER_B, (tx) =>
        tx.query("INSERT INTO widgets (tenant_id, name) VALUES ($1, 'planted')", [OWNER_A]),
      ),
      /row-level security/,
    );
    const all = await t.kit.db.systemTx((tx) => tx.query<{ name: string }>('SELECT name FROM widgets'));
    assert.deepEqual(
      all.rows.map((r) => r.name),
      ['A chairs'],
    );
  });

  it('no tenant setting at all sees nothing', async () => {
    const raw = await t.kit.db.query('SELECT * FROM widgets');
    assert.equal(raw.rowCount, 0);
  });

  it('normalises bigint to number', async () => {
    const { rows } = await t.kit.db.query<{ n: number; big: string | number }>(
      'SELECT 42::bigint AS n, 9223372036854775807::bigint AS big',
    );
    assert.equal(rows[0]!.n, 42);
    assert.equal(String(rows[0]!.big), '9223372036854775807');
  });

  it('every tenant table has RLS enabled and forced; a table without it is caught', async () => {
    assert.ok((await assertTenantTablesHaveRls(t.kit)).includes('widgets'));
    await ownerTx(t.kit.db, (tx) => tx.query('CREATE TABLE leaky (tenant_id uuid, note text)'));
    await assert.rejects(assertTenantTablesHaveRls(t.kit), /leaky/);
    await ownerTx(t.kit.db, (tx) => tx.query('DROP TABLE leaky'));
  });

  it(
    'refuses a nested transaction on the embedded database instead of deadlocking',
    { skip: pgliteOnly },
    async () => {
      await assert.rejects(
        t.kit.db.tenantTx(OWNER_A, () => t.kit.db.systemTx(async () => 1)),
        /would deadlock/,
      );
    },
  );
});

describe('start-up safety and migrations', () => {
  it('refuses to start as a superuser', async () => {
    if (onPg) {
      const db = await createTestDatabase('superuser');
      try {
        await assert.rejects(
          createService({
            ...widgetsApp(),
            logger: quiet(),
            nats: false,
            database: { kind: 'pg', url: process.env.TEST_DATABASE_URL! },
            schema: db.schema,
          }),
          (err: Error) =>
            err instanceof UnsafeDatabaseRoleError && /superuser or has BYPASSRLS/.test(err.message),
        );
      } finally {
        await db.drop();
      }
    } else {
      await assert.rejects(
        createService({
          ...widgetsApp(),
          logger: quiet(),
          nats: false,
          database: { kind: 'pglite', dataDir: 'memory://', superuser: true },
        }),
        (err: Error) =>
          err instanceof UnsafeDatabaseRoleError && /"postgres" is a superuser/.test(err.message),
      );
    }
  });

  it('applies each migration once, also when two replicas start together', { skip: serverOnly }, async () => {
    const db = await createTestDatabase('migrate');
    const start = () =>
      createService({
        ...widgetsApp(),
        logger: quiet(),
        nats: false,
        database: db.config,
        schema: db.schema,
      });
    const [a, b] = await Promise.all([start(), start()]);
    try {
      const applied = [...a.kit.migrationsApplied, ...b.kit.migrationsApplied].sort();
      assert.deepEqual(applied, ['001_widgets.sql', '002_log.sql']);
      const c = await start();
      assert.deepEqual(c.kit.migrationsApplied, []);
      await c.close();
      const { rows } = await a.kit.db.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name',
      );
      assert.deepEqual(
        rows.map((r) => r.name),
        ['001_widgets.sql', '002_log.sql'],
      );
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });

  it(
    'keeps data and applies migrations once across restarts of the embedded database',
    { skip: pgliteOnly },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'venue-kit-'));
      const start = () =>
        createService({
          ...widgetsApp(),
          logger: quiet(),
          nats: false,
          database: { kind: 'pglite', dataDir: join(dir, 'widgets') },
        });
      try {
        const first = await start();
        assert.deepEqual(first.kit.migrationsApplied, ['001_widgets.sql', '002_log.sql']);
        await first.kit.db.tenantTx(OWNER_A, (tx) =>
          tx.query("INSERT INTO widgets (tenant_id, name) VALUES ($1, 'kept')", [OWNER_A]),
        );
        await first.close();
        const second = await start();
        try {
          assert.deepEqual(second.kit.migrationsApplied, []);
          const { rows } = await second.kit.db.systemTx((tx) =>
            tx.query<{ name: string }>('SELECT name FROM widgets'),
          );
          assert.deepEqual(rows, [{ name: 'kept' }]);
          const who = await second.kit.db.query<{ u: string }>('SELECT current_user AS u');
          assert.equal(who.rows[0]!.u, 'venue_app');
        } finally {
          await second.close();
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
