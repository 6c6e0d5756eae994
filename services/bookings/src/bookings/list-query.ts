/** Server-side filters and sorting of the booking lists (all on indexed, tenant-leading columns). */
import { bookingListQuery, type BOOKING_SORTS, type BookingStatus } from '@venue/contracts/bookings';
import {
  keysetAfterCursor,
  keysetColumns,
  keysetOrder,
  parseQuery,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
} from '@venue/service-kit';
import { decodeCursor, type KeysetKey, type SortOrder } from '@venue/service-kit/paging';
import type { BookingsDb, BookingsTable } from '../db/schema.ts';
import { addDays } from '../shared/time.ts';

export type Query = Record<string, string | string[] | undefined>;

/** A search term this long has a trigram to look up (migration 014); shorter ones have none. */
export const TRIGRAM_MIN = 3;

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

type ListEb = ExpressionBuilder<BookingsDb & { b: BookingsTable }, 'b'>;

/** A condition as SQL text of the list's own (the money expressions above); no values in it. */
// sql: text written once above and shared with the sort keys, without values
const raw = (text: string) => sql<boolean>`${sql.raw(text)}`;

function readFilters(query: Query) {
  return parseQuery({ query, request: {} }, listQuery);
}
type ListFilters = ReturnType<typeof readFilters>;

/** What the filters make of the list: its statuses, its search, and whether it is filtered at all. */
function listShape(q: ListFilters) {
  const statuses = (q.status ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => (s === 'pending_review' ? 'pending' : s)) as BookingStatus[];
  const text = q.q?.trim();
  const trigram = text && text.length >= TRIGRAM_MIN ? likePattern(text) : null;
  // No filter at all (sort and order aside): the list is every booking of the tenant, whose
  // number migration 015 keeps. Anything else set, even to a value that filters nothing, counts.
  const { sort: _sort, order: _order, ...filterValues } = q;
  const unset = (v: unknown) => v === undefined || v === false || (typeof v === 'string' && v.trim() === '');
  const unfiltered = Object.values(filterValues).every(unset);
  // A trigram search and nothing else: its matches are exactly the function's ids (the side
  // table holds one row per booking of the tenant), so they can be counted without the bookings.
  const { q: _q, ...otherFilters } = filterValues;
  const searchOnly = trigram && Object.values(otherFilters).every(unset) ? trigram : null;
  return { statuses, text, trigram, unfiltered, searchOnly };
}
type ListShape = ReturnType<typeof listShape>;

/**
 * The conditions of the filters, in one order whatever is set. With `joined`, a search-only
 * page's statement joins the function's answer (list-page.ts) instead of naming its search.
 */
function listConditions(
  eb: ListEb,
  q: ListFilters,
  shape: ListShape,
  tenantId: string,
  day: () => string,
  joined: boolean,
): Expression<SqlBool>[] {
  const { statuses, text, trigram, searchOnly } = shape;
  const where: Expression<SqlBool>[] = [eb('b.tenant_id', '=', tenantId)];
  // One status as an equality, so the status-led indexes give their rows in the list's order.
  if (statuses.length === 1) where.push(eb('b.status', '=', statuses[0]!));
  // sql: = ANY of one array parameter (one statement shape however many are chosen)
  else if (statuses.length > 1) where.push(sql<boolean>`b.status = ANY(${statuses}::text[])`);
  // customer name, e-mail, booking code, resource and event type, lower-cased once when the
  // row was written (migration 013). A term of three characters or more has trigrams, so the
  // tenant's matching ids come off the trigram index of migration 014's side table through
  // its security-definer function (tenant from app.tenant_id; decision 50); a shorter one
  // has none to look up and matches many rows, so it stays one LIKE a row, read in the
  // list's order until the page is full.
  if (trigram) {
    if (!(joined && searchOnly))
      // sql: set membership in the security-definer function's answer (no Kysely form for it)
      where.push(sql<boolean>`b.id IN (SELECT m.id FROM booking_search_keys(${trigram}) AS m)`);
  } else if (text) where.push(eb('b.search_text', 'like', likePattern(text)));
  if (q.from) where.push(eb('b.booking_date', '>=', q.from));
  if (q.to) where.push(eb('b.booking_date', '<=', q.to));
  // sql: = ANY of a uuid array parameter
  if (q.resourceId) where.push(sql<boolean>`b.resource_id = ANY(${q.resourceId.split(',')}::uuid[])`);
  for (const [key, col] of [
    ['source', 'b.booking_source'],
    ['tier', 'b.customer_tier'],
    ['priority', 'b.priority'],
  ] as const) {
    const v = q[key];
    // sql: = ANY of a text array parameter
    if (v) where.push(sql<boolean>`${sql.ref(col)} = ANY(${v.split(',')}::text[])`);
  }
  where.push(...quickConditions(eb, q.quick, day), ...flagConditions(eb, q));
  return where;
}

/** The quick filter's conditions, on the venue's today. */
function quickConditions(eb: ListEb, quick: ListFilters['quick'], day: () => string): Expression<SqlBool>[] {
  switch (quick) {
    case 'today':
      return [eb('b.booking_date', '=', day())];
    case 'tomorrow':
      return [eb('b.booking_date', '=', addDays(day(), 1))];
    case 'thisWeek': {
      const dow = (new Date(`${day()}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
      const monday = addDays(day(), -dow);
      return [eb.between('b.booking_date', monday, addDays(monday, 6))];
    }
    case 'overdue':
      return [eb('b.booking_date', '<', day()), eb('b.status', 'in', ['pending', 'tentative', 'confirmed'])];
    case 'highValue':
      return [raw(`${VALUE_SQL} > 200000`)];
  }
  return [];
}

/** The toggles' conditions and the days named by the caller. */
function flagConditions(eb: ListEb, q: ListFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (q.balanceDue) where.push(raw(`${BALANCE_SQL} > 0`));
  if (q.bondRequired) where.push(eb.ref('b.bond_required'));
  if (q.docsMissing)
    where.push(
      raw(
        `NOT (COALESCE((b.docs->>'idVerified')::boolean, false) AND COALESCE((b.docs->>'insuranceVerified')::boolean, false))`,
      ),
    );
  if (q.withAddOns) where.push(raw(`jsonb_array_length(b.add_ons) > 0`));
  if (q.recent30) where.push(raw(`b.created_at >= now() - interval '30 days'`));
  // sql: an instant compared with a date (midnight of the session's zone), as before
  if (q.cancelledFrom) where.push(sql<boolean>`b.cancelled_at >= ${q.cancelledFrom}::date`);
  if (q.onDates === 'none') where.push(eb.lit(false));
  // sql: = ANY of a date array parameter
  else if (q.onDates) where.push(sql<boolean>`b.booking_date = ANY(${q.onDates.split(',')}::date[])`);
  return where;
}

/**
 * The list's conditions for the filters of the contract (the tenant stated as well as row-level
 * security's, so a tenant index serves it), its order and cursor keys, and with `cursor` the
 * condition for the rows after it (a forged cursor is a 400). `filters` are the filters alone,
 * for counting. `today` (the venue's date) is read by the quick filters alone: the route looks it
 * up only for them, so the page can be asked for beside the settings read otherwise.
 */
export function buildListQuery(query: Query, today: string | undefined, tenantId: string, cursor?: string) {
  const q = readFilters(query);
  // The venue's today, which only the quick filters read (the route looks it up for them alone).
  const day = () => {
    if (today === undefined) throw new Error('a quick filter needs the venue’s today');
    return today;
  };
  const shape = listShape(q);
  const { text, unfiltered, searchOnly } = shape;
  const filters = (eb: ListEb, joined = false) => listConditions(eb, q, shape, tenantId, day, joined);

  const sort = q.sort ?? 'created';
  const keys = SORTS[sort]!;
  const order: SortOrder = q.order ?? (q.sort ? 'asc' : 'desc');
  const after = cursor ? decodeCursor(cursor, sort, order, keys) : null;
  // A search-only page in an order the side table holds (migrations 017 and 025): the page is
  // cut among the matches (or, for a common term, walked off the list's index) before any
  // booking is read.
  const matchOrder = Boolean(searchOnly) && (sort === 'start' || sort === 'created');
  return {
    /** The filters and, after a cursor, the rows after it. */
    where: (eb: ListEb) =>
      eb.and(after ? [...filters(eb), keysetAfterCursor(keys, order, after)] : filters(eb)),
    /**
     * As `where`, but without a search-only list's search: for a statement that joins the
     * function's answer instead (list-page.ts, which also takes the number of matches from it).
     */
    joinedWhere: (eb: ListEb) =>
      eb.and(after ? [...filters(eb, true), keysetAfterCursor(keys, order, after)] : filters(eb, true)),
    /** The filters alone, for counting. */
    filterWhere: (eb: ListEb) => eb.and(filters(eb)),
    /** A text search counts up to SEARCH_COUNT_CAP matches only (decision 36). */
    searched: Boolean(text),
    /** No filter: the total is the tenant's stored number of bookings (migration 015). */
    unfiltered,
    /**
     * The LIKE pattern when the trigram search is the only filter: the page joins the function's
     * ids with their number (no bookings read to count them).
     */
    searchOnly,
    /**
     * A search-only page sorted by Event Date or Created (booking_search_page, migration 025):
     * the page's other conditions, the order and the cursor's key and id.
     */
    matchPage: !matchOrder
      ? null
      : {
          /** The other conditions of the page's statement: the tenant (the cursor is the matches'). */
          where: (eb: ListEb) => eb.and(filters(eb, true)),
          /** The cursor's key and id as given, for booking_search_page (migration 025). */
          afterValues: after as [string, string] | null,
          byCreated: sort === 'created',
          descending: order === 'desc',
        },
    orderBy: keysetOrder(keys, order),
    /** Select-list items carrying each row's cursor keys (keysetPage reads them). */
    keyColumns: keysetColumns(keys),
    sort,
    order,
    keys,
  };
}
