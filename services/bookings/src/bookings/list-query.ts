/** Server-side filters and sorting of the booking lists (all on indexed, tenant-leading columns). */
import { sqlParams } from '../shared/sql.ts';
import { addDays } from '../shared/time.ts';

export type Query = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const truthy = (v: string | string[] | undefined) => one(v) === 'true' || one(v) === '1';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `%text%` for LIKE, lower-cased, with the pattern characters taken literally. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** What is still owed: the confirmed total (or the price) less a deposit marked paid. */
export const BALANCE_SQL = `(COALESCE((b.payment_details->>'totalCents')::bigint, b.calculated_price_cents)
  - CASE WHEN COALESCE((b.payment_details->>'deposit_paid')::boolean, false) THEN COALESCE((b.payment_details->>'depositCents')::bigint, 0) ELSE 0 END)`;

const SORTS: Record<string, string> = {
  customer: 'lower(b.customer_name)',
  resource: 'lower(b.resource_name)',
  source: 'b.booking_source',
  start: 'b.starts_at',
  status: 'b.status',
  value: 'b.calculated_price_cents',
  balance: BALANCE_SQL,
  cancelledAt: 'b.cancelled_at',
  created: 'b.created_at',
};

/** WHERE clause (row-level security adds the tenant) and ORDER BY for the filters of the contract. */
export function buildListQuery(q: Query, today: string) {
  const where: string[] = [];
  const { params, p } = sqlParams();
  const status = one(q.status);
  if (status)
    where.push(
      `b.status = ANY(${p(
        status
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .map((s) => (s === 'pending_review' ? 'pending' : s)),
      )}::text[])`,
    );
  const text = one(q.q)?.trim();
  if (text) {
    const like = p(likePattern(text));
    where.push(
      `(lower(b.customer_name) LIKE ${like} OR lower(b.customer_email) LIKE ${like} OR lower(b.booking_code) LIKE ${like} OR lower(b.resource_name) LIKE ${like} OR lower(b.event_type) LIKE ${like})`,
    );
  }
  const from = one(q.from);
  if (from && DATE.test(from)) where.push(`b.booking_date >= ${p(from)}::date`);
  const to = one(q.to);
  if (to && DATE.test(to)) where.push(`b.booking_date <= ${p(to)}::date`);
  for (const [key, col] of [
    ['resourceId', 'b.resource_id::text'],
    ['source', 'b.booking_source'],
    ['tier', 'b.customer_tier'],
    ['priority', 'b.priority'],
  ] as const) {
    const v = one(q[key]);
    if (v) where.push(`${col} = ANY(${p(v.split(','))}::text[])`);
  }
  switch (one(q.quick)) {
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
      where.push(`b.calculated_price_cents > 200000`);
      break;
  }
  if (truthy(q.balanceDue)) where.push(`${BALANCE_SQL} > 0`);
  if (truthy(q.bondRequired)) where.push(`b.bond_required`);
  if (truthy(q.docsMissing))
    where.push(
      `NOT (COALESCE((b.docs->>'idVerified')::boolean, false) AND COALESCE((b.docs->>'insuranceVerified')::boolean, false))`,
    );
  if (truthy(q.withAddOns)) where.push(`jsonb_array_length(b.add_ons) > 0`);
  if (truthy(q.recent30)) where.push(`b.created_at >= now() - interval '30 days'`);
  const cancelledFrom = one(q.cancelledFrom);
  if (cancelledFrom && DATE.test(cancelledFrom)) where.push(`b.cancelled_at >= ${p(cancelledFrom)}::date`);

  const sortKey = one(q.sort) ?? '';
  const sortCol = SORTS[sortKey] ?? 'b.created_at';
  const order = one(q.order) === 'asc' ? 'ASC' : one(q.order) === 'desc' ? 'DESC' : sortKey ? 'ASC' : 'DESC';
  return {
    where: where.length ? `WHERE ${where.join(' AND ')}` : '',
    orderBy: `ORDER BY ${sortCol} ${order} NULLS LAST, b.id`,
    params,
  };
}
