/** The booking lists: paged list, the hall-owner list, stats and the quick search. */
import { z } from 'zod';
import {
  conflictsQuery,
  pagingQueryFields,
  searchQuery,
  type BookingStatus,
} from '@venue/contracts/bookings';
import {
  isUuid,
  notFound,
  parseQuery,
  sql,
  requireTenantParam,
  type AppContext,
  type AppRouter,
  type Expression,
  type SqlBool,
} from '@venue/service-kit';
import { COUNT_CAP, keysetPage, wantsTotal } from '@venue/service-kit/paging';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { bookingsGuard, bookingsReadGuard } from '../shared/guards.ts';
import { pageParams, tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { db, NOW } from '../db/query.ts';
import { selectBookings, toBooking } from './booking-row.ts';
import { buildListQuery, likePattern, type Query } from './list-query.ts';
import { conflictsOf } from './list-conflicts.ts';

const pagingQuery = z.object(pagingQueryFields);

/**
 * A text search's count stops here ("1,000+"): past it a figure helps nobody choose a page,
 * and a common term stops being counted early (decision 36).
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * The list's total (decision 36). A page-number page that is the last one (rows, and no more
 * after them) already says it: the rows skipped plus its own, with no count at all; that is
 * where counting cost most, a rare search term reading every row of the tenant twice. Otherwise
 * a count up to COUNT_CAP, or SEARCH_COUNT_CAP for a text search.
 */
async function listTotal(
  ctx: AppContext,
  built: Pick<ReturnType<typeof buildListQuery>, 'filterWhere' | 'searched' | 'unfiltered' | 'searchOnly'>,
  offset: number | null,
  rows: number,
  hasMore: boolean,
  matches: number | null,
) {
  const cap = built.searched ? SEARCH_COUNT_CAP : COUNT_CAP;
  if (offset !== null && !hasMore && (rows > 0 || offset === 0) && offset + rows <= cap)
    return { total: offset + rows, totalIsEstimate: false };
  // A search-only page's rows carried the number of the function's ids (list()).
  if (matches !== null)
    return matches > cap ? { total: cap, totalIsEstimate: true } : { total: matches, totalIsEstimate: false };
  if (built.unfiltered) {
    // Every booking of the tenant: its stored number (migration 015), one row read instead of
    // counting up to COUNT_CAP + 1 index entries on every page 1. Reported with the same cap.
    const stored = await db(ctx.state.tx)
      .selectFrom('booking_totals')
      .select('bookings')
      .where('tenant_id', '=', tenantOf(ctx))
      .executeTakeFirst();
    const n = Number(stored?.bookings ?? 0);
    return n > COUNT_CAP ? { total: COUNT_CAP, totalIsEstimate: true } : { total: n, totalIsEstimate: false };
  }
  if (built.searchOnly) {
    // Only a trigram search, on a page past the end (no row carried the number): count the
    // function's ids (at most cap + 1), no bookings read.
    // sql: a capped count of the security-definer function's rows (a set-returning call in FROM)
    const { rows: counted } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM (
        SELECT 1 FROM booking_search_keys(${built.searchOnly}) LIMIT ${cap + 1}) capped`.execute(
      db(ctx.state.tx),
    );
    const n = Number(counted[0]?.n ?? 0);
    return n > cap ? { total: cap, totalIsEstimate: true } : { total: n, totalIsEstimate: false };
  }
  // The kit's cappedCount as a builder: SELECT count(*) FROM (SELECT 1 … LIMIT cap + 1) capped.
  const capped = db(ctx.state.tx)
    .selectFrom('bookings as b')
    .select((eb) => eb.lit(1).as('one'))
    .where(built.filterWhere)
    .limit(cap + 1);
  const row = await db(ctx.state.tx)
    .selectFrom(capped.as('capped'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, totalIsEstimate: true } : { total: n, totalIsEstimate: false };
}

export function listRoutes(router: AppRouter, deps: Deps): void {
  const zoneOf = async (ctx: AppContext, tenantId = tenantOf(ctx)) =>
    (await tenantSettings(ctx.state.tx, tenantId)).timezone;

  /**
   * One page of the filtered list: by `cursor` (the rows after it, off the sort's index) or by
   * offset (page numbers), fetched one row long to know whether more follow. `tenantId` is the
   * tenant the transaction reads (a super admin's look at an owner is that owner's).
   *
   * Statements are round trips, and system calls are most of a small read's cost on this
   * machine: the page is asked for beside the tenant's settings (the venue's zone, needed first
   * only by the quick filters' today), and a search-only page joins the function's ids with their
   * number, so the total comes in the same statement, off the same one call of the function.
   * Searching "patel" at 10,000 bookings was five statements in four trips (two calls, two trigram
   * index scans); it is three in two (issue 9).
   */
  async function list(
    ctx: AppContext,
    settingsZone: Promise<string>,
    tenantId: string,
    max: number,
    offset: number,
    cursor?: string,
  ) {
    // Awaited below in any case; observed now so a failure while the page is built is not unhandled.
    settingsZone.catch(() => {});
    const today = ctx.query.quick ? venueToday(deps.now(), await settingsZone) : undefined;
    const built = buildListQuery(ctx.query as Query, today, tenantId, cursor);
    const page = selectBookings(ctx.state.tx)
      .select(built.keyColumns)
      .orderBy(built.orderBy)
      .limit(max + 1);
    let counted;
    if (built.searchOnly) {
      // sql: the security-definer function's rows, each with their number (a set-returning call
      // and a window; the ids are unique, so the join keeps each booking once)
      const found = sql<{ id: string; starts_at: Date; created_at: Date; matches: number | string }>`(
        SELECT k.id, k.starts_at, k.created_at, count(*) OVER () AS matches
          FROM booking_search_keys(${built.searchOnly}) AS k)`;
      const sorted = built.matchPage;
      // Sorted by Event Date or Created: the page is cut among the matches (migration 017), so
      // only its own rows are read from bookings; in any other order every match is joined.
      const matched = sorted
        ? db(ctx.state.tx)
            .selectFrom(found.as('m'))
            .select(['m.id', 'm.matches'])
            .$if(sorted.after !== null, (qb) => qb.where(() => sorted.after!))
            .orderBy(sorted.orderBy)
            .limit(max + 1)
            .offset(offset)
        : db(ctx.state.tx).selectFrom(found.as('m')).select(['m.id', 'm.matches']);
      counted = page
        .where(sorted ? sorted.where : built.joinedWhere)
        .$if(!sorted, (qb) => qb.offset(offset))
        .innerJoin(matched.as('m'), 'm.id', 'b.id')
        .select('m.matches')
        .execute();
    } else counted = page.where(built.where).offset(offset).execute();
    const [rows, zone] = await Promise.all([counted, settingsZone]);
    const first = rows[0] as { matches?: number | string } | undefined;
    const matches = first?.matches === undefined ? null : Number(first.matches);
    const paged = keysetPage(rows, max, built.sort, built.order, built.keys);
    return { ...paged, items: paged.rows.map((r) => toBooking(r, zone)), built, matches };
  }

  router.get(
    '/api/bookings/hall-owner/:ownerId',
    ...bookingsGuard,
    requireTenantParam('ownerId'),
    async (ctx) => {
      const principal = ctx.state.principal;
      // a super admin may name any owner, but only by id (junk would fail the uuid casts below)
      if (!isUuid(ctx.params.ownerId)) throw notFound('Hall owner not found');
      if (principal.role === 'super_admin' && ctx.params.ownerId !== principal.tenantId) {
        // The one cross-tenant read: a super admin looking at a named owner's bookings.
        await ctx.state.tx.rescope('app.tenant_id', ctx.params.ownerId!);
      }
      // Newest first unless the caller sorts; a caller's `order` is still checked as given.
      if (!ctx.query.sort) ctx.query = { order: 'desc', ...ctx.query, sort: 'created' };
      // the owner's clock, not the caller's (a super admin's own tenant has no venue)
      ctx.body = (await list(ctx, zoneOf(ctx, ctx.params.ownerId), ctx.params.ownerId!, 500, 0)).items;
    },
  );

  router.get('/api/bookings', ...bookingsReadGuard, async (ctx) => {
    const { page, limit, offset } = pageParams(ctx.query);
    const paging = parseQuery(ctx, pagingQuery);
    const { withConflicts } = parseQuery(ctx, conflictsQuery);
    const tenantId = tenantOf(ctx);
    const settingsZone = zoneOf(ctx);
    const { items, hasMore, nextCursor, built, matches } = await list(
      ctx,
      settingsZone,
      tenantId,
      limit,
      paging.cursor ? 0 : offset,
      paging.cursor,
    );
    // Pending Review's Conflicts column (spec 02 §2.4): what holds part of each listed booking's time.
    if (withConflicts) {
      const found = await conflictsOf(
        ctx.state.tx,
        tenantId,
        items.map((b) => b.id),
        await settingsZone,
      );
      for (const b of items) Object.assign(b, { conflicts: found.get(b.id) ?? [] });
    }
    // Counted (up to COUNT_CAP) only when asked, or on a page-number request that does not
    // say withTotal=0: never a full count of a big tenant on every page (platform contract, Paging).
    const counted = wantsTotal(paging)
      ? await listTotal(ctx, built, paging.cursor ? null : offset, items.length, hasMore, matches)
      : null;
    ctx.body = {
      items,
      total: counted?.total ?? null,
      totalIsEstimate: counted?.totalIsEstimate ?? false,
      page: paging.cursor ? null : page,
      limit,
      totalPages: counted ? Math.max(1, Math.ceil(counted.total / limit)) : null,
      hasMore,
      nextCursor,
    };
  });

  router.get('/api/bookings/stats', ...bookingsGuard, async (ctx) => {
    const today = venueToday(deps.now(), await zoneOf(ctx));
    // One pass over the tenant's rows (the tenant stated, so its index bounds the read).
    const row = await db(ctx.state.tx)
      .selectFrom('bookings')
      .select((eb) => {
        const count = (where: Expression<SqlBool>) => eb.fn.countAll<number>().filterWhere(where);
        const status = (s: BookingStatus) => eb('status', '=', s);
        const value = eb.fn.coalesce('total_cents', 'calculated_price_cents');
        // sql.lit: date_trunc's unit as a literal, so the planner sees one expression per month
        const month = (e: Expression<unknown>) => eb.fn('date_trunc', [sql.lit('month'), e]);
        const todayDate = eb.cast<Date>(eb.val(today), 'date');
        return [
          count(
            eb.and([
              eb('booking_date', '=', todayDate),
              eb('status', 'in', ['pending', 'tentative', 'confirmed', 'completed']),
            ]),
          ).as('todayCount'),
          count(status('pending')).as('pendingCount'),
          count(status('confirmed')).as('confirmedCount'),
          count(status('completed')).as('completedCount'),
          count(eb.and([status('completed'), eb(month(eb.ref('booking_date')), '=', month(todayDate))])).as(
            'completedThisMonth',
          ),
          eb.fn
            .coalesce(eb.fn.sum<number>('calculated_price_cents').filterWhere(status('completed')), eb.lit(0))
            .as('completedRevenueCents'),
          eb.fn
            .coalesce(eb.fn.sum<number>(value).filterWhere(status('completed')), eb.lit(0))
            .as('completedRevenueInclGstCents'),
          eb.fn
            .coalesce(eb.fn('round', [eb.fn.avg(value).filterWhere(status('completed'))]), eb.lit(0))
            .as('avgCompletedValueCents'),
          count(status('cancelled')).as('cancelledCount'),
          count(eb.and([status('cancelled'), eb(month(eb.ref('cancelled_at')), '=', month(NOW))])).as(
            'cancelledThisMonth',
          ),
          eb.fn
            .coalesce(eb.fn.sum<number>(value).filterWhere(status('cancelled')), eb.lit(0))
            .as('lostRevenueCents'),
          eb.fn
            .coalesce(
              eb.fn
                // sql: jsonb fields of payment_details (the deposit as confirmed, and its paid flag)
                .sum<number>(
                  eb.fn.coalesce('deposit_cents', sql<number>`(payment_details->>'depositCents')::bigint`),
                )
                // sql: as above
                .filterWhere(
                  eb.and([status('cancelled'), sql<boolean>`(payment_details->>'deposit_paid')::boolean`]),
                ),
              eb.lit(0),
            )
            .as('refundedCents'),
          count(
            eb.and([
              eb('status', 'in', ['pending', 'tentative']),
              // sql: date + integer days (two days after the venue's today)
              eb('booking_date', '<=', sql<Date>`${today}::date + 2`),
            ]),
          ).as('highRiskCount'),
        ];
      })
      .where('tenant_id', '=', tenantOf(ctx))
      .executeTakeFirst();
    const rows = row ? [row] : [];
    ctx.body = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  });

  router.get('/api/bookings/search', ...bookingsReadGuard, async (ctx) => {
    const q = (parseQuery(ctx, searchQuery).q ?? '').trim();
    if (q.length < 2) {
      ctx.body = [];
      return;
    }
    // LIKE cannot use an index under row-level security (decision 24): the tenant's bookings are
    // read latest event first off bookings_list_start_idx until eight match.
    const like = likePattern(q);
    const rows = await selectBookings(ctx.state.tx)
      .where('b.tenant_id', '=', tenantOf(ctx))
      .where((eb) =>
        eb.or(
          (['b.customer_name', 'b.booking_code', 'b.customer_email', 'b.resource_name'] as const).map((col) =>
            eb(eb.fn('lower', [col]), 'like', like),
          ),
        ),
      )
      .orderBy('b.starts_at', (ob) => ob.desc().nullsLast())
      .orderBy('b.id')
      .limit(8)
      .execute();
    ctx.body = rows.map((r) => ({
      id: r.id,
      bookingCode: r.booking_code,
      customerName: r.customer_name,
      resourceName: r.resource_name,
      bookingDate: r.booking_date,
      startTime: r.start_time,
      status: r.status,
    }));
  });
}
