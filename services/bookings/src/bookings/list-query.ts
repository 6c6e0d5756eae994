/** Server-side filters and sorting of the booking lists (all on indexed, tenant-leading columns). */
import { z } from 'zod';
import { parseQuery, queryBoolean, queryDate, queryText } from '@venue/service-kit';
import { sqlParams } from '../shared/sql.ts';
import { addDays } from '../shared/time.ts';

export type Query = Record<string, string | string[] | undefined>;

/** `%text%` for LIKE, lower-cased, with the pattern characters taken literally. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** What is still owed: the stored total (status/payment.ts totalCentsOf) less a deposit marked paid. */
export const BALANCE_SQL = `(COALESCE(b.total_cents, (b.payment_details->>'totalCents')::bigint, b.calculated_price_cents)
  - CASE WHEN COALESCE((b.payment_details->>'deposit_paid')::boolean, false) THEN COALESCE(b.deposit_cents, (b.payment_details->>'depositCents')::bigint, 0) ELSE 0 END)`;

/** A booking's value as every list shows it: the stored total incl. GST (or the price, on a row without figures). */
export const VALUE_SQL = `COALESCE(b.total_cents, b.calculated_price_cents)`;

const SORTS: Record<string, string> = {
  customer: 'lower(b.customer_name)',
  resource: 'lower(b.resource_name)',
  source: 'b.booking_source',
  start: 'b.starts_at',
  status: 'b.status',
  value: VALUE_SQL,
  balance: BALANCE_SQL,
  cancelledAt: 'b.cancelled_at',
  created: 'b.created_at',
};

const QUICK = ['today', 'tomorrow', 'thisWeek', 'overdue', 'highValue'] as const;

/** One of `values`, or absent/empty; anything else (a typo, a repeated key) is a 400 naming it. */
const queryChoice = <const T extends readonly string[]>(name: string, values: T) =>
  queryText(name, 40).refine((v) => v === undefined || values.includes(v), {
    error: `${name} must be one of ${values.join(', ')}.`,
  }) as z.ZodType<T[number] | undefined>;

/**
 * The list filters, strictly: a date is a real day (2026-02-30 was a database error), a flag
 * is true/false/1/0, a sort is one the list has. Unknown parameters are ignored (stripped).
 */
export const listQuery = z.object({
  status: queryText('status', 200),
  q: queryText('q', 200),
  from: queryDate('from'),
  to: queryDate('to'),
  cancelledFrom: queryDate('cancelledFrom'),
  resourceId: queryText('resourceId', 2000),
  source: queryText('source', 200),
  tier: queryText('tier', 200),
  priority: queryText('priority', 200),
  quick: queryChoice('quick', QUICK),
  balanceDue: queryBoolean('balanceDue'),
  bondRequired: queryBoolean('bondRequired'),
  docsMissing: queryBoolean('docsMissing'),
  withAddOns: queryBoolean('withAddOns'),
  recent30: queryBoolean('recent30'),
  sort: queryChoice('sort', Object.keys(SORTS) as (keyof typeof SORTS)[]),
  order: queryChoice('order', ['asc', 'desc'] as const),
});

/** WHERE clause (row-level security adds the tenant) and ORDER BY for the filters of the contract. */
export function buildListQuery(query: Query, today: string) {
  const q = parseQuery({ query, request: {} }, listQuery);
  const where: string[] = [];
  const { params, p } = sqlParams();
  const status = q.status;
  if (status)
    where.push(
      `b.status = ANY(${p(
        status
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .map((s) => (s === 'pending_review' ? 'pending' : s)),
      )}::text[])`,
    );
  const text = q.q?.trim();
  if (text) {
    const like = p(likePattern(text));
    where.push(
      `(lower(b.customer_name) LIKE ${like} OR lower(b.customer_email) LIKE ${like} OR lower(b.booking_code) LIKE ${like} OR lower(b.resource_name) LIKE ${like} OR lower(b.event_type) LIKE ${like})`,
    );
  }
  if (q.from) where.push(`b.booking_date >= ${p(q.from)}::date`);
  if (q.to) where.push(`b.booking_date <= ${p(q.to)}::date`);
  for (const [key, col] of [
    ['resourceId', 'b.resource_id::text'],
    ['source', 'b.booking_source'],
    ['tier', 'b.customer_tier'],
    ['priority', 'b.priority'],
  ] as const) {
    const v = q[key];
    if (v) where.push(`${col} = ANY(${p(v.split(','))}::text[])`);
  }
  switch (q.quick) {
    case 'today':
      where.push(`b.booking_date = ${p(today)}::date`);
      break;
    case 'tomorrow':
      where.push(`b.booking_date = ${p(addDays(today, 1))}::date`);
      break;
    case 'thisWeek': {
      const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
      const monday = addDays(today, -dow);
      where.push(`b.booking_date BETWEEN ${p(monday)}::date AND ${p(addDays(monday, 6))}::date`);
      break;
    }
    case 'overdue':
      where.push(`b.booking_date < ${p(today)}::date AND b.status IN ('pending','tentative','confirmed')`);
      break;
    case 'highValue':
      where.push(`${VALUE_SQL} > 200000`);
      break;
  }
  if (q.balanceDue) where.push(`${BALANCE_SQL} > 0`);
  if (q.bondRequired) where.push(`b.bond_required`);
  if (q.docsMissing)
    where.push(
      `NOT (COALESCE((b.docs->>'idVerified')::boolean, false) AND COALESCE((b.docs->>'insuranceVerified')::boolean, false))`,
    );
  if (q.withAddOns) where.push(`jsonb_array_length(b.add_ons) > 0`);
  if (q.recent30) where.push(`b.created_at >= now() - interval '30 days'`);
  if (q.cancelledFrom) where.push(`b.cancelled_at >= ${p(q.cancelledFrom)}::date`);

  const sortKey = q.sort ?? '';
  const sortCol = SORTS[sortKey] ?? 'b.created_at';
  const order = q.order === 'asc' ? 'ASC' : q.order === 'desc' ? 'DESC' : sortKey ? 'ASC' : 'DESC';
  return {
    where: where.length ? `WHERE ${where.join(' AND ')}` : '',
    orderBy: `ORDER BY ${sortCol} ${order} NULLS LAST, b.id`,
    params,
  };
}
