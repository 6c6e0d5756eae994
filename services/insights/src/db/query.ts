import { kyselyOf, sql, type ExpressionBuilder, type Kysely, type Queryable } from '@venue/service-kit';
import type { InsightsDb } from './schema.ts';

/**
 * Insights' typed query builder over a kit transaction (or `kit.db`), decision 35: the queries
 * run in that transaction, with its tenant scope and row-level security.
 */
export function db(tx: Queryable): Kysely<InsightsDb> {
  return kyselyOf<InsightsDb>(tx);
}

export type { InsightsDb } from './schema.ts';

/** The venue's name from the settings copy (`snapshot -> 'payment' ->> 'businessName'`), or null. */
export function venueName(eb: ExpressionBuilder<InsightsDb, 'tenant_settings'>) {
  return eb.ref('tenant_settings.snapshot', '->>').key('payment').key('businessName');
}

/**
 * `width_bucket(column, bounds)`: which of the periods between `bounds` (in order) the instant
 * falls in, 1 = the first; 0 before, bounds.length after.
 */
export function widthBucket(column: string, bounds: ReadonlyArray<Date | string>) {
  const iso = bounds.map((d) => (typeof d === 'string' ? d : d.toISOString()));
  // sql: width_bucket's array form (the bounds bound as one timestamptz[] parameter); the
  // builder has no array cast for a bound value
  return sql<number>`width_bucket(${sql.ref(column)}, ${iso}::timestamptz[])`;
}
