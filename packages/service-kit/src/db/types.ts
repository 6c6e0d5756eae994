import type { EventData, EventType, Principal } from '@venue/contracts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export type QueryParams = readonly unknown[];

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<QueryResult<T>>;
}

/** Where a service keeps its data. */
export type DatabaseConfig =
  | {
      kind: 'pglite';
      /** A folder, or `memory://` for a throwaway in-memory database. */
      dataDir: string;
      /**
       * Open as PGlite's built-in superuser instead of the application role. Only for the test
       * proving that the service refuses to run like that.
       */
      superuser?: boolean;
    }
  | {
      kind: 'pg';
      /** The application role (DATABASE_URL): ordinary, no BYPASSRLS, owns nothing. */
      url: string;
      /**
       * The schema owner, used only to migrate (MIGRATION_DATABASE_URL, read when `url` is
       * DATABASE_URL). Without it the service migrates only a schema its own role owns (an
       * install from before decision 0019, with a warning) and otherwise refuses to start while
       * migrations are pending.
       */
      migrationUrl?: string;
    };

export interface PublishOptions {
  /** Defaults to the transaction's tenant (null in a system transaction). */
  tenantId?: string | null;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  target?: string | null;
  /** The target as people read it ("Booking HH-2027-0023 — Smith Wedding", a person's name), kept with the entry. */
  targetLabel?: string | null;
  additionalInfo?: string | null;
  changes?: Record<string, { old: unknown; new: unknown }> | null;
  /** For actions without a signed-in principal yet (login): who acted. */
  actor?: { id: string | null; email: string | null; role: string | null };
  tenantId?: string | null;
}

/** What `Tx.audit` needs from the request context. */
export interface AuditContext {
  ip?: string;
  state: { principal?: Principal };
}

/** One database transaction with `app.tenant_id` / `app.scope` set for row-level security. */
export interface Tx extends Queryable {
  /** The tenant the transaction is scoped to; null for a system transaction. */
  readonly tenantId: string | null;
  /**
   * Writes an event to the outbox in this transaction; returns the event id. Only types of the
   * event catalogue (EVENTS in contracts), with their payload: anything else is a type error,
   * and throws if it gets here anyway (unknown type, another service's event, a payload its
   * schema refuses).
   */
  publish<T extends EventType>(type: T, data: EventData<T>, opts?: PublishOptions): Promise<string>;
  /** Publishes an `audit.recorded` event with actor, role and IP taken from the request. */
  audit(ctx: AuditContext | null, entry: AuditEntry): Promise<string>;
  /**
   * Changes the row-level security scope for the rest of this transaction or read: `app.scope`
   * 'system' (every tenant's rows) or another `app.tenant_id`. Only after the caller's role was
   * checked (a super admin's cross-tenant reads).
   */
  rescope(setting: 'app.scope' | 'app.tenant_id', value: string): Promise<void>;
  /**
   * Runs the service's job `job` as soon as this transaction has committed rather than at its
   * next scheduled tick (the mail worker once a message is queued); nothing when the transaction
   * rolls back, or in a service whose jobs are not scheduled (tests run them by hand). A read
   * cannot: it changes nothing a job would act on.
   */
  wake(job: string): void;
}

export interface Database {
  readonly kind: 'pglite' | 'pg';
  readonly schema: string;
  /** A transaction in which row-level security limits rows to `tenantId`. */
  tenantTx<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A customer's transaction (decision 56): `tenantTx` with `app.customer_email` set as well
   * (lower-cased, local to the transaction), which the restrictive customer policy of each
   * customer-facing table compares (`customerRowPolicy`), so a query that forgot the customer's
   * condition still sees only that customer's rows. Portal routes run in it (`withCustomerTx`).
   */
  customerTx<T>(tenantId: string, email: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Reads for `tenantId` under row-level security, refused any write (the database is told the
   * session is read-only; `publish` and `audit` throw). Cheaper than `tenantTx` over a network:
   * no BEGIN or COMMIT (Driver.read). What `withRead` runs; a route that writes on the side keeps
   * `withTx` (decision 54).
   */
  tenantRead<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One statement in a transaction of its own, scoped to `tenantId` as `tenantTx`: over a
   * network BEGIN, the statement and COMMIT leave in one write, one round trip where a
   * `tenantTx` of one statement makes two (an Idempotency-Key's claim, on every keyed POST).
   * Nothing is published from it.
   */
  tenantStatement<T = Record<string, unknown>>(
    tenantId: string,
    sql: string,
    params?: QueryParams,
  ): Promise<QueryResult<T>>;
  /** A transaction with `app.scope = 'system'` (login, internal calls, sweeps, cross-tenant reads). */
  systemTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Raw statement outside any transaction: only where row-level security does not matter. */
  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<QueryResult<T>>;
  /**
   * Runs `fn` holding a session-level `pg_try_advisory_lock(hashtext(key))`; returns
   * `{acquired: false}` without running it when another session holds the lock.
   */
  withAdvisoryLock<T>(
    key: string,
    fn: () => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }>;
  close(): Promise<void>;
}
