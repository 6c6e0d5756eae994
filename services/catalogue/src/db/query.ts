import { kyselyOf, type Kysely, type Queryable, type Tx } from '@venue/service-kit';
import type { CatalogueDb } from './schema.ts';

/**
 * The catalogue's typed query builder over a kit transaction (or `kit.db`), decision 35: the
 * queries run in that transaction, with its tenant scope and row-level security.
 */
export function db(tx: Queryable): Kysely<CatalogueDb> {
  return kyselyOf<CatalogueDb>(tx);
}

/**
 * The tenant of a tenant transaction, for the `tenant_id = …` every tenant query states as well
 * as row-level security (issue 9): the planner can drive an index leading with tenant_id from a
 * plain parameter, and a query stays in its tenant even where a policy would let more through
 * (the system scope). Throws in a system transaction: no tenant query belongs there.
 */
export function tenantIdOf(tx: Tx): string {
  if (!tx.tenantId) throw new Error('A tenant query needs a tenant transaction');
  return tx.tenantId;
}

export type { CatalogueDb } from './schema.ts';
