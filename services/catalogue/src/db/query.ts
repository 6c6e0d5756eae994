import { kyselyOf, type Kysely, type Queryable } from '@venue/service-kit';
import type { CatalogueDb } from './schema.ts';

/**
 * The catalogue's typed query builder over a kit transaction (or `kit.db`), decision 35: the
 * queries run in that transaction, with its tenant scope and row-level security.
 */
export function db(tx: Queryable): Kysely<CatalogueDb> {
  return kyselyOf<CatalogueDb>(tx);
}

export type { CatalogueDb } from './schema.ts';
