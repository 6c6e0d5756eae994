/** The booking lists: paged list, the hall-owner list, stats and the quick search. */
import { z } from 'zod';
import { conflictsQuery, pagingQueryFields, searchQuery } from '@venue/contracts/bookings';
import {
  isUuid,
  notFound,
  parseQuery,
  requireTenantParam,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import { COUNT_CAP, cappedCount, keysetPage, wantsTotal } from '@venue/service-kit/paging';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { bookingsGuard } from '../shared/guards.ts';
import { pageParams, tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from './booking-row.ts';
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
  built: { filterWhere: string; filterParams: unknown[]; searched: boolean },
  offset: number | null,
  rows: number,
  hasMore: boolean,
) {
  const cap = built.searched ? SEARCH_COUNT_CAP : COUNT_CAP;
  if (offset !== null && !hasMore && (rows > 0 || offset === 0) && offset + rows <= cap)
    return { total: offset + rows, totalIsEstimate: false };
  return cappedCount(ctx.state.tx, `FROM bookings b ${built.filterWhere}`, built.filterParams, cap);
}

export function listRoutes(router: AppRouter, deps: Deps): void {
  const zoneOf = async (ctx: AppContext, tenantId = tenantOf(ctx)) =>
    (await tenantSettings(ctx.state.tx, tenantId)).timezone;

  /**
   * One page of the filtered list: by `cursor` (the rows after it, off the sort's index) or by
   * offset (page numbers), fetched one row long to know whether more follow. `tenantId` is the
   * tenant the transaction reads (a super admin's look at an owner is that owner's).
   */
  async function list(
    ctx: AppContext,
    zone: string,
    tenantId: string,
    max: number,
    offset: number,
    cursor?: string,
  ) {
    const today = venueToday(deps.now(), zone);
    const built = buildListQuery(ctx.query as Query, today, tenantId, cursor);
    const { rows } = await ctx.state.tx.query<BookingRow>(
      `SELECT ${BOOKING_COLUMNS}, ${built.keyColumns} FROM bookings b ${built.where} ${built.orderBy}
        LIMIT ${max + 1} OFFSET ${offset}`,
      built.params,
    );
    const page = keysetPage(rows, max, built.sort, built.order, built.keys);
    return { ...page, items: page.rows.map((r) => toBooking(r, zone)), built };
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
        await ctx.state.tx.query(`SELECT set_config('app.tenant_id', $1, true)`, [ctx.params.ownerId]);
      }
      // the owner's clock, not the caller's (a super admin's own tenant has no venue)
      const zone = await zoneOf(ctx, ctx.params.ownerId);
      // Newest first unless the caller sorts; a caller's `order` is still checked as given.
      if (!ctx.query.sort) ctx.query = { order: 'desc', ...ctx.query, sort: 'created' };
      ctx.body = (await list(ctx, zone, ctx.params.ownerId!, 500, 0)).items;
    },
  );

  router.get('/api/bookings', ...bookingsGuard, async (ctx) => {
    const { page, limit, offset } = pageParams(ctx.query);
    const paging = parseQuery(ctx, pagingQuery);
    const { withConflicts } = parseQuery(ctx, conflictsQuery);
    const tenantId = tenantOf(ctx);
    const zone = await zoneOf(ctx);
    const { items, hasMore, nextCursor, built } = await list(
      ctx,
      zone,
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
        zone,
      );
      for (const b of items) Object.assign(b, { conflicts: found.get(b.id) ?? [] });
    }
    // Counted (up to COUNT_CAP) only when asked, or on a page-number request that does not
    // say withTotal=0: never a full count of a big tenant on every page (platform contract, Paging).
    const counted = wantsTotal(paging)
      ? await listTotal(ctx, built, paging.cursor ? null : offset, items.length, hasMore)
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
    const { rows } = await ctx.state.tx.query<Record<string, number>>(
      `SELECT
         count(*) FILTER (WHERE booking_date = $1::date AND status IN ('pending','tentative','confirmed','completed')) AS "todayCount",
         count(*) FILTER (WHERE status = 'pending') AS "pendingCount",
         count(*) FILTER (WHERE status = 'confirmed') AS "confirmedCount",
         count(*) FILTER (WHERE status = 'completed') AS "completedCount",
         count(*) FILTER (WHERE status = 'completed' AND date_trunc('month', booking_date) = date_trunc('month', $1::date)) AS "completedThisMonth",
         COALESCE(sum(calculated_price_cents) FILTER (WHERE status = 'completed'), 0) AS "completedRevenueCents",
         COALESCE(sum(COALESCE(total_cents, calculated_price_cents)) FILTER (WHERE status = 'completed'), 0) AS "completedRevenueInclGstCents",
         COALESCE(round(avg(COALESCE(total_cents, calculated_price_cents)) FILTER (WHERE status = 'completed')), 0) AS "avgCompletedValueCents",
         count(*) FILTER (WHERE status = 'cancelled') AS "cancelledCount",
         count(*) FILTER (WHERE status = 'cancelled' AND date_trunc('month', cancelled_at) = date_trunc('month', now())) AS "cancelledThisMonth",
         COALESCE(sum(COALESCE(total_cents, calculated_price_cents)) FILTER (WHERE status = 'cancelled'), 0) AS "lostRevenueCents",
         COALESCE(sum(COALESCE(deposit_cents, (payment_details->>'depositCents')::bigint)) FILTER (WHERE status = 'cancelled' AND (payment_details->>'deposit_paid')::boolean), 0) AS "refundedCents",
         count(*) FILTER (WHERE status IN ('pending','tentative') AND booking_date <= $1::date + 2) AS "highRiskCount"
       FROM bookings WHERE tenant_id = $2`,
      [today, tenantOf(ctx)],
    );
    ctx.body = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  });

  router.get('/api/bookings/search', ...bookingsGuard, async (ctx) => {
    const q = (parseQuery(ctx, searchQuery).q ?? '').trim();
    if (q.length < 2) {
      ctx.body = [];
      return;
    }
    // LIKE cannot use an index under row-level security (decision 24): the tenant's bookings are
    // read latest event first off bookings_list_start_idx until eight match.
    const { rows } = await ctx.state.tx.query<BookingRow>(
      `SELECT ${BOOKING_COLUMNS} FROM bookings b
        WHERE b.tenant_id = $2
          AND (lower(b.customer_name) LIKE $1 OR lower(b.booking_code) LIKE $1 OR lower(b.customer_email) LIKE $1 OR lower(b.resource_name) LIKE $1)
        ORDER BY b.starts_at DESC NULLS LAST, b.id LIMIT 8`,
      [likePattern(q), tenantOf(ctx)],
    );
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
