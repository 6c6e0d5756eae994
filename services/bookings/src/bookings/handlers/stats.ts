import type { BookingStatus } from '@venue/contracts/bookings';
import { operation, sql, type Expression, type SqlBool } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { db, NOW } from '../../db/query.ts';
import { tenantOf } from '../../shared/request.ts';
import { venueToday } from '../../shared/time.ts';
import { zoneOf } from '../list-page.ts';

/** Counts and revenue for the list headers. */
export const bookingStats = (deps: Deps) =>
  operation('get /api/bookings/stats', async ({ ctx, tx }) => {
    const today = venueToday(deps.now(), await zoneOf(tx, tenantOf(ctx)));
    // One pass over the tenant's rows (the tenant stated, so its index bounds the read).
    const row = await db(tx)
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
    return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  });
