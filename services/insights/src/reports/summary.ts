/**
 * The Reports summary (spec 03 §7 /reports/summary): the period's bookings, revenue (by payment
 * date) and customers, and the Customer Cohorts & Retention grid from real first bookings.
 *
 * A customer (the booking's customer id, else its e-mail) joins the cohort of the venue week
 * (Monday to Sunday) in which they made their first booking ever, when that falls in the period.
 * Retention in week k (0…5) is the share of the cohort who made a booking in the k-th week from
 * it: week 0 is 100 % by definition. Weeks that have not begun yet are left out of the row.
 */
import { sql, type ExpressionBuilder, type Tx } from '@venue/service-kit';
import { addDays, dayStart, mondayOf } from '../dashboard/days.ts';
import { LIVE } from './kpis.ts';
import { receivedCents } from './payments.ts';
import { db } from '../db/query.ts';
import { inSegment, percent, span, type ReportScope, type WithBooking } from './scope.ts';

export const RETENTION_WEEKS = 6;

const CUSTOMER = (eb: ExpressionBuilder<WithBooking, 'b'>) =>
  eb.fn.coalesce('b.customer_id', eb.fn<string>('lower', ['b.customer_email']));

export async function cohorts(tx: Tx, s: ReportScope) {
  const [start, end] = span(s.from, s.to, s.zone);
  // Mondays from the period's first week to the week after today.
  const mondays: string[] = [];
  for (let d = mondayOf(s.from); d <= addDays(mondayOf(s.today), 7); d = addDays(d, 7)) mondays.push(d);
  const bounds = mondays.map((d) => dayStart(d, s.zone).toISOString());
  // A week is a bit of a 64-bit mask below; no period spans that many (a year is 54 weeks).
  if (bounds.length > 62) throw new Error(`cohorts over ${bounds.length} weeks do not fit the mask`);
  // One pass over the tenant's bookings grouped by customer (hashed: sorting 10,000 keys for a
  // window was most of this call's time): the week of the first booking ever, and every week
  // with a booking as a bit of a mask, for the customers whose first booking is in the period.
  const first = (eb: ExpressionBuilder<WithBooking, 'b'>) => eb.fn.min<Date>('b.created_at');
  const rows = await db(tx)
    .selectFrom('bookings as b')
    .select((eb) => [
      CUSTOMER(eb).as('cust'),
      // sql: width_bucket's array form over an aggregate (the bounds bound as one timestamptz[])
      sql<number>`width_bucket(min(b.created_at), ${bounds}::timestamptz[])`.as('c'),
      // sql: the weeks with a booking as bits, sent as text so no bit is lost to a JS number
      sql<string>`bit_or(1::bigint << width_bucket(b.created_at, ${bounds}::timestamptz[]))::text`.as(
        'weeks',
      ),
    ])
    .where('b.tenant_id', '=', s.tenantId)
    .where((eb) => eb(eb.fn.coalesce('b.customer_id', 'b.customer_email'), '<>', ''))
    .where((eb) => inSegment(s, eb))
    .groupBy((eb) => CUSTOMER(eb))
    .having((eb) => eb(first(eb), '>=', start))
    .having((eb) => eb(first(eb), '<', end))
    .execute();
  const currentWeek = mondays.length - 1;
  const members = new Map<number, number>();
  const active = new Map<string, number>();
  for (const r of rows) {
    const c = Number(r.c);
    if (c < 1 || c >= mondays.length) continue;
    members.set(c, (members.get(c) ?? 0) + 1);
    const weeks = BigInt(r.weeks);
    for (let k = 0; k < RETENTION_WEEKS; k++) {
      if (((weeks >> BigInt(c + k)) & 1n) === 0n) continue;
      const key = `${c}:${k}`;
      active.set(key, (active.get(key) ?? 0) + 1);
    }
  }
  return [...members.keys()]
    .sort((a, b) => a - b)
    .map((c) => {
      const size = members.get(c)!;
      const weeks = Math.min(RETENTION_WEEKS, currentWeek - c + 1);
      return {
        cohort: mondays[c - 1]!,
        customers: size,
        retention: Array.from({ length: weeks }, (_, k) => percent(active.get(`${c}:${k}`) ?? 0, size)),
      };
    });
}

/** `GET /api/reports/summary`. */
export async function reportSummary(tx: Tx, s: ReportScope) {
  const [start, end] = span(s.from, s.to, s.zone);
  const counted = db(tx)
    .selectFrom('bookings as b')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('bookings'),
      eb.fn.count<number | string>(CUSTOMER(eb)).distinct().as('customers'),
    ])
    .where('b.tenant_id', '=', s.tenantId)
    .where('b.starts_at', '>=', start)
    .where('b.starts_at', '<', end)
    .where('b.status', 'in', LIVE)
    .where((eb) => inSegment(s, eb))
    .executeTakeFirst();
  // Three independent reads, asked for together (one write and one round trip on the server).
  const [b, revenueCents, cohortRows] = await Promise.all([
    counted,
    receivedCents(tx, s, s.from, s.to),
    cohorts(tx, s),
  ]);
  return {
    summary: {
      bookings: Number(b?.bookings ?? 0),
      revenueCents,
      revenueBasis: 'payment-date' as const,
      customers: Number(b?.customers ?? 0),
      cohorts: cohortRows,
    },
  };
}
