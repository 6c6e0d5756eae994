/** Server-side filters and sorting of the booking lists (all on indexed, tenant-leading columns). */
import type { BOOKING_SORTS } from '@venue/contracts/bookings';
import { bookingListQuery } from '@venue/contracts/bookings';
import { parseQuery } from '@venue/service-kit';
import {
  decodeCursor,
  keysetAfter,
  keysetOrderBy,
  keysetSelect,
  type KeysetKey,
  type SortOrder,
} from '@venue/service-kit/paging';
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

/**
 * Each sort's keys, ending in the booking's id (the tie-breaker, stored ascending: it runs
 * against the list's order, as in the indexes of migrations 008 and 010). Created, Event Date,
 * Status and Cancelled At read their page straight off an index led by the tenant (the screens'
 * default orders; with a status filter, bookings_list_status_idx / bookings_list_cancelled_idx);
 * the other column sorts read the tenant's filtered rows through a tenant index and sort them
 * (lower() and the money expressions are not leakproof, so no index could bound their cursor).
 */
const ID: KeysetKey = { expr: 'b.id', type: 'uuid', index: 'ASC' };
const desc = (expr: string, type: KeysetKey['type']): KeysetKey => ({ expr, type, index: 'DESC NULLS LAST' });
const STARTS = desc('b.starts_at', 'timestamptz');
/** Cancelled At, never NULL (CASE, not COALESCE: only the former keeps the cursor's bound an index condition). */
export const CANCELLED_KEY = `CASE WHEN b.cancelled_at IS NULL THEN '-infinity'::timestamptz ELSE b.cancelled_at END`;

const SORTS: Record<(typeof BOOKING_SORTS)[number], KeysetKey[]> = {
  customer: [desc('lower(b.customer_name)', 'text'), ID],
  resource: [desc('lower(b.resource_name)', 'text'), ID],
  source: [desc('b.booking_source', 'text'), ID],
  start: [STARTS, ID],
  status: [desc('b.status', 'text'), STARTS, ID],
  value: [desc(VALUE_SQL, 'bigint'), ID],
  balance: [desc(BALANCE_SQL, 'bigint'), ID],
  cancelledAt: [desc(CANCELLED_KEY, 'timestamptz'), ID],
  created: [desc('b.created_at', 'timestamptz'), ID],
};

// The filters are the API contract's (contracts bookings/requests.ts); its sorts are these.
export const listQuery = bookingListQuery;

/**
 * The list's statement parts for the filters of the contract: WHERE (the tenant stated as well as
 * row-level security's, so a tenant index serves it), ORDER BY, the cursor's key columns, and
 * with `cursor` the condition for the rows after it (a forged cursor is a 400).
 * `filterWhere`/`filterParams` are the filters alone, for counting.
 */
export function buildListQuery(query: Query, today: string, tenantId: string, cursor?: string) {
  const q = parseQuery({ query, request: {} }, listQuery);
  const { params, p } = sqlParams();
  const where: string[] = [`b.tenant_id = ${p(tenantId)}::uuid`];
  const statuses = (q.status ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => (s === 'pending_review' ? 'pending' : s));
  // One status as an equality, so the status-led indexes give their rows in the list's order.
  if (statuses.length === 1) where.push(`b.status = ${p(statuses[0])}`);
  else if (statuses.length > 1) where.push(`b.status = ANY(${p(statuses)}::text[])`);
  const text = q.q?.trim();
  if (text) {
    const like = p(likePattern(text));
    // customer name, e-mail, booking code, resource and event type, lower-cased once when the
    // row was written (migration 013): one LIKE a row instead of five lower() calls and LIKEs
    where.push(`b.search_text LIKE ${like}`);
  }
  if (q.from) where.push(`b.booking_date >= ${p(q.from)}::date`);
  if (q.to) where.push(`b.booking_date <= ${p(q.to)}::date`);
  if (q.resourceId) where.push(`b.resource_id = ANY(${p(q.resourceId.split(','))}::uuid[])`);
  for (const [key, col] of [
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
  if (q.onDates === 'none') where.push('false');
  else if (q.onDates) where.push(`b.booking_date = ANY(${p(q.onDates.split(','))}::date[])`);

  const filterWhere = `WHERE ${where.join(' AND ')}`;
  /** A text search counts up to SEARCH_COUNT_CAP matches only (decision 36). */
  const searched = Boolean(text);
  const filterParams = [...params];

  const sort = q.sort ?? 'created';
  const keys = SORTS[sort]!;
  const order: SortOrder = q.order ?? (q.sort ? 'asc' : 'desc');
  if (cursor) where.push(keysetAfter(keys, order, decodeCursor(cursor, sort, order, keys), p));
  return {
    where: `WHERE ${where.join(' AND ')}`,
    orderBy: keysetOrderBy(keys, order),
    params,
    filterWhere,
    filterParams,
    searched,
    /** Select-list items carrying each row's cursor keys (keysetPage reads them). */
    keyColumns: keysetSelect(keys),
    sort,
    order,
    keys,
  };
}
