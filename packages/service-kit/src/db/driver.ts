import type { QueryParams, QueryResult, Queryable } from './types.ts';

/** One connection's worth of statements; `exec` runs a multi-statement script (migrations). */
export interface Session extends Queryable {
  exec(sql: string): Promise<void>;
}

/** The two back ends (PGlite in-process, node-postgres pool) behind one small surface. */
export interface Driver {
  readonly kind: 'pglite' | 'pg';
  query<T>(sql: string, params?: QueryParams): Promise<QueryResult<T>>;
  /** BEGIN … COMMIT on one connection; rolled back when `fn` throws. */
  transaction<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  /** A dedicated connection for session-level state such as advisory locks. */
  session<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The application role every service runs as (never a superuser, never BYPASSRLS). */
export const APP_ROLE = 'venue_app';
