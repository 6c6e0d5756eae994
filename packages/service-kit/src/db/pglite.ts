import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite, type PGliteOptions, type Results } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  APP_ROLE,
  OWNER_ROLE,
  refuseUnsafeRole,
  scopeStatement,
  type Driver,
  type ReadScope,
  type Session,
} from './driver.ts';
import { parseInt8 } from './int8.ts';
import { pgliteWire, type PgliteWire } from './pglite-wire.ts';
import type { QueryParams, QueryResult } from './types.ts';

const INT8_OID = 20;

/**
 * The embedded database's buffer cache. PostgreSQL's default (128MB) is all resident from the
 * start in PGlite (its memory is zeroed when reserved), in each of the six services: 130-150 MB
 * of a service's ~420 MB idle (issue 27 item 3). A venue's tables are a few MB to a few hundred;
 * what misses the cache is read from the operating system's, one system call per page.
 * `PGLITE_SHARED_BUFFERS` (PostgreSQL's units: 32MB, 256MB) sizes it for a big venue.
 */
export function sharedBuffers(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.PGLITE_SHARED_BUFFERS ?? '32MB';
  if (!/^[1-9][0-9]*(kB|MB|GB)$/.test(value))
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 32MB or 256MB, not "${value}"`);
  return value;
}

function baseOptions(): PGliteOptions {
  return {
    // pg_trgm + btree_gin: the bookings search's tenant-led trigram index (bookings migration 014)
    extensions: { btree_gist, btree_gin, pg_trgm },
    parsers: { [INT8_OID]: parseInt8 },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers()}`],
  };
}

function toResult<T>(r: Results<T>): QueryResult<T> {
  return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
}

function asSession(q: Pick<PGlite, 'query' | 'exec'>): Session {
  return {
    async query<T>(sql: string, params?: QueryParams) {
      return toResult(await q.query<T>(sql, params as unknown[] | undefined));
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/**
 * A read in one transaction made read-only: PGlite is in the process, so BEGIN and COMMIT cost no
 * round trip and the session-level scope of the network driver would buy nothing.
 */
async function readIn(tx: Pick<PGlite, 'query' | 'exec'>, scope: ReadScope): Promise<void> {
  await tx.exec(`SET TRANSACTION READ ONLY; ${scopeStatement(scope.schema, scope.tenantId, true)}`);
}

/**
 * Runs as PGlite's superuser: creates the owner and application roles, the extensions the
 * migrations rely on, and the service's schema owned by the owner role. A data folder from
 * before decision 0019 (the application role owned the schema and its tables) is handed over to
 * the owner; `migrate` then grants the application role what it uses.
 */
async function bootstrap(db: PGlite, schema: string): Promise<void> {
  await db.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${OWNER_ROLE}') THEN
        CREATE ROLE ${OWNER_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
      END IF;
    END $$;
    CREATE EXTENSION IF NOT EXISTS btree_gist;
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE SCHEMA IF NOT EXISTS "${schema}" AUTHORIZATION ${OWNER_ROLE};
    DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = '${schema}' AND nspowner = '${APP_ROLE}'::regrole)
         OR EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = '"${schema}"'::regnamespace
                                             AND relowner = '${APP_ROLE}'::regrole) THEN
        REASSIGN OWNED BY ${APP_ROLE} TO ${OWNER_ROLE};
      END IF;
    END $$;
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

/** PGlite's built-in superuser, with only the schema created: for the test proving the service refuses it. */
export async function openPgliteSuperuser(dataDir: string, schema: string): Promise<PGlite> {
  const db = await PGlite.create(dataDir.startsWith('memory://') ? 'memory://' : dataDir, baseOptions());
  await db.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}", public`);
  return db;
}

/** A driver over one PGlite instance, with no way to the owner. */
export function pgliteDriver(db: PGlite): Driver {
  const direct = asSession(db);
  return {
    kind: 'pglite',
    query: direct.query,
    // PGlite queues transactions behind one mutex, so concurrent requests simply wait their turn.
    transaction: (fn, settings) =>
      db.transaction(async (tx) => {
        if (settings) await tx.query(settings);
        return fn(asSession(tx));
      }),
    read: (fn, scope) =>
      db.transaction(async (tx) => {
        await readIn(tx, scope);
        return fn(asSession(tx));
      }),
    // One connection only: the "dedicated session" is the database itself.
    session: (fn) => fn(direct),
    withOwner: null,
    close: () => db.close(),
  };
}

/** Memory images right after migrating, by schema and migrations (see `Driver.reuseMigrated`). */
const migratedImages = new Map<string, File | Blob>();

/**
 * `npm test` runs each test file in a process of its own, and each one starting a service on an
 * in-memory database paid ~10 s of CPU to create, bootstrap, migrate and reload it. With
 * VENUE_PGLITE_IMAGE_DIR (a folder `scripts/test.mjs` makes fresh for each run) the image right
 * after migrating is also kept there, by the same key (schema and every migration's text), so
 * the run's other processes start from it with one load.
 */
function imageFile(key: string): string | null {
  const dir = process.env.VENUE_PGLITE_IMAGE_DIR;
  return dir ? join(dir, `${key}.tar.gz`) : null;
}

function imageFromDisk(key: string): Blob | undefined {
  const file = imageFile(key);
  if (!file || !existsSync(file)) return undefined;
  try {
    return new Blob([gunzipSync(readFileSync(file))]);
  } catch {
    return undefined;
  }
}

async function imageToDisk(key: string, image: File | Blob): Promise<void> {
  const file = imageFile(key);
  if (!file || existsSync(file)) return;
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    // Written aside and renamed, so another process never reads half a file.
    const part = `${file}.${process.pid}.part`;
    // A 40 MB tar is ~5 MB at gzip's fastest level, for a tenth of a second.
    writeFileSync(part, gzipSync(Buffer.from(await image.arrayBuffer()), { level: 1 }));
    renameSync(part, file);
  } catch {
    // Only a speed-up: a process that cannot keep it migrates as before.
  }
}

/**
 * The embedded database (decision 0019). PGlite has one connection, fixed when it opens, so the
 * roles are phases of the data folder: it opens as the superuser, bootstraps the roles and
 * `SET ROLE`s to the owner for `migrate`; the first ordinary statement (or the end of
 * `withOwner`) closes it and reopens the same data as the application role, which owns nothing.
 * In memory the data moves across as a dump, and nothing opens before it is needed.
 * `withOwner` later (tests) goes back the same way, after the statements in flight.
 */
export async function openPgliteDriver(dataDir: string, schema: string): Promise<Driver> {
  const memory = dataDir.startsWith('memory://');
  const open = async (as: 'owner' | 'app', image?: File | Blob): Promise<PGlite> => {
    const db = await PGlite.create(memory ? 'memory://' : dataDir, {
      ...baseOptions(),
      ...(image ? { loadDataDir: image } : {}),
      ...(as === 'app' ? { username: APP_ROLE } : {}),
    });
    try {
      if (as === 'owner') {
        if (!memory) await bootstrap(db, schema);
        await db.exec(`SET ROLE ${OWNER_ROLE}`);
      } else {
        await refuseUnsafeRole(asSession(db));
      }
      await db.exec(`SET search_path TO "${schema}", public`);
      return db;
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
  };

  let db: PGlite | undefined;
  let phase: 'none' | 'owner' | 'app' = 'none';
  let closed = false;
  /** A fresh in-memory database as its first migration left it (for `keepMigrated`). */
  let handedOver: File | Blob | undefined;
  if (!memory) {
    mkdirSync(dataDir, { recursive: true });
    db = await open('owner');
    phase = 'owner';
  }

  const reopen = async (as: 'owner' | 'app') => {
    const image = memory
      ? await (phase === 'none' ? memoryImage(schema) : db!.dumpDataDir('none'))
      : undefined;
    await db?.close();
    db = undefined;
    db = await open(as, image);
    phase = as;
    return image;
  };

  // Statements in flight as the application role, and the owner's turn waiting for them.
  const inApp = new AsyncLocalStorage<true>();
  let active = 0;
  let drained: (() => void) | undefined;
  let ownerTurn: Promise<void> | undefined;
  let switching: Promise<void> | undefined;

  async function asApp<T>(fn: (db: PGlite) => Promise<T>): Promise<T> {
    // Nested use (a query inside `session`) must not wait for a turn its caller is holding up.
    if (!inApp.getStore()) {
      while (ownerTurn || phase !== 'app') {
        if (closed) throw new Error('The embedded database is closed');
        if (ownerTurn) await ownerTurn.catch(() => {});
        else
          await (switching ??= reopen('app').then(
            () => void (switching = undefined),
            (err: unknown) => {
              switching = undefined;
              throw err;
            },
          ));
      }
    }
    active++;
    try {
      return await inApp.run(true, () => fn(db!));
    } finally {
      if (--active === 0) drained?.();
    }
  }

  // The application's statements, one engine call each (pglite-wire.ts); a reopened database
  // gets its own, with its own named statements.
  const wires = new WeakMap<PGlite, PgliteWire>();
  const wire = (d: PGlite) => {
    let w = wires.get(d);
    if (!w) wires.set(d, (w = pgliteWire(d)));
    return w;
  };
  const appSession = (): Session => ({
    query: <T>(sql: string, params?: QueryParams) => asApp((d) => wire(d).query<T>(sql, params)),
    exec: (sql: string) => asApp((d) => wire(d).exec(sql)),
  });

  return {
    kind: 'pglite',
    query: (sql, params) => appSession().query(sql, params),
    // One connection: concurrent requests wait their turn (the wire's), a transaction at a time.
    transaction: (fn, settings) =>
      asApp((d) => wire(d).transaction(settings ? `BEGIN; ${settings}` : 'BEGIN', fn)),
    // A read in one transaction made read-only: PGlite is in the process, so BEGIN and COMMIT cost
    // no round trip and the session-level scope of the network driver would buy nothing.
    read: (fn, scope) =>
      asApp((d) =>
        wire(d).transaction(`BEGIN READ ONLY; ${scopeStatement(scope.schema, scope.tenantId, true)}`, fn),
      ),
    // One connection only: the "dedicated session" is the database itself.
    session: (fn) => asApp(() => fn(appSession())),
    async withOwner<T>(fn: (owner: Driver, appRole: string) => Promise<T>): Promise<T> {
      while (ownerTurn) await ownerTurn.catch(() => {});
      let done!: () => void;
      ownerTurn = new Promise<void>((ok) => (done = ok));
      try {
        if (active > 0) await new Promise<void>((ok) => (drained = ok));
        drained = undefined;
        if (switching) await switching;
        const fresh = phase === 'none';
        handedOver = undefined;
        if (phase !== 'owner') await reopen('owner');
        let value: T;
        try {
          value = await fn(pgliteDriver(db!), APP_ROLE);
        } catch (err) {
          await reopen('app');
          throw err;
        }
        const image = await reopen('app');
        if (fresh) handedOver = image;
        return value;
      } finally {
        ownerTurn = undefined;
        done();
      }
    },
    // A fresh in-memory database whose migrations another one has already run starts from that
    // result, as the application role: one load instead of migrating and two.
    async reuseMigrated(key: string): Promise<boolean> {
      const image = migratedImages.get(key) ?? (memory ? imageFromDisk(key) : undefined);
      if (!memory || phase !== 'none' || ownerTurn || switching || !image) return false;
      db = await open('app', image);
      phase = 'app';
      return true;
    },
    keepMigrated(key: string): void {
      if (memory && handedOver) {
        migratedImages.set(key, handedOver);
        void imageToDisk(key, handedOver);
      }
    },
    async close() {
      closed = true;
      while (ownerTurn) await ownerTurn.catch(() => {});
      if (switching) await switching.catch(() => {});
      await db?.close();
    },
  };
}
