import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Driver, Session } from './driver.ts';

/**
 * Tables the kit itself owns in every service schema. They are not tenant data (no RLS):
 * the relay reads every tenant's outbox rows, and the inbox only holds event ids.
 */
const KIT_TABLES = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS outbox (
    id uuid PRIMARY KEY,
    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    type text NOT NULL,
    source text NOT NULL,
    tenant_id text,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    data jsonb NOT NULL,
    delivered_at timestamptz,
    acked text[] NOT NULL DEFAULT '{}',
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    last_error text
  );
  CREATE INDEX IF NOT EXISTS outbox_undelivered ON outbox (seq) WHERE delivered_at IS NULL;
  CREATE TABLE IF NOT EXISTS inbox (
    event_id uuid PRIMARY KEY,
    processed_at timestamptz NOT NULL DEFAULT now()
  );
`;

/** Names and texts of `*.sql` files in `dir`, in name order (001_init.sql, 002_x.sql …). */
export async function readMigrations(
  dir: URL | string | undefined,
): Promise<Array<{ name: string; sql: string }>> {
  if (!dir) return [];
  const path = typeof dir === 'string' ? dir : fileURLToPath(dir);
  let names: string[];
  try {
    names = (await readdir(path)).filter((n) => n.endsWith('.sql')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(`${path.replace(/\/$/, '')}/${name}`, 'utf8') })),
  );
}

/**
 * Applies the kit tables and then each pending migration once, each in its own transaction
 * holding an advisory lock on the schema, so replicas starting together do not race.
 * Returns the names applied by this call.
 */
export async function migrate(
  driver: Driver,
  schema: string,
  dir: URL | string | undefined,
): Promise<string[]> {
  const lockKey = `venue.migrate.${schema}`;
  const locked = async <T>(fn: (s: Session) => Promise<T>) =>
    driver.transaction(async (s) => {
      await s.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey]);
      await s.query("SELECT set_config('search_path', $1, true)", [`"${schema}", public`]);
      return fn(s);
    });

  await locked((s) => s.exec(KIT_TABLES));

  const applied: string[] = [];
  for (const m of await readMigrations(dir)) {
    const ran = await locked(async (s) => {
      const done = await s.query('SELECT 1 FROM schema_migrations WHERE name = $1', [m.name]);
      if (done.rowCount > 0) return false;
      try {
        await s.exec(m.sql);
      } catch (err) {
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      await s.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
      return true;
    });
    if (ran) applied.push(m.name);
  }
  return applied;
}
