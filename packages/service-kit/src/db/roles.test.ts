// Least privilege (docs/decisions/0019-database-roles.md): the owner role migrates, the
// application role serves requests and cannot undo row-level security. On PGlite by default,
// on the PostgreSQL server with TEST_DATABASE_URL.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DomainEvent } from '@venue/contracts';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { createService } from '../service.ts';
import { createLogger } from '../log.ts';
import { startTestService, testKeys, type TestService } from '../testing/index.ts';
import { asSuperuser, createTestDatabase, ownerTx } from '../testing/database.ts';
import { OWNER_A, OWNER_B, migrationsDir, publishWidget, widgetsApp } from '../test-fixtures/widgets-app.ts';
import { call, eventually } from '../test-fixtures/http.ts';
import { pgliteDriver } from './pglite.ts';
import { migrate } from './migrations.ts';
import { driverOf } from './database.ts';
import type { Tx } from './types.ts';
import { APP_ROLE, OWNER_ROLE } from './driver.ts';

const onPg = Boolean(process.env.TEST_DATABASE_URL);
const pgliteOnly = onPg && 'about PGlite alone';
const serverOnly = !onPg && 'needs the PostgreSQL server (TEST_DATABASE_URL)';
const quiet = () => createLogger(process.env.LOG_LEVEL ?? 'silent');

/** Warnings the kit raises about database roles while `fn` runs. */
async function roleWarnings<T>(fn: () => Promise<T>): Promise<{ value: T; warnings: string[] }> {
  const warnings: string[] = [];
  const listener = (w: Error & { code?: string }) => {
    if (w.code === 'VENUE_DATABASE_ROLE') warnings.push(w.message);
  };
  process.on('warning', listener);
  try {
    const value = await fn();
    await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
    return { value, warnings };
  } finally {
    process.off('warning', listener);
  }
}

describe('the application role', () => {
  let t: TestService;
  let token: string;

  before(async () => {
    const keys = await testKeys();
    t = await startTestService(
      widgetsApp({
        subscriptions: { widgets: ['widget.*'] },
        consumers: {
          'widget.*': async (event: DomainEvent, tx: Tx) => {
            await tx.query('INSERT INTO kit_log (what) VALUES ($1)', [
              `${event.type}:${(event.data as { name: string }).name}`,
            ]);
          },
        },
      }),
    );
    token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
  });
  after(() => t.close());

  const asApp = (sql: string) => t.kit.db.systemTx((tx) => tx.query(sql));

  it('is an ordinary role that owns nothing; the owner role owns the schema and its tables', async () => {
    const { rows } = await t.kit.db.query<{
      me: string;
      schema_owner: string;
      owners: string[];
      create: boolean;
    }>(
      `SELECT current_user AS me,
              (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1) AS schema_owner,
              (SELECT array_agg(DISTINCT tableowner::text) FROM pg_tables WHERE schemaname = $1) AS owners,
              has_schema_privilege(current_user, $1, 'CREATE') AS create`,
      [t.schema],
    );
    assert.deepEqual(rows[0], {
      me: APP_ROLE,
      schema_owner: OWNER_ROLE,
      owners: [OWNER_ROLE],
      create: false,
    });
  });

  it('has DML on the tables, SELECT only on schema_migrations, and no TRUNCATE', async () => {
    const { rows } = await t.kit.db.query<{ table: string; privileges: string }>(
      `SELECT c.relname AS table,
              coalesce((SELECT string_agg(privilege_type, ',' ORDER BY privilege_type)
                          FROM information_schema.role_table_grants g
                         WHERE g.table_schema = $1 AND g.table_name = c.relname AND g.grantee = current_user), '') AS privileges
         FROM pg_class c
        WHERE c.relnamespace = $1::regnamespace AND c.relkind = 'r'
        ORDER BY c.relname`,
      [t.schema],
    );
    const dml = 'DELETE,INSERT,SELECT,UPDATE';
    const expected = rows.map((r) => ({
      table: r.table,
      privileges: r.table === 'schema_migrations' ? 'SELECT' : dml,
    }));
    assert.deepEqual(rows, expected);
    for (const table of ['inbox', 'kit_log', 'outbox', 'widgets']) {
      assert.ok(
        rows.some((r) => r.table === table),
        table,
      );
    }
    await assert.rejects(asApp('TRUNCATE widgets'), /permission denied/);
  });

  it('cannot switch row-level security off, drop or add a policy, or become the owner', async () => {
    for (const sql of [
      'ALTER TABLE widgets DISABLE ROW LEVEL SECURITY',
      'ALTER TABLE widgets NO FORCE ROW LEVEL SECURITY',
      'DROP POLICY tenant_isolation ON widgets',
      'CREATE POLICY everything ON widgets USING (true)',
      'ALTER TABLE outbox DISABLE ROW LEVEL SECURITY',
      'DROP TABLE widgets',
    ]) {
      await assert.rejects(asApp(sql), /must be owner/, sql);
    }
    await assert.rejects(asApp('CREATE TABLE sneaky (tenant_id uuid)'), /permission denied for schema/);
    if (onPg) await assert.rejects(asApp(`SET ROLE ${OWNER_ROLE}`), /permission denied to set role/);
    const rls = await t.kit.db.query<{ relname: string; on: boolean }>(
      `SELECT relname, relrowsecurity AND relforcerowsecurity AS on FROM pg_class
        WHERE relnamespace = $1::regnamespace AND relname IN ('widgets', 'outbox', 'inbox') ORDER BY relname`,
      [t.schema],
    );
    assert.deepEqual(
      rls.rows.map((r) => [r.relname, r.on]),
      [
        ['inbox', true],
        ['outbox', true],
        ['widgets', true],
      ],
    );
  });

  it(
    'on PGlite is a SET ROLE under the superuser session, so it holds against mistakes, not injected SQL',
    { skip: pgliteOnly },
    async () => {
      // PGlite's `username` option is `SET ROLE` after starting as its bootstrap superuser, and
      // no option makes the session user anyone else (decision 0019 says what this means).
      const { rows } = await t.kit.db.query<{ current: string; session: string }>(
        'SELECT current_user AS current, session_user AS session',
      );
      assert.deepEqual(rows, [{ current: APP_ROLE, session: 'postgres' }]);
    },
  );

  it('reads back only its own tenant’s outbox rows, yet may write events for no tenant or another', async () => {
    const created = await call(t.url, 'POST', '/api/widgets', { token, body: { name: 'outboxed' } });
    assert.equal(created.status, 201);
    await t.kit.db.tenantTx(OWNER_B, async (tx) => {
      await publishWidget(tx, 'widget.noted', { name: 'platform' }, { tenantId: null });
      await publishWidget(tx, 'widget.noted', { name: 'for A' }, { tenantId: OWNER_A });
      await publishWidget(tx, 'widget.noted', { name: 'own' });
    });
    // A transaction's events are written as it ends (decision 71), so B reads them in the next.
    const writtenByB = await t.kit.db.tenantTx(
      OWNER_B,
      async (tx) =>
        (
          await tx.query<{ tenant_id: string | null; name: string }>(
            `SELECT tenant_id, data->>'name' AS name FROM outbox ORDER BY seq`,
          )
        ).rows,
    );
    assert.deepEqual(writtenByB, [{ tenant_id: OWNER_B, name: 'own' }]);

    const seenByA = await t.kit.db.tenantTx(OWNER_A, (tx) =>
      tx.query<{ tenant_id: string | null }>('SELECT DISTINCT tenant_id FROM outbox'),
    );
    assert.deepEqual(seenByA.rows, [{ tenant_id: OWNER_A }]);

    const tampered = await t.kit.db.tenantTx(OWNER_A, async (tx) => ({
      updated: (await tx.query('UPDATE outbox SET delivered_at = now(), acked = acked')).rowCount,
      deleted: (await tx.query('DELETE FROM outbox')).rowCount,
      inbox: (await tx.query('SELECT * FROM inbox')).rowCount,
    }));
    assert.deepEqual(tampered, { updated: 0, deleted: 0, inbox: 0 });

    const all = await t.kit.db.systemTx((tx) =>
      tx.query<{ name: string }>(`SELECT data->>'name' AS name FROM outbox WHERE type = 'widget.noted'`),
    );
    assert.deepEqual(all.rows.map((r) => r.name).sort(), ['for A', 'own', 'platform']);
  });

  it('still has its outbox relayed and its events consumed once', async () => {
    const created = await call(t.url, 'POST', '/api/widgets', { token, body: { name: 'relayed' } });
    assert.equal(created.status, 201);
    await t.kit.relay.flush();
    await eventually(
      async () =>
        (await t.kit.db.query(`SELECT 1 FROM kit_log WHERE what = 'widget.created:relayed'`)).rowCount === 1,
      5000,
      'the local consumer',
    );
    const pending = await t.kit.db.systemTx((tx) =>
      tx.query(`SELECT 1 FROM outbox WHERE delivered_at IS NULL AND type LIKE 'widget.%'`),
    );
    assert.equal(pending.rowCount, 0);
    const inbox = await t.kit.db.systemTx((tx) =>
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM inbox'),
    );
    assert.ok(inbox.rows[0]!.n >= 1);
  });

  it('gets privileges the owner gives up withheld too, and regains them when the owner does', async () => {
    const remigrate = () => migrate(driverOf(t.kit.db), t.schema, migrationsDir); // as every start does
    await ownerTx(t.kit.db, (tx) => tx.query('REVOKE UPDATE, DELETE ON kit_log FROM CURRENT_USER'));
    assert.deepEqual(await remigrate(), []);
    await assert.rejects(asApp(`DELETE FROM kit_log`), /permission denied/);
    await ownerTx(t.kit.db, (tx) => tx.query('GRANT UPDATE, DELETE ON kit_log TO CURRENT_USER'));
    await remigrate();
    await asApp(`DELETE FROM kit_log WHERE what = 'nothing'`);
  });
});

describe('embedded database from before the owner role', { skip: pgliteOnly }, () => {
  it('hands the schema to the owner role and keeps the data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'venue-roles-'));
    const dataDir = join(dir, 'widgets');
    try {
      // What earlier versions left behind: schema and tables owned by the application role.
      const old = await PGlite.create(dataDir, { extensions: { btree_gist } });
      await old.exec(`
        CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
        CREATE EXTENSION btree_gist;
        CREATE SCHEMA widgets AUTHORIZATION ${APP_ROLE};
        SET ROLE ${APP_ROLE};
      `);
      const oldDriver = pgliteDriver(old);
      const { warnings } = await roleWarnings(() => migrate(oldDriver, 'widgets', migrationsDir));
      assert.match(warnings.join('\n'), /owns schema "widgets"/);
      await old.exec(`SET search_path TO widgets;
        SELECT set_config('app.scope', 'system', false);
        INSERT INTO widgets (tenant_id, name) VALUES ('${OWNER_A}', 'from before');`);
      await old.close();

      const service = await createService({
        ...widgetsApp(),
        logger: quiet(),
        nats: false,
        database: { kind: 'pglite', dataDir },
      });
      try {
        const { rows } = await service.kit.db.systemTx((tx) =>
          tx.query<{ name: string; owner: string }>(
            `SELECT w.name, (SELECT tableowner::text FROM pg_tables WHERE schemaname = 'widgets' AND tablename = 'widgets') AS owner
               FROM widgets w`,
          ),
        );
        assert.deepEqual(rows, [{ name: 'from before', owner: OWNER_ROLE }]);
        await assert.rejects(
          service.kit.db.systemTx((tx) => tx.query('ALTER TABLE widgets DISABLE ROW LEVEL SECURITY')),
          /must be owner/,
        );
      } finally {
        await service.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('server mode without MIGRATION_DATABASE_URL', { skip: serverOnly }, () => {
  const start = (database: { kind: 'pg'; url: string; migrationUrl?: string }, schema: string) =>
    createService({ ...widgetsApp(), logger: quiet(), nats: false, database, schema });

  it('starts when the owner has applied every migration, and refuses while some are pending', async () => {
    const db = await createTestDatabase('roles_release');
    try {
      if (db.config.kind !== 'pg') throw new Error('pg expected');
      const appOnly = { kind: 'pg' as const, url: db.config.url };
      await assert.rejects(start(appOnly, db.schema), /MIGRATION_DATABASE_URL/);
      const migrated = await start(db.config, db.schema); // the release step, as the owner
      await migrated.close();
      const served = await start(appOnly, db.schema);
      try {
        assert.deepEqual(served.kit.migrationsApplied, []);
        const who = await served.kit.db.query<{ u: string }>('SELECT current_user AS u');
        assert.equal(who.rows[0]!.u, APP_ROLE);
      } finally {
        await served.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('still migrates a schema its own role owns (an older install), with a warning', async () => {
    const db = await createTestDatabase('roles_legacy');
    try {
      if (db.config.kind !== 'pg') throw new Error('pg expected');
      await asSuperuser((c) => c.query(`ALTER SCHEMA "${db.schema}" OWNER TO ${APP_ROLE}`));
      const { value: service, warnings } = await roleWarnings(() =>
        start({ kind: 'pg', url: db.config.kind === 'pg' ? db.config.url : '' }, db.schema),
      );
      try {
        assert.deepEqual(service.kit.migrationsApplied, ['001_widgets.sql', '002_log.sql']);
        assert.match(warnings.join('\n'), /owns schema/);
        const id = randomUUID();
        await service.kit.db.tenantTx(id, (tx) =>
          tx.query(`INSERT INTO widgets (tenant_id, name) VALUES ($1, 'legacy')`, [id]),
        );
      } finally {
        await service.close();
      }
    } finally {
      await db.drop();
    }
  });
});
