import { kyselyOf, type Kysely, type Queryable } from '@venue/service-kit';
import type { CommsDb } from './schema.ts';

/**
 * Comms' typed query builder over a kit transaction (or `kit.db`), decision 35: the queries run
 * in that transaction, with its tenant scope and row-level security.
 */
export function db(tx: Queryable): Kysely<CommsDb> {
  return kyselyOf<CommsDb>(tx);
}

/** `now()`, the transaction's start, as rows have always been stamped, and a date as yyyy-MM-dd text: the kit's. */
export { NOW, dateText } from '@venue/service-kit';

/** `%text%` for ILIKE/LIKE, with the pattern characters of `text` escaped (backslash, the default escape). */
export const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type { CommsDb } from './schema.ts';
