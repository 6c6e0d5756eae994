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
  settled,
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
        return settled(await fn(asSession(tx)));
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

/** Opens the data (a folder, or memory from `image`) as the owner, for migrations, or as the app. */
async function openAs(
  location: { dataDir: string; memory: boolean },
  schema: string,
  as: 'owner' | 'app',
  image?: File | Blob,
): Promise<PGlite> {
  const db = await PGlite.create(location.memory ? 'memory://' : location.dataDir, {
    ...baseOptions(),
    ...(image ? { loadDataDir: image } : {}),
    ...(as === 'app' ? { username: APP_ROLE } : {}),
  });
  try {
    if (as === 'owner') {
      if (!location.memory) await bootstrap(db, schema);
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
}

/**
 * The embedded database (decision 0019). PGlite has one connection, fixed when it opens, so the
 * roles are phases of the data folder: it opens as the superuser, bootstraps the roles and
 * `SET ROLE`s to the owner for `migrate`; the first ordinary statement (or the end of
 * `withOwner`) closes it and reopens the same data as the application role, which owns nothing.
 * In memory the data moves across as a dump, and nothing opens before it is needed.
 * `withOwner` later (tests) goes back the same way, after the statements in flight.
 */
class EmbeddedDatabase {
  readonly location: { dataDir: string; memory: boolean };
  readonly schema: string;
  db: PGlite | undefined;
  phase: 'none' | 'owner' | 'app' = 'none';
  closed = false;
  /** A fresh in-memory database as its first migration left it (for `keepMigrated`). */
  handedOver: File | Blob | undefined;
  // Statements in flight as the application role, and the owner's turn waiting for them.
  readonly inApp = new AsyncLocalStorage<true>();
  active = 0;
  drained: (() => void) | undefined;
  ownerTurn: Promise<void> | undefined;
  switching: Promise<void> | undefined;
  // The application's statements, one engine call each (pglite-wire.ts); a reopened database
  // gets its own, with its own named statements.
  readonly wires = new WeakMap<PGlite, PgliteWire>();

  constructor(dataDir: string, schema: string) {
    this.location = { dataDir, memory: dataDir.startsWith('memory://') };
    this.schema = schema;
  }

  async reopen(as: 'owner' | 'app'): Promise<File | Blob | undefined> {
    const image = this.location.memory
      ? await (this.phase === 'none' ? memoryImage(this.schema) : this.db!.dumpDataDir('none'))
      : undefined;
    await this.db?.close();
    this.db = undefined;
    this.db = await openAs(this.location, this.schema, as, image);
    this.phase = as;
    return image;
  }

  wire(d: PGlite): PgliteWire {
    let w = this.wires.get(d);
    if (!w) this.wires.set(d, (w = pgliteWire(d)));
    return w;
  }

  async asApp<T>(fn: (db: PGlite) => Promise<T>): Promise<T> {
    // Nested use (a query inside `session`) must not wait for a turn its caller is holding up.
    if (!this.inApp.getStore()) {
      while (this.ownerTurn || this.phase !== 'app') {
        if (this.closed) throw new Error('The embedded database is closed');
        if (this.ownerTurn) await this.ownerTurn.catch(() => {});
        else
          await (this.switching ??= this.reopen('app').then(
            () => void (this.switching = undefined),
            (err: unknown) => {
              this.switching = undefined;
              throw err;
            },
          ));
      }
    }
    this.active++;
    try {
      return await this.inApp.run(true, () => fn(this.db!));
    } finally {
      if (--this.active === 0) this.drained?.();
    }
  }

  appSession(): Session {
    return {
      query: <T>(sql: string, params?: QueryParams) => this.asApp((d) => this.wire(d).query<T>(sql, params)),
      exec: (sql: string) => this.asApp((d) => this.wire(d).exec(sql)),
    };
  }

  async withOwner<T>(fn: (owner: Driver, appRole: string) => Promise<T>): Promise<T> {
    while (this.ownerTurn) await this.ownerTurn.catch(() => {});
    let done!: () => void;
    this.ownerTurn = new Promise<void>((ok) => (done = ok));
    try {
      if (this.active > 0) await new Promise<void>((ok) => (this.drained = ok));
      this.drained = undefined;
      if (this.switching) await this.switching;
      const fresh = this.phase === 'none';
      this.handedOver = undefined;
      if (this.phase !== 'owner') await this.reopen('owner');
      let value: T;
      try {
        value = await fn(pgliteDriver(this.db!), APP_ROLE);
      } catch (err) {
        await this.reopen('app');
        throw err;
      }
      const image = await this.reopen('app');
      if (fresh) this.handedOver = image;
      return value;
    } finally {
      this.ownerTurn = undefined;
      done();
    }
  }

  // A fresh in-memory database whose migrations another one has already run starts from that
  // result, as the application role: one load instead of migrating and two.
  async reuseMigrated(key: string): Promise<boolean> {
    const { memory } = this.location;
    const image = migratedImages.get(key) ?? (memory ? imageFromDisk(key) : undefined);
    if (!memory || this.phase !== 'none' || this.ownerTurn || this.switching || !image) return false;
    this.db = await openAs(this.location, this.schema, 'app', image);
    this.phase = 'app';
    return true;
  }

  keepMigrated(key: string): void {
    if (this.location.memory && this.handedOver) {
      migratedImages.set(key, this.handedOver);
      void imageToDisk(key, this.handedOver);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.ownerTurn) await this.ownerTurn.catch(() => {});
    if (this.switching) await this.switching.catch(() => {});
    await this.db?.close();
  }

  driver(): Driver {
    return {
      kind: 'pglite',
      query: (sql, params) => this.appSession().query(sql, params),
      // One connection: concurrent requests wait their turn (the wire's), a transaction at a time.
      transaction: (fn, settings) =>
        this.asApp((d) =>
          this.wire(d).transaction(settings ? `BEGIN; ${settings}` : 'BEGIN', async (s) =>
            settled(await fn(s)),
          ),
        ),
      // A read in one transaction made read-only: PGlite is in the process, so BEGIN and COMMIT
      // cost no round trip and the session-level scope of the network driver would buy nothing.
      read: (fn, scope) =>
        this.asApp((d) =>
          this.wire(d).transaction(
            `BEGIN READ ONLY; ${scopeStatement(scope.schema, scope.tenantId, true)}`,
            fn,
          ),
        ),
      // One connection only: the "dedicated session" is the database itself.
      session: (fn) => this.asApp(() => fn(this.appSession())),
      withOwner: (fn) => this.withOwner(fn),
      reuseMigrated: (key) => this.reuseMigrated(key),
      keepMigrated: (key) => this.keepMigrated(key),
      close: () => this.close(),
    };
  }
}

export async function openPgliteDriver(dataDir: string, schema: string): Promise<Driver> {
  const database = new EmbeddedDatabase(dataDir, schema);
  if (!database.location.memory) {
    mkdirSync(dataDir, { recursive: true });
    database.db = await openAs(database.location, schema, 'owner');
    database.phase = 'owner';
  }
  return database.driver();
}
