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

/** The two back ends (PGlite in-process, node-postgres pool) behind one small surface. */
export interface Driver {
  readonly kind: 'pglite' | 'pg';
  query<T>(sql: string, params?: QueryParams): Promise<QueryResult<T>>;
  /**
   * BEGIN … COMMIT on one connection; rolled back when `fn` throws. `settings`, a parameterless
   * statement, runs first, sent together with BEGIN where the driver talks over a network.
   */
  transaction<T>(fn: (s: Session) => Promise<T>, settings?: string): Promise<T>;
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
