/**
 * The customer directory, read from the figures each customer's row carries (migration 005,
 * customer-summary.ts): one page of one index per request, never the tenant's bookings.
 */
import type { BookingStatus, Customer, CustomerDetail, Segment } from '@venue/contracts/bookings';
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Tx } from '@venue/service-kit';
import { badCursor, cursorBody, cursorOf } from '@venue/service-kit/paging';
import { dateText, db } from '../db/query.ts';
import type { BookingsDb, CustomersTable } from '../db/schema.ts';
import { SEGMENTS } from './rfm.ts';

/** A customer's row with its stored figures, as the queries below select it. */
export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  tier: string;
  notes: string;
  anonymised: boolean;
  total_bookings: number;
  cancelled_bookings: number;
  lifetime_spend_cents: number | string;
  first_booking_date: string | null;
  last_booking_date: string | null;
  last_active_days: number | null;
  last_active_date: string | null;
  frequency_12m: number;
  monetary_12m_cents: number | string;
  clv_cents: number | string;
  vip: boolean;
  recency: number;
  frequency: number;
  monetary: number;
  segment: Segment;
  figures_as_of: string | null;
}

interface CustBookingRow {
  id: string;
  customer_id: string;
  booking_code: string;
  booking_date: string;
  calculated_price_cents: number;
  status: BookingStatus;
  event_type: string;
  resource_name: string;
  start_time: string;
  end_time: string;
  guest_count: number | null;
  created_at: Date | string;
}

/** The customers table as `c` with the columns of CustomerRow; Last Active is days before `today`. */
function selectCustomers(tx: Tx, today: string) {
  return db(tx)
    .selectFrom('customers as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.email',
      'c.phone',
      'c.tier',
      'c.notes',
      eb('c.anonymised_at', 'is not', null).$castTo<boolean>().as('anonymised'),
      'c.total_bookings',
      'c.cancelled_bookings',
      'c.lifetime_spend_cents',
      dateText(eb.ref('c.first_booking_date')).as('first_booking_date'),
      dateText(eb.ref('c.last_booking_date')).as('last_booking_date'),
      // sql: '-infinity' (never active) and days between two dates, which the builder cannot type
      sql<
        number | null
      >`CASE WHEN c.last_active_date = '-infinity' THEN NULL ELSE greatest(0, ${today}::date - c.last_active_date) END`.as(
        'last_active_days',
      ),
      // sql: the same '-infinity' test, then the date as text
      sql<
        string | null
      >`CASE WHEN c.last_active_date = '-infinity' THEN NULL ELSE to_char(c.last_active_date, 'YYYY-MM-DD') END`.as(
        'last_active_date',
      ),
      'c.frequency_12m',
      'c.monetary_12m_cents',
      'c.clv_cents',
      'c.vip',
      'c.recency',
      'c.frequency',
      'c.monetary',
      eb.ref('c.segment').$castTo<Segment>().as('segment'),
      dateText(eb.ref('c.figures_as_of')).as('figures_as_of'),
    ]);
}

export function summary(c: CustomerRow): Customer {
  const lifetime = Number(c.lifetime_spend_cents);
  const clv = Number(c.clv_cents);
  const tags: string[] = [];
  if (c.vip) tags.push('VIP');
  if (c.tier === 'nonprofit') tags.push('NFP');
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    tier: c.tier,
    tags,
    rfm: `${c.recency}${c.frequency}${c.monetary}`,
    recency: c.recency,
    frequency: c.frequency,
    monetary: c.monetary,
    segment: c.segment,
    clvCents: clv,
    clv: clv / 100,
    lastActiveDays: c.last_active_days,
    totalBookings: c.total_bookings,
    totalSpendCents: lifetime,
    totalSpend: lifetime / 100,
    lifetimeSpendCents: lifetime,
    lifetimeSpend: lifetime / 100,
    anonymised: c.anonymised,
    // added with the stored figures (issue 9); the screen reads none of them yet
    cancelledBookings: c.cancelled_bookings,
    firstBookingDate: c.first_booking_date,
    lastBookingDate: c.last_booking_date,
    /** The latest booking date not cancelled (what Last Active counts from); null without one. */
    lastActiveDate: c.last_active_date,
    frequency12m: c.frequency_12m,
    monetary12mCents: Number(c.monetary_12m_cents),
    /** The venue's date the 12-month figures and scores were computed for. */
    figuresAsOf: c.figures_as_of,
  };
}

export function detail(c: CustomerRow, bookings: CustBookingRow[]): CustomerDetail {
  const count = (s: string) => bookings.filter((b) => b.status === s).length;
  const base = summary(c);
  return {
    ...base,
    notes: c.notes,
    bookings: bookings.map((b) => ({
      id: b.id,
      bookingCode: b.booking_code,
      date: b.booking_date,
      spendCents: Number(b.calculated_price_cents),
      spend: Number(b.calculated_price_cents) / 100,
      cancelled: b.status === 'cancelled',
      status: b.status,
      eventType: b.event_type,
      resource: b.resource_name,
      startTime: b.start_time,
      endTime: b.end_time,
      guestCount: b.guest_count,
      createdAt: new Date(b.created_at).toISOString(),
    })),
    avgSpendPerBookingCents:
      c.total_bookings > 0 ? Math.round(base.lifetimeSpendCents / c.total_bookings) : 0,
    counts: {
      cancelled: count('cancelled'),
      confirmed: count('confirmed'),
      pending: count('pending'),
      completed: count('completed'),
    },
  };
}

export type { Customer as CustomerSummary, CustomerDetail };

/** One customer with their bookings (newest first), or null. */
export async function customerDetail(tx: Tx, tenantId: string, id: string, today: string) {
  const c = await selectCustomers(tx, today)
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!c) return null;
  const bookings = await db(tx)
    .selectFrom('bookings')
    .select((eb) => [
      'id',
      'customer_id',
      'booking_code',
      dateText(eb.ref('booking_date')).as('booking_date'),
      'calculated_price_cents',
      'status',
      'event_type',
      'resource_name',
      'start_time',
      'end_time',
      'guest_count',
      'created_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', c.id)
    .orderBy('booking_date', 'desc')
    .orderBy('start_time', 'desc')
    .orderBy('id')
    .execute();
  return detail(c, bookings);
}

/**
 * Sort keys: a stored column each (with its own index led by the tenant), how a cursor's key is
 * cast back, and how a cursor's key text is checked before it reaches SQL (a forged cursor is a
 * 400, never a cast error). Last Active's key grows with the days since, "never" last.
 */
const BIGINT = /^-?\d{1,18}$/;
const int32 = (k: string) => /^-?\d{1,10}$/.test(k) && Math.abs(Number(k)) <= 2_147_483_647;
export const SORTS = {
  name: { column: 'name_key', cast: 'text', valid: (k: string) => k.length <= 2000 },
  rfm: { column: 'rfm_sum', cast: 'smallint', valid: (k: string) => /^\d{1,2}$/.test(k) },
  clv: { column: 'clv_cents', cast: 'bigint', valid: (k: string) => BIGINT.test(k) },
  lastActive: { column: 'last_active_key', cast: 'integer', valid: int32 },
  bookings: { column: 'total_bookings', cast: 'integer', valid: int32 },
  spend: { column: 'lifetime_spend_cents', cast: 'bigint', valid: (k: string) => BIGINT.test(k) },
} as const;
export type SortKey = keyof typeof SORTS;
export const SORT_KEYS = Object.keys(SORTS) as SortKey[];
export const TAGS = ['VIP', 'NFP'] as const;

export interface ListQuery {
  search?: string;
  /** The search as stored phone numbers are written (contracts phoneSearchTerms), when it looks like one. */
  phoneSearch?: string[];
  segment?: string;
  tag?: (typeof TAGS)[number];
  sort: SortKey;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
  cursor?: string;
}

interface Cursor {
  s: SortKey;
  o: 'asc' | 'desc';
  k: string;
  id: string;
}

function decodeCursor(raw: string, q: ListQuery): Cursor {
  const c = cursorBody<Cursor>(raw);
  if (
    !c ||
    c.s !== q.sort ||
    c.o !== q.order ||
    typeof c.k !== 'string' ||
    typeof c.id !== 'string' ||
    c.id.length > 200 ||
    !SORTS[q.sort].valid(c.k)
  )
    throw badCursor();
  return c as Cursor;
}

/** `%`, `_` and `\` in a search are themselves, not LIKE's wildcards. */
const likeContains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

interface StatRow {
  segment: string;
  vip: boolean;
  nfp: boolean;
  n: number | string;
}

/**
 * The headline figures and, without a search, the list's total: from the tenant's stored counts
 * per segment, VIP and not-for-profit (migration 018, at most 20 rows), never its customer rows.
 */
async function directoryStats(tx: Tx, tenantId: string) {
  const rows: StatRow[] = await db(tx)
    .selectFrom('customer_groups')
    .select(['segment', 'vip', 'nfp', 'customers as n'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const groups = rows.map((r) => ({ ...r, n: Number(r.n) }));
  const sum = (f: (g: (typeof groups)[number]) => boolean) => groups.filter(f).reduce((s, g) => s + g.n, 0);
  // Most common segment, the first in the spec's order on a tie; null without customers.
  let topSegment: string | null = null;
  let best = 0;
  for (const s of SEGMENTS) {
    const n = sum((g) => g.segment === s);
    if (n > best) [topSegment, best] = [s, n];
  }
  return {
    stats: {
      total: sum(() => true),
      vip: sum((g) => g.vip),
      atRisk: sum((g) => g.segment === 'At-Risk'),
      topSegment,
    },
    count: (q: ListQuery) =>
      sum(
        (g) =>
          (!q.segment || g.segment === q.segment) && (q.tag !== 'VIP' || g.vip) && (q.tag !== 'NFP' || g.nfp),
      ),
  };
}

/** The list's filters, each a condition on `c`. */
function filters(q: ListQuery) {
  return (eb: ExpressionBuilder<BookingsDb & { c: CustomersTable }, 'c'>) => {
    const where: Expression<SqlBool>[] = [];
    if (q.search) {
      const terms = [q.search, ...(q.phoneSearch ?? [])];
      where.push(eb.or(terms.map((t) => eb('c.search_text', 'like', likeContains(t)))));
    }
    if (q.segment) where.push(eb('c.segment', '=', q.segment));
    if (q.tag === 'VIP') where.push(eb.ref('c.vip'));
    if (q.tag === 'NFP') where.push(eb('c.tier', '=', 'nonprofit'));
    return eb.and(where);
  };
}

/**
 * One page of the directory: filtered, searched, sorted and paged in SQL. Keyset paging by
 * `cursor` (the sort key and id of the last row of the previous page, as `nextCursor` gave it)
 * reads only the page from the sort's index; `page` numbers still work, as an offset into the
 * same index. `total` is exact: from the stats aggregate, or a count of the search's matches.
 */
export async function listCustomers(tx: Tx, tenantId: string, today: string, q: ListQuery) {
  const sort = SORTS[q.sort];
  const column = `c.${sort.column}` as const;
  const dir = q.order;
  const after = q.cursor ? decodeCursor(q.cursor, q) : null;
  const offset = after ? 0 : (q.page - 1) * q.limit;
  const rows = await selectCustomers(tx, today)
    .select((eb) => eb.cast<string>(column, 'text').as('sort_key'))
    .where('c.tenant_id', '=', tenantId)
    .where(filters(q))
    .$if(after !== null, (qb) =>
      // sql: a row-value comparison (key, id) with the cursor's key cast to the column's type
      qb.where(
        sql<boolean>`(${sql.ref(column)}, c.id) ${sql.raw(dir === 'asc' ? '>' : '<')} (${after!.k}::${sql.raw(sort.cast)}, ${after!.id})`,
      ),
    )
    .orderBy(column, dir)
    .orderBy('c.id', dir)
    .limit(q.limit + 1)
    .offset(offset)
    .execute();
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];

  const { stats, count } = await directoryStats(tx, tenantId);
  let total: number;
  if (q.search) {
    const counted = await db(tx)
      .selectFrom('customers as c')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('c.tenant_id', '=', tenantId)
      .where(filters(q))
      .executeTakeFirst();
    total = Number(counted?.n ?? 0);
  } else {
    total = count(q);
  }
  const state = await db(tx)
    .selectFrom('customer_rfm_state')
    .select('computed_at')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const computedAt = state?.computed_at;
  return {
    items: page.map(summary),
    total,
    page: after ? null : q.page,
    limit: q.limit,
    stats,
    hasMore,
    nextCursor:
      hasMore && last
        ? cursorOf({ s: q.sort, o: q.order, k: last.sort_key, id: last.id } satisfies Cursor)
        : null,
    /** When the tenant's scores were last recomputed over all its customers (null: not yet). */
    scoresComputedAt: computedAt ? new Date(computedAt).toISOString() : null,
  };
}
