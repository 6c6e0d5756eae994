import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions, type Results } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { APP_ROLE, type Driver, type Session } from './driver.ts';
import { parseInt8 } from './int8.ts';
import type { QueryParams, QueryResult } from './types.ts';

const INT8_OID = 20;

function baseOptions(): PGliteOptions {
  return { extensions: { btree_gist }, parsers: { [INT8_OID]: parseInt8 } };
}

function toResult<T>(r: Results<T>): QueryResult<T> {
  return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
}

/**
 * Runs as PGlite's superuser exactly once per open: creates the application role, the
 * extensions migrations rely on, and the service's schema owned by that role.
 */
async function bootstrap(db: PGlite, schema: string): Promise<void> {
  await db.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
      END IF;
    END $$;
    CREATE EXTENSION IF NOT EXISTS btree_gist;
    CREATE SCHEMA IF NOT EXISTS "${schema}" AUTHORIZATION ${APP_ROLE};
  `);
}

/** In-memory databases cannot be closed and reopened, so tests reuse a bootstrapped image. */
const memoryImages = new Map<string, Promise<File | Blob>>();

async function memoryImage(schema: string): Promise<File | Blob> {
  let image = memoryImages.get(schema);
  if (!image) {
    image = (async () => {
      const su = await PGlite.create('memory://', baseOptions());
      try {
        await bootstrap(su, schema);
        return await su.dumpDataDir('none');
      } finally {
        await su.close();
      }
    })();
    memoryImages.set(schema, image);
    image.catch(() => memoryImages.delete(schema));
  }
  return image;
}

export async function openPglite(dataDir: string, schema: string, superuser = false): Promise<PGlite> {
  const memory = dataDir.startsWith('memory://');
  if (superuser) {
    const db = await PGlite.create(memory ? 'memory://' : dataDir, baseOptions());
    await db.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    return db;
  }
  if (memory) {
    return PGlite.create('memory://', {
      ...baseOptions(),
      loadDataDir: await memoryImage(schema),
      username: APP_ROLE,
    });
  }
  mkdirSync(dataDir, { recursive: true });
  const su = await PGlite.create(dataDir, baseOptions());
  try {
    await bootstrap(su, schema);
  } finally {
    await su.close();
  }
  return PGlite.create(dataDir, { ...baseOptions(), username: APP_ROLE });
}

export function pgliteDriver(db: PGlite): Driver {
  const asSession = (q: Pick<PGlite, 'query' | 'exec'>): Session => ({
    async query<T>(sql: string, params?: QueryParams) {
      return toResult(await q.query<T>(sql, params as unknown[] | undefined));
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const direct = asSession(db);
  return {
    kind: 'pglite',
    query: direct.query,
    // PGlite queues transactions behind one mutex, so concurrent requests simply wait their turn.
    transaction: (fn) => db.transaction((tx) => fn(asSession(tx))),
    // One connection only: the "dedicated session" is the database itself.
    session: (fn) => fn(direct),
    close: () => db.close(),
  };
}
