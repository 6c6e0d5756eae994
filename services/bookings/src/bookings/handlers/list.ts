import { isUuid, notFound, operation, requireTenantParam } from '@venue/service-kit';
import { wantsTotal } from '@venue/service-kit/paging';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../shared/request.ts';
import { selectBookings } from '../booking-row.ts';
import { conflictsOf } from '../list-conflicts.ts';
import { listPage, listTotal, zoneOf } from '../list-page.ts';
import { likePattern } from '../list-query.ts';

/** All bookings of a hall owner, newest first (at most 500): the owner's own, or any for the super admin. */
export const hallOwnerBookings = (deps: Deps) =>
  operation(
    'get /api/bookings/hall-owner/{ownerId}',
    { before: [requireTenantParam('ownerId')] },
    async ({ ctx, tx, params }) => {
      const principal = ctx.state.principal;
      const { ownerId } = params;
      // a super admin may name any owner, but only by id (junk would fail the uuid casts below)
      if (!isUuid(ownerId)) throw notFound('Hall owner not found');
      if (principal.role === 'super_admin' && ownerId !== principal.tenantId) {
        // The one cross-tenant read: a super admin looking at a named owner's bookings.
        await tx.rescope('app.tenant_id', ownerId);
      }
      // Newest first unless the caller sorts; a caller's `order` is still checked as given.
      if (!ctx.query.sort) ctx.query = { order: 'desc', ...ctx.query, sort: 'created' };
      // the owner's clock, not the caller's (a super admin's own tenant has no venue)
      return (await listPage(ctx, tx, deps, zoneOf(tx, ownerId), ownerId, 500, 0)).items;
    },
  );

/** A page of bookings, filtered and sorted on the server, by page number or cursor. */
export const bookingPage = (deps: Deps) =>
  operation('get /api/bookings', { transaction: 'read' }, async ({ ctx, tx, query }) => {
    const { page, limit } = query;
    const offset = (page - 1) * limit;
    const paging = query;
    const tenantId = tenantOf(ctx);
    const settingsZone = zoneOf(tx, tenantId);
    const { items, hasMore, nextCursor, built, matches } = await listPage(
      ctx,
      tx,
      deps,
      settingsZone,
      tenantId,
      limit,
      paging.cursor ? 0 : offset,
      paging.cursor,
    );
    // Pending Review's Conflicts column (spec 02 §2.4): what holds part of each listed booking's time.
    if (query.withConflicts) {
      const found = await conflictsOf(
        tx,
        tenantId,
        items.map((b) => b.id),
        await settingsZone,
      );
      for (const b of items) Object.assign(b, { conflicts: found.get(b.id) ?? [] });
    }
    // Counted (up to COUNT_CAP) only when asked, or on a page-number request that does not
    // say withTotal=0: never a full count of a big tenant on every page (platform contract, Paging).
    const counted = wantsTotal(paging)
      ? await listTotal(ctx, tx, built, paging.cursor ? null : offset, items.length, hasMore, matches)
      : null;
    return {
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

/** Quick search (Ctrl/Cmd+K): the eight latest matches. */
export const searchBookings = operation(
  'get /api/bookings/search',
  { transaction: 'read' },
  async ({ ctx, tx, query }) => {
    const q = (query.q ?? '').trim();
    if (q.length < 2) return [];
    // LIKE cannot use an index under row-level security (decision 24): the tenant's bookings are
    // read latest event first off bookings_list_start_idx until eight match.
    const like = likePattern(q);
    const rows = await selectBookings(tx)
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
    return rows.map((r) => ({
      id: r.id,
      bookingCode: r.booking_code,
      customerName: r.customer_name,
      resourceName: r.resource_name,
      bookingDate: r.booking_date,
      startTime: r.start_time,
      status: r.status,
    }));
  },
);
