import { kyselyOf, sql, type ExpressionBuilder, type Kysely, type Queryable } from '@venue/service-kit';
import type { InsightsDb, PaymentsTable } from './schema.ts';

/**
 * Insights' typed query builder over a kit transaction (or `kit.db`), decision 35: the queries
 * run in that transaction, with its tenant scope and row-level security.
 */
export function db(tx: Queryable): Kysely<InsightsDb> {
  return kyselyOf<InsightsDb>(tx);
}

export type { InsightsDb } from './schema.ts';

/** A payment's amount as it moves revenue: + a payment, − a refund or reversal. */
export function signedAmount(eb: ExpressionBuilder<InsightsDb & { p: PaymentsTable }, 'p'>) {
  return eb
    .case()
    .when('p.kind', '=', 'payment')
    .then(eb.ref('p.amount_cents'))
    .else(eb.neg(eb.ref('p.amount_cents')))
    .end();
}

/** The ids of the tenant's bookings of one resource, as a subquery (`booking_id IN (…)`). */
export function resourceBookingIds(tx: Queryable, tenantId: string, resourceId: string) {
  return db(tx)
    .selectFrom('bookings as b')
    .select('b.id')
    .where('b.tenant_id', '=', tenantId)
    .where('b.resource_id', '=', resourceId);
}

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

/** Bookings longer than this many days are read through their own partial index (migration 021). */
export const LONG_BOOKING_DAYS = 7;

type WithB = InsightsDb & { b: InsightsDb['bookings'] };

/**
 * Bookings (as `b`) whose event overlaps [start, end). An index on start times bounds such a scan
 * only from above (a booking that began long before may still run into the period), which read
 * every earlier booking of the tenant; so the bookings that began at most LONG_BOOKING_DAYS
 * before are read by start time and the few longer ones through `bookings_long_idx`, whose
 * predicate the second arm repeats word for word so the planner can use it.
 */
export function overlapping(eb: ExpressionBuilder<WithB, 'b'>, start: Date, end: Date) {
  const earliest = new Date(start.getTime() - LONG_BOOKING_DAYS * 86_400_000);
  return eb.and([
    eb('b.starts_at', '<', end),
    eb('b.ends_at', '>', start),
    // sql: the partial index's predicate with its interval as a literal (a bound parameter
    // would not let the planner prove the index applies)
    eb.or([eb('b.starts_at', '>=', earliest), sql<boolean>`b.ends_at - b.starts_at > interval '7 days'`]),
  ]);
}
