/**
 * The Reports summary (spec 03 §7 /reports/summary): the period's bookings, revenue (by payment
 * date) and customers, and the Customer Cohorts & Retention grid from real first bookings.
 *
 * A customer (the booking's customer id, else its e-mail) joins the cohort of the venue week
 * (Monday to Sunday) in which they made their first booking ever, when that falls in the period.
 * Retention in week k (0…5) is the share of the cohort who made a booking in the k-th week from
 * it: week 0 is 100 % by definition. Weeks that have not begun yet are left out of the row.
 */
import type { ExpressionBuilder, Tx } from '@venue/service-kit';
import { addDays, dayStart, mondayOf } from '../dashboard/days.ts';
import { LIVE } from './kpis.ts';
import { receivedCents } from './payments.ts';
import { db, widthBucket } from '../db/query.ts';
import { inSegment, percent, span, type ReportScope, type WithBooking } from './scope.ts';

export const RETENTION_WEEKS = 6;

const CUSTOMER = (eb: ExpressionBuilder<WithBooking, 'b'>) =>
  eb.fn.coalesce('b.customer_id', eb.fn<string>('lower', ['b.customer_email']));

export async function cohorts(tx: Tx, s: ReportScope) {
  const [start, end] = span(s.from, s.to, s.zone);
  // Mondays from the period's first week to the week after today.
  const mondays: string[] = [];
  for (let d = mondayOf(s.from); d <= addDays(mondayOf(s.today), 7); d = addDays(d, 7)) mondays.push(d);
  const bounds = mondays.map((d) => dayStart(d, s.zone));
  // The customer's key first, then each booking with its customer's first booking (a window
  // partitions by a column), then the weeks of both within the cohorts' bounds.
  const keyed = db(tx)
    .selectFrom('bookings as b')
    .select((eb) => [CUSTOMER(eb).as('cust'), 'b.created_at'])
    .where('b.tenant_id', '=', s.tenantId)
    .where((eb) => eb(eb.fn.coalesce('b.customer_id', 'b.customer_email'), '<>', ''))
    .where((eb) => inSegment(s, eb))
    .as('y');
  const firsts = db(tx)
    .selectFrom(keyed)
    .select((eb) => [
      'y.cust',
      'y.created_at',
      eb.fn
        .min('y.created_at')
        .over((ob) => ob.partitionBy('y.cust'))
        .as('first'),
    ])
    .as('x');
  const rows = await db(tx)
    .selectFrom(firsts)
    .select(['x.cust', widthBucket('x.first', bounds).as('c'), widthBucket('x.created_at', bounds).as('w')])
    .where('x.first', '>=', start)
    .where('x.first', '<', end)
    .groupBy(['x.cust', 'c', 'w'])
    .execute();
  const currentWeek = mondays.length - 1;
  const members = new Map<number, Set<string>>();
  const active = new Map<string, Set<string>>();
  for (const r of rows) {
    const c = Number(r.c);
    const w = Number(r.w);
    if (c < 1 || c >= mondays.length) continue;
    if (!members.has(c)) members.set(c, new Set());
    members.get(c)!.add(r.cust);
    const k = w - c;
    if (k < 0 || k >= RETENTION_WEEKS) continue;
    const key = `${c}:${k}`;
    if (!active.has(key)) active.set(key, new Set());
    active.get(key)!.add(r.cust);
  }
  return [...members.keys()]
    .sort((a, b) => a - b)
    .map((c) => {
      const size = members.get(c)!.size;
      const weeks = Math.min(RETENTION_WEEKS, currentWeek - c + 1);
      return {
        cohort: mondays[c - 1]!,
        customers: size,
        retention: Array.from({ length: weeks }, (_, k) => percent(active.get(`${c}:${k}`)?.size ?? 0, size)),
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
