/** The booking lists: paged list, the hall-owner list, stats and the quick search. */
import { z } from 'zod';
import {
  parseQuery,
  queryText,
  requireTenantParam,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { bookingsGuard } from '../shared/guards.ts';
import { pageParams, tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { BOOKING_COLUMNS, toBooking, type BookingRow } from './booking-row.ts';
import { buildListQuery, likePattern, type Query } from './list-query.ts';

const searchQuery = z.object({ q: queryText('q', 200) });

export function listRoutes(router: AppRouter, deps: Deps): void {
  const zoneOf = async (ctx: AppContext, tenantId = tenantOf(ctx)) =>
    (await tenantSettings(ctx.state.tx, tenantId)).timezone;

  async function list(ctx: AppContext, zone: string, max: number, offset: number) {
    const { where, orderBy, params } = buildListQuery(ctx.query as Query, venueToday(deps.now(), zone));
    const { rows } = await ctx.state.tx.query<BookingRow & { total: number }>(
      `SELECT ${BOOKING_COLUMNS}, count(*) OVER () AS total FROM bookings b ${where} ${orderBy} LIMIT ${max} OFFSET ${offset}`,
      params,
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && offset > 0) {
      // past the last page: the window count has no row to ride on
      total = Number(
        (await ctx.state.tx.query<{ n: number }>(`SELECT count(*) AS n FROM bookings b ${where}`, params))
          .rows[0]?.n ?? 0,
      );
    }
    return { items: rows.map((r) => toBooking(r, zone)), total };
  }

  router.get(
    '/api/bookings/hall-owner/:ownerId',
    ...bookingsGuard,
    requireTenantParam('ownerId'),
    async (ctx) => {
      const principal = ctx.state.principal;
      if (principal.role === 'super_admin' && ctx.params.ownerId !== principal.tenantId) {
        // The one cross-tenant read: a super admin looking at a named owner's bookings.
        await ctx.state.tx.query(`SELECT set_config('app.tenant_id', $1, true)`, [ctx.params.ownerId]);
      }
      // the owner's clock, not the caller's (a super admin's own tenant has no venue)
      const zone = await zoneOf(ctx, ctx.params.ownerId);
      // Newest first unless the caller sorts; a caller's `order` is still checked as given.
      if (!ctx.query.sort) ctx.query = { order: 'desc', ...ctx.query, sort: 'created' };
      ctx.body = (await list(ctx, zone, 500, 0)).items;
    },
  );

  router.get('/api/bookings', ...bookingsGuard, async (ctx) => {
    const { page, limit, offset } = pageParams(ctx.query);
    const { items, total } = await list(ctx, await zoneOf(ctx), limit, offset);
    ctx.body = { items, total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
  });

  router.get('/api/bookings/stats', ...bookingsGuard, async (ctx) => {
    const today = venueToday(deps.now(), await zoneOf(ctx));
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
       FROM bookings`,
      [today],
    );
    ctx.body = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  });

  router.get('/api/bookings/search', ...bookingsGuard, async (ctx) => {
    const q = (parseQuery(ctx, searchQuery).q ?? '').trim();
    if (q.length < 2) {
      ctx.body = [];
      return;
    }
    const { rows } = await ctx.state.tx.query<BookingRow>(
      `SELECT ${BOOKING_COLUMNS} FROM bookings b
        WHERE lower(b.customer_name) LIKE $1 OR lower(b.booking_code) LIKE $1 OR lower(b.customer_email) LIKE $1 OR lower(b.resource_name) LIKE $1
        ORDER BY b.booking_date DESC LIMIT 8`,
      [likePattern(q)],
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
