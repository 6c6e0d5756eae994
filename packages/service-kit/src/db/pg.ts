import type { Socket } from 'node:net';
import pg from 'pg';
import {
  SESSION_RESET,
  scopeStatement,
  Trailing,
  type Driver,
  type ReadScope,
  type Session,
} from './driver.ts';
import { parseInt8 } from './int8.ts';
import { parseTimestamptz } from './timestamptz.ts';
import type { QueryParams, QueryResult } from './types.ts';

const INT8_OID = 20;
const TIMESTAMPTZ_OID = 1184;
const pgTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text');
const timestamptz = (text: string) => parseTimestamptz(text, pgTimestamptz);

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return parseInt8;
    if (oid === TIMESTAMPTZ_OID && format !== 'binary') return timestamptz;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function toResult<T>(r: pg.QueryResult): QueryResult<T> {
  return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
}

const ignore = (): void => {};

/**
 * Statements queued in one turn of the event loop leave in one socket write: the socket is corked
 * when the first of them is queued and uncorked once the turn's microtasks have run
 * (setImmediate). A request that asks for several independent reads at once (Promise.all) so
 * costs one write and one round trip instead of one each; system calls were a third of a
 * service's CPU in the insights profile (issue 14). pg corks around each statement itself; corks
 * nest, so nothing leaves before ours is lifted.
 */
function writeBatcher(socket: Socket): () => void {
  let corked = false;
  const flush = (): void => {
    corked = false;
    socket.uncork();
  };
  return () => {
    if (corked) return;
    corked = true;
    socket.cork();
    setImmediate(flush);
  };
}

/**
 * Named (prepared) statements: a statement with parameters is parsed once per connection and
 * then only bound and executed, and after five runs PostgreSQL keeps a generic plan for it
 * instead of planning each call (issue 27 item 4: parse and plan were 0.3–0.9 ms of each list
 * statement, ~1.5 ms of the database's CPU per booking create). Parameterless text (BEGIN,
 * scripts, the scope statement) stays on the simple protocol. Both caps bound memory on both
 * sides: statement texts that vary without end (a list of n placeholders) stop being named once
 * the process knows MAX_NAMES, and a connection prepares at most MAX_PER_CONNECTION (each one a
 * plan kept by its backend); past either the statement is sent unnamed, as before. Prepared
 * statements outlive transactions and nothing here discards them (SESSION_RESET only resets
 * settings), so node-postgres' own record of what a connection has parsed stays true.
 */
const MAX_NAMES = 5_000;
const MAX_PER_CONNECTION = 200;
const names = new Map<string, string>();
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

function statementName(client: pg.PoolClient, sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) return undefined;
    name = `vd${names.size + 1}`;
    names.set(sql, name);
  }
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Set()));
  if (prepared.has(name)) return name;
  if (prepared.size >= MAX_PER_CONNECTION) return undefined;
  prepared.add(name);
  return name;
}

/** A statement as node-postgres takes it: named when it has parameters and a cache slot. */
function statementOf(client: pg.PoolClient, sql: string, params?: unknown[]): pg.QueryConfig {
  const name = params && params.length > 0 ? statementName(client, sql) : undefined;
  return name ? { name, text: sql, values: params } : { text: sql, values: params };
}

function socketOf(client: pg.PoolClient): Socket {
  return (client as unknown as { connection: { stream: Socket } }).connection.stream;
}

/**
 * A session on one client. With `begun` (a transaction's BEGIN and scope, sent but maybe not yet
 * answered), each statement is sent at once behind it and its result used only once BEGIN has
 * succeeded: if BEGIN failed, that error is the one thrown.
 */
function asSession(
  client: pg.PoolClient,
  batch: () => void,
  begun?: Promise<unknown>,
  onStatement?: (sql: string) => void,
): Session {
  const run = async (sql: string, params?: unknown[]) => {
    onStatement?.(sql);
    batch();
    const pending = client.query(statementOf(client, sql, params));
    if (begun) {
      // Observed here so a failed BEGIN (which fails this statement too) is not also unhandled.
      pending.catch(ignore);
      await begun;
    }
    return pending;
  };
  return {
    async query<T>(sql: string, params?: QueryParams) {
      return toResult<T>(await run(sql, params as unknown[] | undefined));
    },
    async exec(sql: string) {
      await run(sql);
    },
  };
}

/**
 * The scope statement each client's session carries from a read (a tenant, read-only by
 * default). A read on a client that already carries its scope sends no statement for it at all;
 * a transaction sets its own scope, local to it, in its first write; anything else on such a
 * client is sent behind SESSION_RESET, in the same write.
 */
const sessionScope = new WeakMap<pg.PoolClient, string>();

/**
 * A statement that may change a session setting (`Tx.rescope`, SET, RESET): after it the scope
 * a client carries is no longer the one remembered.
 */
const CHANGES_SETTINGS = /\bset_config\b|^\s*(SET|RESET)\b/i;

/** Queues the reset a scoped client needs before unscoped statements; undefined when none. */
function unscope(client: pg.PoolClient, batch: () => void): Promise<unknown> | undefined {
  if (!sessionScope.has(client)) return undefined;
  sessionScope.delete(client);
  batch();
  const reset = client.query(SESSION_RESET);
  reset.catch(ignore);
  return reset;
}

/** An SQL error leaves the connection usable; anything else (a broken socket) retires it. */
const retiring = (err: unknown): Error | undefined =>
  err instanceof pg.DatabaseError ? undefined : (err as Error);

export interface PgDriverOptions {
  /** Pool size (default DB_POOL_MAX, else 10). */
  max?: number;
  /** The schema owner's URL, used only while migrating (MIGRATION_DATABASE_URL). */
  migrationUrl?: string;
}

function createPool(url: string, schema: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: typeParsers,
    // search_path as a startup parameter: every pooled connection gets it before any statement.
    options: `-c search_path=${schema},public`,
    application_name: `venue-${schema}`,
    // Statements go out without waiting for the answer to the one before (each with its own
    // Sync, answered in order), so a transaction's BEGIN and scope share the trip of its first
    // statement (issue 9). Cursors and `rows` are refused in this mode; nothing here uses them.
    pipeline: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** `Driver.transaction` on a pooled connection: committed when `fn` resolves, rolled back when it throws. */
async function transactionOn<T>(
  pool: pg.Pool,
  fn: (s: Session) => Promise<T | Trailing<T>>,
  settings: string | undefined,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Without parameters this is the simple protocol: both statements in one message. Not
    // awaited here: the transaction's first statement follows it on the wire at once, in the
    // same write (the batcher), so BEGIN + scope + first statement cost one round trip, and
    // COMMIT the last.
    const batch = writeBatcher(socketOf(client));
    batch();
    // READ WRITE: the session may still be read-only from a read (sessionScope).
    const begun = client.query(settings ? `BEGIN READ WRITE; ${settings}` : 'BEGIN READ WRITE');
    begun.catch(ignore);
    const value = await fn(asSession(client, batch, begun));
    if (value instanceof Trailing) {
      // COMMIT leaves in the write that carries the last statement; its answer is read after.
      const committed = client.query('COMMIT');
      committed.catch(ignore);
      value.last.catch(ignore); // awaited below, unless BEGIN's failure is thrown first
      await begun;
      await value.last;
      await committed;
      return value.value;
    }
    await begun;
    await client.query('COMMIT');
    return value;
  } catch (err) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackErr) {
      broken = rollbackErr as Error;
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

/** `Driver.read` on a pooled connection, scoped to the tenant (the statement sent only when the client's scope differs). */
async function readOn<T>(pool: pg.Pool, fn: (s: Session) => Promise<T>, scope: ReadScope): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const batch = writeBatcher(socketOf(client));
    const statement = scopeStatement(scope.schema, scope.tenantId, false);
    let begun: Promise<unknown> | undefined;
    if (sessionScope.get(client) !== statement) {
      batch();
      sessionScope.set(client, statement);
      begun = client.query(statement);
      // Whatever part of it applied, the session's scope is unknown: set afresh next time.
      begun.catch(() => sessionScope.delete(client));
    }
    // Still scoped (so reset before unscoped use), but by no statement a read would send.
    const forget = (sql: string) => {
      if (CHANGES_SETTINGS.test(sql)) sessionScope.set(client, 'changed');
    };
    const value = await fn(asSession(client, batch, begun, forget));
    await begun;
    return value;
  } catch (err) {
    broken = retiring(err);
    throw err;
  } finally {
    client.release(broken);
  }
}

export function pgDriver(url: string, schema: string, opts: PgDriverOptions = {}): Driver {
  const pool = createPool(url, schema, opts.max ?? Number(process.env.DB_POOL_MAX ?? 10));

  /** A pooled connection for unscoped statements (no tenant, writable). */
  async function session<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const batch = writeBatcher(socketOf(client));
      return await fn(asSession(client, batch, unscope(client, batch)));
    } catch (err) {
      broken = retiring(err);
      throw err;
    } finally {
      client.release(broken);
    }
  }

  const migrationUrl = opts.migrationUrl;
  return {
    kind: 'pg',
    query: <T>(sql: string, params?: QueryParams) => session((s) => s.query<T>(sql, params)),
    transaction: (fn, settings) => transactionOn(pool, fn, settings),
    read: (fn, scope) => readOn(pool, fn, scope),
    session,
    // A short-lived connection as the owner, for migrations only; closed before requests start.
    withOwner: migrationUrl
      ? async <T>(fn: (owner: Driver, appRole: string) => Promise<T>): Promise<T> => {
          const { rows } = await session((s) => s.query<{ u: string }>('SELECT current_user AS u'));
          const owner = pgDriver(migrationUrl, schema, { max: 1 });
          try {
            return await fn(owner, rows[0]!.u);
          } finally {
            await owner.close();
          }
        }
      : null,
    close: () => pool.end(),
  };
}
