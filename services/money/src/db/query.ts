import { kyselyOf, type Kysely, type Queryable } from '@venue/service-kit';
import type { MoneyDb } from './schema.ts';

/**
 * Money's typed query builder over a kit transaction (or `kit.db`), decision 35: the queries run
 * in that transaction, with its tenant scope and row-level security.
 */
export function db(tx: Queryable): Kysely<MoneyDb> {
  return kyselyOf<MoneyDb>(tx);
}

export type { MoneyDb } from './schema.ts';

// The transaction's now() and a date column as text are the kit's, as in every service.
export { NOW, dateText } from '@venue/service-kit';
