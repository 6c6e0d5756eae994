import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from '../service.ts';
import { createLogger } from '../log.ts';
import { createDatabase, UnsafeDatabaseRoleError } from './database.ts';
import { pgDriver } from './pg.ts';
import {
  assertTenantTablesHaveRls,
  createTestDatabase,
  startTestService,
  testKeys,
  type TestService,
} from '../testing/index.ts';
import { ownerTx } from '../testing/database.ts';
import type { Database, Tx } from './types.ts';
import { OWNER_A, OWNER_B, publishWidget, WIDGET_EVENTS, widgetsApp } from '../test-fixtures/widgets-app.ts';

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

  it('refuses a statement sent after its transaction or read ended, so it cannot land in another', async () => {
    // A branch of a Promise.all still going when another branch threw: its next statement must
    // not run on the connection, which the pool may have given to another request meanwhile.
    let late: Promise<unknown> | undefined;
    let release = () => {};
    const goOn = { promise: new Promise<void>((r) => (release = r)), resolve: () => release() };
    await assert.rejects(
      t.kit.db.tenantTx(OWNER_A, async (tx) => {
        late = goOn.promise.then(() =>
          tx.query("INSERT INTO widgets (tenant_id, name, qty) VALUES ($1, 'late', 1)", [OWNER_A]),
        );
        throw new Error('the other branch failed');
      }),
      /the other branch failed/,
    );
    goOn.resolve();
    await assert.rejects(late!, /after its transaction ended/);
    let lateRead: Promise<unknown> | undefined;
    await t.kit.db.tenantRead(OWNER_A, async (tx) => {
      lateRead = Promise.resolve().then(async () => {
        await new Promise((r) => setTimeout(r, 20));
        return tx.query('SELECT 1');
      });
    });
    await assert.rejects(lateRead!, /after its transaction ended/);
    const { rows } = await t.kit.db.tenantTx(OWNER_A, (tx) =>
      tx.query("SELECT name FROM widgets WHERE name = 'late'"),
    );
    assert.deepEqual(rows, []);
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

describe('a read (tenantRead): no BEGIN or COMMIT, nothing written, nothing left behind', () => {
  let t: TestService;
  let db: Database;

  before(async () => {
    await testKeys();
    t = await startTestService(widgetsApp());
    // On the server, a database of one connection on the service's schema, so that each step
    // below runs on the connection the one before it left (PGlite has one anyway).
    db =
      t.database.kind === 'pg'
        ? createDatabase(pgDriver(t.database.url, t.schema, { max: 1 }), t.schema, {
            source: 'widgets',
            events: WIDGET_EVENTS,
          })
        : t.kit.db;
    await t.kit.db.tenantTx(OWNER_A, (tx) =>
      tx.query("INSERT INTO widgets (tenant_id, name) VALUES ($1, 'A tables')", [OWNER_A]),
    );
    await t.kit.db.tenantTx(OWNER_B, (tx) =>
      tx.query("INSERT INTO widgets (tenant_id, name) VALUES ($1, 'B stools')", [OWNER_B]),
    );
  });
  after(async () => {
    if (db !== t.kit.db) await db.close();
    await t.close();
  });

  // Every step on one connection: `backends` checks that premise.
  const backends = new Set<number>();
  const names = async (tx: { query: Tx['query'] }) => {
    const { rows } = await tx.query<{ name: string; pid: number }>(
      'SELECT name, pg_backend_pid() AS pid FROM widgets ORDER BY name',
    );
    rows.forEach((r) => backends.add(r.pid));
    return rows.map((w) => w.name);
  };

  it('sees its tenant’s rows only', async () => {
    assert.deepEqual(await db.tenantRead(OWNER_A, names), ['A tables']);
    assert.deepEqual(await db.tenantRead(OWNER_B, names), ['B stools']);
    assert.deepEqual(await db.tenantRead(OWNER_B, names), ['B stools'], 'again, on the scope it left');
  });

  it('is refused a write by the database, and cannot publish or audit', async () => {
    await assert.rejects(
      db.tenantRead(OWNER_A, (tx) =>
        tx.query("INSERT INTO widgets (tenant_id, name) VALUES ($1, 'sneaked')", [OWNER_A]),
      ),
      /read-only transaction/,
    );
    await assert.rejects(
      db.tenantRead(OWNER_A, (tx) => publishWidget(tx, 'widget.noted', { id: OWNER_A })),
      /cannot publish/,
    );
    assert.deepEqual(await db.tenantRead(OWNER_A, names), ['A tables']);
  });

  it('a widened read does not widen the next one', async () => {
    backends.clear();
    await db.tenantRead(OWNER_A, async (tx) => {
      await tx.rescope('app.scope', 'system');
      assert.deepEqual(await names(tx), ['A tables', 'B stools'], 'a widened read sees every tenant');
    });
    assert.deepEqual(await db.tenantRead(OWNER_A, names), ['A tables']);
    await db.tenantRead(OWNER_A, async (tx) => {
      await tx.rescope('app.tenant_id', OWNER_B);
      assert.deepEqual(await names(tx), ['B stools'], 'a read moved to another tenant sees that one');
    });
    assert.deepEqual(await db.tenantRead(OWNER_A, names), ['A tables']);
    assert.equal(backends.size, 1, 'every step on one connection');
  });

  it('leaves the connection with no tenant, no system scope and writable for what comes next', async () => {
    backends.clear();
    await db.tenantRead(OWNER_A, names);
    // Unscoped statements on the same connection: no tenant's rows, and writes allowed.
    const { rows } = await db.query<{ n: number; ro: string; pid: number }>(
      "SELECT count(*)::int AS n, current_setting('transaction_read_only') AS ro, pg_backend_pid() AS pid FROM widgets",
    );
    assert.deepEqual(
      rows.map(({ n, ro }) => ({ n, ro })),
      [{ n: 0, ro: 'off' }],
    );
    assert.ok(backends.has(rows[0]!.pid), 'on the connection the read used');
    // A transaction after a read writes, in its own tenant only.
    await db.tenantRead(OWNER_A, names);
    await db.tenantTx(OWNER_B, (tx) =>
      tx.query("INSERT INTO widgets (tenant_id, name) VALUES ($1, 'B benches')", [OWNER_B]),
    );
    assert.deepEqual(await db.tenantRead(OWNER_B, names), ['B benches', 'B stools']);
    assert.deepEqual(await db.tenantRead(OWNER_A, names), ['A tables']);
    assert.equal(backends.size, 1, 'every step on one connection');
  });

  it(
    'sends no BEGIN on the server: each statement is its own transaction',
    { skip: serverOnly },
    async () => {
      const own = `SELECT xact_start = query_start AS own FROM pg_stat_activity WHERE pid = pg_backend_pid()`;
      const read = await db.tenantRead(OWNER_A, (tx) => tx.query<{ own: boolean }>(own));
      assert.deepEqual(read.rows, [{ own: true }]);
      const inTx = await db.tenantTx(OWNER_A, (tx) => tx.query<{ own: boolean }>(own));
      assert.deepEqual(inTx.rows, [{ own: false }], 'in a transaction the statement starts after BEGIN');
    },
  );

  it('tells the database it is read-only', async () => {
    const { rows } = await db.tenantRead(OWNER_A, (tx) =>
      tx.query<{ ro: string }>("SELECT current_setting('transaction_read_only') AS ro"),
    );
    assert.deepEqual(rows, [{ ro: 'on' }]);
  });
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
