import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { EVENTS, type AuditEventData, type EventRegistry } from '@venue/contracts';
import { checkPublished } from '../events/envelope.ts';
import { refuseUnsafeRole, scopeStatement, Trailing, type Driver, type Session } from './driver.ts';
import { assertSchemaName } from './int8.ts';
import { CUSTOMER_EMAIL_SETTING } from './customer-policy.ts';
import { openPgliteDriver, openPgliteSuperuser, pgliteDriver } from './pglite.ts';
import { pgDriver } from './pg.ts';
import type {
  AuditContext,
  AuditEntry,
  Database,
  DatabaseConfig,
  PublishOptions,
  QueryParams,
  QueryResult,
  Tx,
} from './types.ts';

export { UnsafeDatabaseRoleError } from './driver.ts';

/**
 * Connects to the configured back end as the application role and checks that role. The
 * driver reaches the schema's owner only for `migrate` (docs/decisions/0019-database-roles.md).
 */
export async function openDriver(config: DatabaseConfig, schema: string): Promise<Driver> {
  assertSchemaName(schema);
  if (config.kind === 'pglite') {
    if (!config.superuser) return openPgliteDriver(config.dataDir, schema); // checks its role on switching
    const driver = pgliteDriver(await openPgliteSuperuser(config.dataDir, schema));
    await refuseUnsafeRole(driver).catch(async (err: unknown) => {
      await driver.close();
      throw err;
    });
    return driver;
  }
  const migrationUrl =
    config.migrationUrl ??
    (config.url === process.env.DATABASE_URL ? process.env.MIGRATION_DATABASE_URL || undefined : undefined);
  const driver = pgDriver(config.url, schema, { migrationUrl });
  try {
    await refuseUnsafeRole(driver);
  } catch (err) {
    await driver.close();
    throw err;
  }
  return driver;
}

export interface DatabaseHooks {
  /** Service name written as the `source` of published events. */
  source: string;
  /** The event catalogue `publish` checks against (default EVENTS from contracts). */
  events?: EventRegistry;
  /** Called after a transaction that published events has committed. */
  onPublished?: () => void;
  /** Called after a transaction that woke jobs (`Tx.wake`) has committed, with their names. */
  onWake?: (jobs: readonly string[]) => void;
}

/** Marks code running inside a transaction, to catch nested use that would deadlock PGlite. */
const inTransaction = new AsyncLocalStorage<boolean>();

/** Runs `fn` outside any transaction context (timers and loops started from a request). */
export function outsideTransaction<T>(fn: () => T): T {
  return inTransaction.exit(fn);
}

/**
 * The transaction's scope as one parameterless statement, so the driver sends it in the same
 * round trip as BEGIN (a request transaction is then BEGIN+scope, its queries, COMMIT). Local to
 * the transaction: a pooled connection never carries one tenant into the next.
 */
export function transactionSettings(schema: string, tenantId: string | null): string {
  return scopeStatement(schema, tenantId, true);
}

/** The address as the setting holds it: trimmed and lower-cased; an empty one is refused. */
function customerEmailSetting(email: string): string {
  const scoped = email.trim().toLowerCase();
  // Empty would read as "no customer" to the policy, which lets every row through.
  if (!scoped) throw new Error('customerTx needs the customer e-mail');
  return scoped;
}

class RollbackSignal extends Error {}

/**
 * A session that refuses statements once its transaction or read is over. Work started in it and
 * not awaited (a branch of a Promise.all still going when another branch threw) would otherwise
 * send its next statement on a connection the pool has given to another request, inside that
 * request's transaction (or, in PGlite, outside any). Refused, it fails where it was made.
 */
async function whileOpen<T>(s: Session, fn: (s: Session) => Promise<T>): Promise<T> {
  let open = true;
  const ended = () =>
    new Error(
      'A statement after its transaction ended: await every statement before the transaction returns',
    );
  try {
    return await fn({
      async query<R>(sql: string, params?: QueryParams) {
        if (!open) throw ended();
        return s.query<R>(sql, params);
      },
      async exec(sql: string) {
        if (!open) throw ended();
        return s.exec(sql);
      },
    });
  } finally {
    open = false;
  }
}

/** A transaction with its events written as its work ends; the relay woken once it committed. */
async function runTransaction<T>(
  driver: Driver,
  schema: string,
  hooks: DatabaseHooks,
  tenantId: string | null,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const state: OutboxState = { published: 0, pending: [], wakes: new Set() };
  const value = await driver.transaction<T>(
    (session) =>
      whileOpen(session, (s) =>
        inTransaction.run(true, async () => {
          const result = await fn(makeTx(s, tenantId, hooks.source, hooks.events ?? EVENTS, state));
          const events = writeOutbox(s, state.pending);
          // Over a network, COMMIT goes out with the events' INSERT (one round trip, not two).
          return events ? new Trailing(result, events) : result;
        }),
      ),
    transactionSettings(schema, tenantId),
  );
  if (state.published > 0) outsideTransaction(() => hooks.onPublished?.());
  if (state.wakes.size > 0) outsideTransaction(() => hooks.onWake?.([...state.wakes]));
  return value;
}

/** `Database.tenantStatement`: the statement left trailing, so the driver sends COMMIT in its write. */
async function oneStatement<R>(
  driver: Driver,
  schema: string,
  guard: (what: string) => void,
  tenantId: string,
  sql: string,
  params?: QueryParams,
): Promise<QueryResult<R>> {
  if (!tenantId) throw new Error('tenantStatement needs a tenant id');
  guard('Opening a transaction');
  let statement: Promise<QueryResult<R>> | undefined;
  await driver.transaction(
    async (s) => {
      statement = s.query<R>(sql, params);
      return new Trailing(undefined, statement);
    },
    transactionSettings(schema, tenantId),
  );
  return statement!;
}

export function createDatabase(driver: Driver, schema: string, hooks: DatabaseHooks): Database {
  const guard = (what: string) => {
    if (driver.kind === 'pglite' && inTransaction.getStore()) {
      throw new Error(
        `${what} inside a transaction would deadlock the embedded database (one connection): ` +
          'use the transaction you already have (ctx.state.tx or the tx argument)',
      );
    }
  };

  let closing: Promise<void> | undefined;

  function run<T>(tenantId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    guard('Opening a transaction');
    return runTransaction(driver, schema, hooks, tenantId, fn);
  }

  const db: Database = {
    kind: driver.kind,
    schema,
    tenantTx(tenantId, fn) {
      if (!tenantId) throw new Error('tenantTx needs a tenant id');
      return run(tenantId, fn);
    },
    async customerTx(tenantId, email, fn) {
      if (!tenantId) throw new Error('customerTx needs a tenant id');
      const scoped = customerEmailSetting(email);
      return run(tenantId, async (tx) => {
        // A parameter, not inlined in the scope statement: an address is the caller's text.
        await tx.query(`SELECT set_config('${CUSTOMER_EMAIL_SETTING}', $1, true)`, [scoped]);
        return fn(tx);
      });
    },
    tenantStatement: (tenantId, sql, params) => oneStatement(driver, schema, guard, tenantId, sql, params),
    systemTx: (fn) => run(null, fn),
    tenantRead(tenantId, fn) {
      if (!tenantId) throw new Error('tenantRead needs a tenant id');
      guard('Opening a read');
      return driver.read(
        (session) =>
          whileOpen(session, (s) =>
            inTransaction.run(true, () => fn(readTx(s, tenantId, driver.kind === 'pglite'))),
          ),
        {
          schema,
          tenantId,
        },
      );
    },
    query(sql: string, params?: QueryParams) {
      guard('A query outside the transaction');
      return driver.query(sql, params);
    },
    async withAdvisoryLock(key, fn) {
      guard('Taking an advisory lock');
      return driver.session(async (s) => {
        const { rows } = await s.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
          [key],
        );
        if (!rows[0]?.locked) return { acquired: false as const };
        try {
          return { acquired: true as const, value: await fn() };
        } finally {
          await s.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
        }
      });
    },
    close() {
      closing ??= driver.close();
      return closing;
    },
  };
  drivers.set(db, driver);
  return db;
}

const drivers = new WeakMap<Database, Driver>();

/** The driver under `db` (the kit's testing helpers reach the owner through it). */
export function driverOf(db: Database): Driver {
  const driver = drivers.get(db);
  if (!driver) throw new Error('Not a database made by createDatabase');
  return driver;
}

/** Commit/rollback helper for request transactions: throw this to roll back quietly. */
export async function runRollbackable<T>(
  open: (fn: (tx: Tx) => Promise<T>) => Promise<T>,
  fn: (tx: Tx) => Promise<{ value: T; commit: boolean }>,
): Promise<T> {
  let result: T | undefined;
  try {
    return await open(async (tx) => {
      const r = await fn(tx);
      result = r.value;
      if (!r.commit) throw new RollbackSignal();
      return r.value;
    });
  } catch (err) {
    if (err instanceof RollbackSignal) return result as T;
    throw err;
  }
}

const readOnly = (): Promise<never> =>
  Promise.reject(
    new Error('A read cannot publish events or audit: open a transaction (tenantTx, withTx on a POST)'),
  );

/** `SELECT set_config(…)` for `Tx.rescope`: local to a transaction, or for a read's session. */
async function rescope(s: Session, setting: string, value: string, local: boolean): Promise<void> {
  await s.query('SELECT set_config($1, $2, $3)', [setting, value, local]);
}

/**
 * A read's Tx. Over a network a read has no transaction to be local to, so a rescope is for the
 * session, which the driver resets before any other use of the connection (Driver.read); in
 * PGlite a read is a transaction (`inTransaction`), and a session setting would outlive it.
 */
function readTx(s: Session, tenantId: string, inTransaction: boolean): Tx {
  return {
    tenantId,
    query: (sql, params) => s.query(sql, params),
    publish: readOnly,
    audit: readOnly,
    rescope: (setting, value) => rescope(s, setting, value, inTransaction),
    wake() {
      throw new Error('A read cannot wake a job: open a transaction (tenantTx, withTx on a POST)');
    },
  };
}

/** An event published in a transaction, written to the outbox when the transaction's work is done. */
type OutboxRow = [
  id: string,
  type: string,
  version: number,
  source: string,
  tenantId: string | null,
  data: string,
];
interface OutboxState {
  published: number;
  pending: OutboxRow[];
  /** The jobs to run once the transaction has committed (`Tx.wake`). */
  wakes: Set<string>;
}

/**
 * A transaction's events in one statement, just before its COMMIT: a write publishes two to four
 * (its own, its audit, a summary), and one INSERT each was a round trip and a statement each
 * for the database (issue 27). The order of publication is the order of `seq`. Nothing reads
 * the outbox inside the transaction that wrote it; the relay sees the rows only once committed,
 * as before.
 */
function writeOutbox(s: Session, rows: OutboxRow[]): Promise<unknown> | undefined {
  if (rows.length === 0) return undefined;
  if (rows.length === 1)
    return s.query(
      'INSERT INTO outbox (id, type, version, source, tenant_id, data) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
      rows[0],
    );
  const column = (i: number) => rows.map((r) => r[i]);
  return s.query(
    `INSERT INTO outbox (id, type, version, source, tenant_id, data)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::jsonb[])`,
    [column(0), column(1), column(2), column(3), column(4), column(5)],
  );
}

function makeTx(
  s: Session,
  tenantId: string | null,
  source: string,
  events: EventRegistry,
  state: OutboxState,
): Tx {
  // Checked against the catalogue here, at the call, so a wrong payload fails where it was made.
  const publish = async (type: string, data: unknown, opts?: PublishOptions): Promise<string> => {
    const id = randomUUID();
    const eventTenant = opts?.tenantId !== undefined ? opts.tenantId : tenantId;
    const json = JSON.stringify(data ?? null);
    const version = checkPublished(events, source, type, json);
    state.pending.push([id, type, version, source, eventTenant, json]);
    state.published++;
    return id;
  };
  return {
    tenantId,
    query: (sql, params) => s.query(sql, params),
    rescope: (setting, value) => rescope(s, setting, value, true),
    wake: (job) => void state.wakes.add(job),
    publish,
    audit(ctx: AuditContext | null, entry: AuditEntry) {
      const principal = ctx?.state.principal;
      const data: AuditEventData = {
        actorId: entry.actor ? entry.actor.id : (principal?.userId ?? null),
        actorEmail: entry.actor ? entry.actor.email : (principal?.email ?? null),
        actorRole: entry.actor ? entry.actor.role : (principal?.role ?? null),
        action: entry.action,
        targetType: entry.targetType,
        target: entry.target ?? null,
        targetLabel: entry.targetLabel ?? null,
        ipAddress: ctx?.ip || null,
        additionalInfo: entry.additionalInfo ?? null,
        changes: entry.changes ?? null,
      };
      const auditTenant = entry.tenantId !== undefined ? entry.tenantId : (principal?.tenantId ?? tenantId);
      return publish('audit.recorded', data, { tenantId: auditTenant });
    },
  };
}
