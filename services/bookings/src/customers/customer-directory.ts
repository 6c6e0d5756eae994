/**
 * The customer directory, read from the figures each customer's row carries (migration 005,
 * customer-summary.ts): one page of one index per request, never the tenant's bookings.
 */
import type { BookingStatus, Customer, CustomerDetail, Segment } from '@venue/contracts/bookings';
import { badRequest, type Tx } from '@venue/service-kit';
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
  created_at: string;
}

/** The columns of CustomerRow; `$2` is the venue's today (Last Active is days before it). */
const COLUMNS = `c.id, c.name, c.email, c.phone, c.tier, c.notes, c.anonymised_at IS NOT NULL AS anonymised,
  c.total_bookings, c.cancelled_bookings, c.lifetime_spend_cents,
  to_char(c.first_booking_date, 'YYYY-MM-DD') AS first_booking_date,
  to_char(c.last_booking_date, 'YYYY-MM-DD') AS last_booking_date,
  CASE WHEN c.last_active_date = '-infinity' THEN NULL ELSE greatest(0, $2::date - c.last_active_date) END AS last_active_days,
  CASE WHEN c.last_active_date = '-infinity' THEN NULL ELSE to_char(c.last_active_date, 'YYYY-MM-DD') END AS last_active_date,
  c.frequency_12m, c.monetary_12m_cents, c.clv_cents, c.vip, c.recency, c.frequency, c.monetary, c.segment,
  to_char(c.figures_as_of, 'YYYY-MM-DD') AS figures_as_of`;

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
  const { rows } = await tx.query<CustomerRow>(
    `SELECT ${COLUMNS} FROM customers c WHERE c.tenant_id = $1 AND c.id = $3`,
    [tenantId, today, id],
  );
  const c = rows[0];
  if (!c) return null;
  const bookings = await tx.query<CustBookingRow>(
    `SELECT id, customer_id, booking_code, to_char(booking_date, 'YYYY-MM-DD') AS booking_date, calculated_price_cents, status,
            event_type, resource_name, start_time, end_time, guest_count, created_at
       FROM bookings WHERE tenant_id = $1 AND customer_id = $2 ORDER BY booking_date DESC, start_time DESC, id`,
    [tenantId, c.id],
  );
  return detail(c, bookings.rows);
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

const CURSOR_MESSAGE = 'cursor is not one this list gave out for this sort and order.';

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string, q: ListQuery): Cursor {
  let c: Partial<Cursor> | null = null;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    c = null;
  }
  if (
    !c ||
    typeof c !== 'object' ||
    c.s !== q.sort ||
    c.o !== q.order ||
    typeof c.k !== 'string' ||
    typeof c.id !== 'string' ||
    c.id.length > 200 ||
    !SORTS[q.sort].valid(c.k)
  )
    throw badRequest(CURSOR_MESSAGE, { errors: [{ path: 'cursor', message: CURSOR_MESSAGE }] });
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
 * The headline figures and, without a search, the list's total: one small aggregate over the
 * tenant's customer rows (one per customer, grouped into at most 20 rows), never its bookings.
 */
async function directoryStats(tx: Tx, tenantId: string) {
  const { rows } = await tx.query<StatRow>(
    `SELECT segment, vip, tier = 'nonprofit' AS nfp, count(*) AS n
       FROM customers WHERE tenant_id = $1 GROUP BY segment, vip, tier = 'nonprofit'`,
    [tenantId],
  );
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

const binder = (params: unknown[]) => (v: unknown) => {
  params.push(v);
  return `$${params.length}`;
};

/** The list's filters as ` AND …` conditions, their values bound through `p`. */
function filters(q: ListQuery, p: (v: unknown) => string): string {
  const where: string[] = [];
  if (q.search) {
    const terms = [q.search, ...(q.phoneSearch ?? [])];
    where.push(`(${terms.map((t) => `c.search_text LIKE ${p(likeContains(t))}`).join(' OR ')})`);
  }
  if (q.segment) where.push(`c.segment = ${p(q.segment)}`);
  if (q.tag === 'VIP') where.push('c.vip');
  if (q.tag === 'NFP') where.push(`c.tier = 'nonprofit'`);
  return where.map((f) => ` AND ${f}`).join('');
}

/**
 * One page of the directory: filtered, searched, sorted and paged in SQL. Keyset paging by
 * `cursor` (the sort key and id of the last row of the previous page, as `nextCursor` gave it)
 * reads only the page from the sort's index; `page` numbers still work, as an offset into the
 * same index. `total` is exact: from the stats aggregate, or a count of the search's matches.
 */
export async function listCustomers(tx: Tx, tenantId: string, today: string, q: ListQuery) {
  const sort = SORTS[q.sort];
  const ascending = q.order === 'asc';
  const dir = ascending ? 'ASC' : 'DESC';
  const params: unknown[] = [tenantId, today];
  const p = binder(params);
  const filterSql = filters(q, p);
  const after = q.cursor ? decodeCursor(q.cursor, q) : null;
  const keyset = after
    ? ` AND (c.${sort.column}, c.id) ${ascending ? '>' : '<'} (${p(after.k)}::${sort.cast}, ${p(after.id)})`
    : '';
  const offset = after ? 0 : (q.page - 1) * q.limit;
  const { rows } = await tx.query<CustomerRow & { sort_key: string }>(
    `SELECT ${COLUMNS}, c.${sort.column}::text AS sort_key
       FROM customers c
      WHERE c.tenant_id = $1${filterSql}${keyset}
      ORDER BY c.${sort.column} ${dir}, c.id ${dir}
      LIMIT ${q.limit + 1} OFFSET ${offset}`,
    params,
  );
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];

  const { stats, count } = await directoryStats(tx, tenantId);
  let total: number;
  if (q.search) {
    const countParams: unknown[] = [tenantId];
    const counted = await tx.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM customers c WHERE c.tenant_id = $1${filters(q, binder(countParams))}`,
      countParams,
    );
    total = Number(counted.rows[0]?.n ?? 0);
  } else {
    total = count(q);
  }
  const state = await tx.query<{ computed_at: string | Date }>(
    `SELECT computed_at FROM customer_rfm_state WHERE tenant_id = $1`,
    [tenantId],
  );
  const computedAt = state.rows[0]?.computed_at;
  return {
    items: page.map(summary),
    total,
    page: after ? null : q.page,
    limit: q.limit,
    stats,
    hasMore,
    nextCursor:
      hasMore && last ? encodeCursor({ s: q.sort, o: q.order, k: last.sort_key, id: last.id }) : null,
    /** When the tenant's scores were last recomputed over all its customers (null: not yet). */
    scoresComputedAt: computedAt ? new Date(computedAt).toISOString() : null,
  };
}
