/** Service-to-service routes (never routed by the gateway). */
import { blockoutReleaseBody, blockoutReserveBody } from '@venue/contracts/bookings';
import {
  notFound,
  parseBody,
  requireInternal,
  sql,
  tenantExportRoute,
  type AppRouter,
  type ServiceKit,
  type Tx,
} from '@venue/service-kit';
import { releaseBlockouts, reserveBlockouts } from '../availability/blockout-reservations.ts';
import { db } from '../db/query.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { findBooking, toBooking } from '../bookings/booking-row.ts';
import type { Deps } from '../deps.ts';
import { isUuid } from '../shared/request.ts';
import { fromQuoteRoute } from './from-quote.ts';
import { slotCheckRoute } from './slot-check.ts';

export function internalRoutes(router: AppRouter, kit: ServiceKit, deps?: Deps): void {
  // money's Accept of a quotation (decision 33); needs the catalogue clients and the clock.
  if (deps) fromQuoteRoute(router, deps);
  // money's Send of a quotation asks whether its slot is free first (decision 57).
  if (deps) slotCheckRoute(router, kit, deps);
  // The catalogue's iCalendar feeds keep their own copy of each booking's slot from the
  // booking.* events (packages/contracts booking-events.ts); nothing to answer here for them.

  /**
   * The catalogue's block-out writes, before it commits them (decision 55): 200 when the time is
   * taken (or, with `overBookings`, recorded over the bookings that hold it), 409 with the
   * bookings that hold it or when the write is out of date; nothing changes on a 409. The venue's
   * clock words the refusal; a tenant whose settings have not reached bookings gets the 503.
   */
  router.post('/internal/blockouts/reserve', requireInternal, async (ctx) => {
    const body = parseBody(ctx, blockoutReserveBody);
    ctx.body = await slotWrite(kit, body.tenantId, async (tx) =>
      reserveBlockouts(tx, body, await tenantSettings(tx, body.tenantId)),
    );
  });

  /** Block-outs deleted (or a create undone): their time is free again. Never refused. */
  router.post('/internal/blockouts/release', requireInternal, async (ctx) => {
    const body = parseBody(ctx, blockoutReleaseBody);
    ctx.body = { released: await slotWrite(kit, body.tenantId, (tx) => releaseBlockouts(tx, body)) };
  });

  /**
   * One booking as its events carry it, for a service whose copy has not received it yet (money
   * raising an invoice for a booking made a moment ago; issue 27 item 2): 404 when there is none.
   */
  router.get('/internal/bookings/:tenantId/:bookingId', requireInternal, async (ctx) => {
    const { tenantId = '', bookingId = '' } = ctx.params;
    if (!isUuid(tenantId) || !isUuid(bookingId)) throw notFound('No such booking.');
    ctx.body = await kit.db.tenantTx(tenantId, async (tx) => {
      const row = await findBooking(tx, bookingId);
      if (!row) throw notFound('No such booking.');
      return { booking: toBooking(row, (await tenantSettings(tx, tenantId)).timezone) };
    });
  });

  // Every column as stored; the tenant stated as well as row-level security's.
  tenantExportRoute(router, kit, async (tx, tenantId) => ({
    bookings: await db(tx)
      .selectFrom('bookings')
      .selectAll()
      // The furthest funnel stage the row itself proves (0 request, 1 held, 2 confirmed,
      // 3 completed), for insights' rebuild (decision 45): a booking cancelled after its
      // confirmation keeps the payment_details only a confirmation writes; an expired one was
      // a hold. Bookings keeps no status history of its own (each move is an audit entry in
      // admin's log, which the rebuild reads for what this cannot tell, e.g. a hold cancelled).
      // sql: a CASE over the row's status and payment_details (no builder form reads as well)
      .select(
        sql<number>`CASE
            WHEN status = 'completed' THEN 3
            WHEN status = 'confirmed' OR payment_details IS NOT NULL THEN 2
            WHEN status IN ('tentative', 'expired') OR hold_expires_at IS NOT NULL THEN 1
            ELSE 0 END`.as('furthest_stage'),
      )
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .execute(),
    customers: await db(tx)
      .selectFrom('customers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .execute(),
  }));
}

/**
 * A write to the slot table in the tenant's transaction, tried again (up to three times) when
 * the database chose it as the loser of a race: a deadlock between writers of overlapping slots
 * (40P01), or an exclusion violation by a writer that committed while this one was inserting
 * (23P01). The next try sees the winner and answers as the constraint decided.
 */
async function slotWrite<T>(kit: ServiceKit, tenantId: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await kit.db.tenantTx(tenantId, write);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 3 || (code !== '40P01' && code !== '23P01')) throw err;
    }
  }
}
