/**
 * Kysely over the kit's transactions (issue 10: one way to query; decision 35,
 * docs/decisions/0035-kysely-over-kit-transactions.md).
 *
 * The kit owns connections and transactions: a tenant transaction is opened with its settings
 * in the same round trip as BEGIN, row-level security reads them, events and audit rows ride in
 * it, and PGlite has one connection that must never be asked for a second. So Kysely is used as
 * the typed query builder and result mapper only: its dialect here executes every compiled
 * query through the transaction it was made for, and refuses to open transactions or
 * connections of its own.
 *
 *   const q = kyselyOf<BookingsDb>(tx);
 *   const rows = await q.selectFrom('bookings').select(['id', 'status'])
 *     .where('tenant_id', '=', tenantId).execute();
 *
 * Raw SQL goes through Kysely's `sql` tag (re-exported here), with a comment saying why the
 * builder cannot express it.
 */
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Expression,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Queryable } from './types.ts';

export {
  sql,
  type ColumnType,
  type Expression,
  type ExpressionBuilder,
  type Generated,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';

/**
 * `now()`: the transaction's start, as the services have always stamped rows (a JavaScript Date
 * would be the app's clock, and differ within one transaction).
 */
// sql: a function call without arguments, shared by every update that stamps a row
export const NOW = sql<Date>`now()`;

/** A date column as yyyy-MM-dd text (node-postgres would give a local-midnight Date). */
export function dateText(date: Expression<unknown>) {
  // sql: to_char with its format as a literal, not a bound parameter
  return sql<string>`to_char(${date}, ${sql.lit('YYYY-MM-DD')})`;
}

const COUNTED = /^\s*(insert|update|delete|merge)\b/i;

class TransactionConnection implements DatabaseConnection {
  readonly #tx: Queryable;

  constructor(tx: Queryable) {
    this.#tx = tx;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#tx.query<R>(compiled.sql, compiled.parameters);
    // Kysely reads numAffectedRows for the write statements' results (UpdateResult …).
    return COUNTED.test(compiled.sql)
      ? { rows: result.rows, numAffectedRows: BigInt(result.rowCount) }
      : { rows: result.rows };
  }

  // eslint-disable-next-line require-yield -- streaming is refused, never started
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not available through a kit transaction; page by key instead');
  }
}

class TransactionDriver implements Driver {
  readonly #connection: TransactionConnection;

  constructor(tx: Queryable) {
    this.#connection = new TransactionConnection(tx);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('Transactions belong to the service kit (db.tenantTx / db.systemTx), not to Kysely');
  }

  async commitTransaction(): Promise<void> {
    throw new Error('Transactions belong to the service kit');
  }

  async rollbackTransaction(): Promise<void> {
    throw new Error('Transactions belong to the service kit');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

// Shared by every transaction's builder: compiling is synchronous and the compiler keeps no state
// between queries (one Kysely instance normally shares one compiler across all its queries), and
// making one per transaction was ~2.4 % of admin's CPU on a small read (issue 9).
const adapter = new PostgresAdapter();
const compiler = new PostgresQueryCompiler();

class TransactionDialect implements Dialect {
  readonly #tx: Queryable;

  constructor(tx: Queryable) {
    this.#tx = tx;
  }

  createAdapter(): DialectAdapter {
    return adapter;
  }

  createDriver(): Driver {
    return new TransactionDriver(this.#tx);
  }

  createQueryCompiler(): QueryCompiler {
    return compiler;
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

// One builder per transaction (or other queryable), made on first use.
const builders = new WeakMap<Queryable, Kysely<unknown>>();

/** A typed query builder whose queries run in `tx` (a kit transaction, or the database). */
export function kyselyOf<DB>(tx: Queryable): Kysely<DB> {
  let builder = builders.get(tx);
  if (!builder) {
    builder = new Kysely<unknown>({ dialect: new TransactionDialect(tx) });
    builders.set(tx, builder);
  }
  return builder as Kysely<DB>;
}
