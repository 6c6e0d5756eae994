import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../db/types.ts';
import { APP_ROLE } from '../db/driver.ts';

export interface TestDatabase {
  config: DatabaseConfig;
  schema: string;
  /** Drops the throwaway schema (PostgreSQL) — PGlite in memory just goes away. */
  drop(): Promise<void>;
}

/** `TEST_DATABASE_URL` with its user switched to the application role. */
export function appRoleUrl(superuserUrl: string): string {
  const url = new URL(superuserUrl);
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

/** Runs statements as the superuser of TEST_DATABASE_URL (setup and teardown only). */
export async function asSuperuser<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function ignoreDuplicate(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (err) {
    // Parallel test files create the same role/extension at the same moment.
    const code = (err as { code?: string }).code;
    if (code !== '42710' && code !== '23505' && code !== '42P06') throw err;
  }
}

/**
 * A fresh database for one test service: PGlite in memory (as the application role), or a new
 * random schema on TEST_DATABASE_URL owned by role venue_app, which the service connects as.
 */
export async function createTestDatabase(name: string): Promise<TestDatabase> {
  const base = name
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase()
    .slice(0, 30);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return { config: { kind: 'pglite', dataDir: 'memory://' }, schema: base, drop: async () => {} };
  }
  const schema = `t_${base}_${randomBytes(5).toString('hex')}`;
  await asSuperuser(async (c) => {
    const role = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    if (role.rowCount === 0) {
      await ignoreDuplicate(
        c.query(`CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`),
      );
    }
    const ext = await c.query("SELECT 1 FROM pg_extension WHERE extname = 'btree_gist'");
    if (ext.rowCount === 0) await ignoreDuplicate(c.query('CREATE EXTENSION IF NOT EXISTS btree_gist'));
    await c.query(`CREATE SCHEMA "${schema}" AUTHORIZATION ${APP_ROLE}`);
  });
  return {
    config: { kind: 'pg', url: appRoleUrl(url) },
    schema,
    drop: () => asSuperuser((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(() => {}),
  };
}
