import pg from 'pg';
import { type Driver, type Session } from './driver.ts';
import { parseInt8 } from './int8.ts';
import type { QueryParams, QueryResult } from './types.ts';

const INT8_OID = 20;

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return parseInt8;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function toResult<T>(r: pg.QueryResult): QueryResult<T> {
  return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
}

function asSession(client: pg.PoolClient): Session {
  return {
    async query<T>(sql: string, params?: QueryParams) {
      return toResult<T>(await client.query(sql, params as unknown[] | undefined));
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export interface PgDriverOptions {
  /** Pool size (default DB_POOL_MAX, else 10). */
  max?: number;
  /** The schema owner's URL, used only while migrating (MIGRATION_DATABASE_URL). */
  migrationUrl?: string;
}

export function pgDriver(url: string, schema: string, opts: PgDriverOptions = {}): Driver {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? Number(process.env.DB_POOL_MAX ?? 10),
    types: typeParsers,
    // search_path as a startup parameter: every pooled connection gets it before any statement.
    options: `-c search_path=${schema},public`,
    application_name: `venue-${schema}`,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  const migrationUrl = opts.migrationUrl;
  return {
    kind: 'pg',
    async query<T>(sql: string, params?: QueryParams) {
      return toResult<T>(await pool.query(sql, params as unknown[] | undefined));
    },
    async transaction<T>(fn: (s: Session) => Promise<T>, settings?: string): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // Without parameters this is the simple protocol: both statements in one round trip.
        await client.query(settings ? `BEGIN; ${settings}` : 'BEGIN');
        const value = await fn(asSession(client));
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
    },
    async session<T>(fn: (s: Session) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        return await fn(asSession(client));
      } finally {
        client.release();
      }
    },
    // A short-lived connection as the owner, for migrations only; closed before requests start.
    withOwner: migrationUrl
      ? async <T>(fn: (owner: Driver, appRole: string) => Promise<T>): Promise<T> => {
          const { rows } = await pool.query<{ u: string }>('SELECT current_user AS u');
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
