import { kyselyOf, sql, type Kysely, type Queryable, type RawBuilder } from '@venue/service-kit';
import type { CommsDb } from './schema.ts';

/**
 * Comms' typed query builder over a kit transaction (or `kit.db`), decision 35: the queries run
 * in that transaction, with its tenant scope and row-level security.
 */
export function db(tx: Queryable): Kysely<CommsDb> {
  return kyselyOf<CommsDb>(tx);
}

/**
 * `now()`: the transaction's start, as rows have always been stamped (a JavaScript Date would be
 * the app's clock).
 */
export function dbNow(): RawBuilder<Date> {
  // sql: a function call without arguments; the builder's eb.fn needs an expression builder
  return sql<Date>`now()`;
}

/** `%text%` for ILIKE/LIKE, with the pattern characters of `text` escaped (backslash, the default escape). */
export const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type { CommsDb } from './schema.ts';
