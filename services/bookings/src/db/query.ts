import { kyselyOf, sql, type Expression, type Kysely, type Queryable } from '@venue/service-kit';
import type { BookingsDb } from './schema.ts';

/**
 * Bookings' typed query builder over a kit transaction (or `kit.db`), decision 35: the queries
 * run in that transaction, with its tenant scope and row-level security.
 */
export function db(tx: Queryable): Kysely<BookingsDb> {
  return kyselyOf<BookingsDb>(tx);
}

export type { BookingsDb } from './schema.ts';

/**
 * `now()`: the transaction's start, as the rows' updated_at and cancelled_at have always been
 * stamped (a JavaScript Date would be the app's clock, and differ within one transaction).
 */
// sql: a function call without arguments, shared by every update that stamps a row
export const NOW = sql<Date>`now()`;

/** A date column as yyyy-MM-dd text (node-postgres would give a local-midnight Date). */
export function dateText(date: Expression<unknown>) {
  // sql: to_char with its format as a literal, as before, not a bound parameter
  return sql<string>`to_char(${date}, ${sql.lit('YYYY-MM-DD')})`;
}
