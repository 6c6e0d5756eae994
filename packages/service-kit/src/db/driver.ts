import type { QueryParams, QueryResult, Queryable } from './types.ts';

/** One connection's worth of statements; `exec` runs a multi-statement script (migrations). */
export interface Session extends Queryable {
  exec(sql: string): Promise<void>;
}

/**
 * Runs `fn` connected as the role that owns the service's schema (migrations and grants), then
 * carries on as the application role. `appRole` is the role the service runs as, to grant to.
 */
export type WithOwner = <T>(fn: (owner: Driver, appRole: string) => Promise<T>) => Promise<T>;

/** What a read is scoped to: the service's schema and the tenant row-level security admits. */
export interface ReadScope {
  schema: string;
  tenantId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The scope of a transaction (`local`) or of a session as one parameterless statement, so a
 * driver sends it in the same write as what follows. The values are inlined, so they are checked
 * here: the schema name by openDriver, the tenant as a uuid. A session scope also makes the
 * session read-only until `SESSION_RESET`.
 */
export function scopeStatement(schema: string, tenantId: string | null, local: boolean): string {
  if (tenantId !== null && !UUID.test(tenantId)) throw new Error('A tenant id must be a uuid');
  return (
    `SELECT set_config('search_path', '"${schema}", public', ${local}), ` +
    `set_config('app.tenant_id', '${tenantId ?? ''}', ${local}), ` +
    `set_config('app.scope', '${tenantId === null ? 'system' : ''}', ${local})` +
    (local ? '' : ", set_config('default_transaction_read_only', 'on', false)")
  );
}

/** Undoes a session scope: no tenant, no system scope, writable (search_path is the startup one). */
export const SESSION_RESET =
  "SELECT set_config('app.tenant_id', '', false), set_config('app.scope', '', false), " +
  "set_config('default_transaction_read_only', 'off', false)";

/**
 * A transaction's answer whose last statement was sent but not awaited, so a network driver sends
 * COMMIT in the same write and reads both answers together: one round trip fewer for every
 * transaction that publishes (its events' INSERT is its last statement, decision 71). A failing
 * `last` fails the transaction (PostgreSQL turns the COMMIT behind it into a rollback).
 */
export class Trailing<T> {
  readonly value: T;
  readonly last: Promise<unknown>;
  constructor(value: T, last: Promise<unknown>) {
    this.value = value;
    this.last = last;
  }
}

/** A transaction's answer once its last statement answered: for drivers with nothing to send with COMMIT. */
export async function settled<T>(answer: T | Trailing<T>): Promise<T> {
  if (!(answer instanceof Trailing)) return answer;
  await answer.last;
  return answer.value;
}

/** The two back ends (PGlite in-process, node-postgres pool) behind one small surface. */
export interface Driver {
  readonly kind: 'pglite' | 'pg';
  query<T>(sql: string, params?: QueryParams): Promise<QueryResult<T>>;
  /**
   * BEGIN … COMMIT on one connection; rolled back when `fn` throws. `settings`, a parameterless
   * statement, runs first, sent together with BEGIN where the driver talks over a network.
   */
  transaction<T>(fn: (s: Session) => Promise<T | Trailing<T>>, settings?: string): Promise<T>;
  /**
   * Read-only statements on one connection with `scope` applied first: the database refuses
   * any write. Over a network there is no BEGIN or COMMIT: the scope is set for the session, in
   * the same write as the first statements (or not at all when the connection already carries
   * it), and each statement is its own transaction (at READ COMMITTED a transaction's reads take
   * a snapshot each anyway). So a read costs one round trip per turn of statements instead of
   * one more for COMMIT, and the server one statement fewer (issues 9, 14).
   */
  read<T>(fn: (s: Session) => Promise<T>, scope: ReadScope): Promise<T>;
  /** A dedicated connection for session-level state such as advisory locks. */
  session<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  /**
   * Null when this driver cannot reach the owner: server mode without MIGRATION_DATABASE_URL
   * (and the owner's own driver). See docs/decisions/0019-database-roles.md.
   */
  readonly withOwner: WithOwner | null;
  /**
   * Embedded, in memory (tests): starts this fresh database from the state another one reached
   * right after migrations identified by `key` (a hash of the schema and the migration files),
   * as the application role. False when there is none, or this database is not fresh.
   */
  reuseMigrated?(key: string): Promise<boolean>;
  /** Remembers the state right after migrating, under `key`, for `reuseMigrated`. */
  keepMigrated?(key: string): void;
  close(): Promise<void>;
}

/** The application role every service runs as (never a superuser, never BYPASSRLS, owns nothing). */
export const APP_ROLE = 'venue_app';
/** The role that owns the service schemas and runs the migrations. */
export const OWNER_ROLE = 'venue_owner';

export class UnsafeDatabaseRoleError extends Error {}

/** Row-level security does not bind superusers or BYPASSRLS roles: refuse to run as one. */
export async function refuseUnsafeRole(q: Pick<Driver, 'query'>): Promise<string> {
  const { rows } = await q.query<{ user: string; rolsuper: boolean; rolbypassrls: boolean }>(
    'SELECT current_user AS user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
  );
  const role = rows[0];
  if (!role || role.rolsuper || role.rolbypassrls) {
    throw new UnsafeDatabaseRoleError(
      `Refusing to start: database role "${role?.user ?? 'unknown'}" is a superuser or has BYPASSRLS, ` +
        `so row-level security would not isolate tenants. Connect as an ordinary application role (e.g. ${APP_ROLE}).`,
    );
  }
  return role.user;
}

/** Loud, once per process and `key`: configuration that works but should not stay that way. */
const warned = new Set<string>();
export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  process.emitWarning(message, { code: 'VENUE_DATABASE_ROLE' });
}
