import { sql, operation } from '@venue/service-kit';
import { dateText, db, likeOf } from '../../db/query.ts';
import { tenantOf } from '../../shared/request.ts';

export const searchCustomers = operation('get /api/email-comms/customers', async ({ ctx, tx, query: q }) => {
  const tenantId = tenantOf(ctx);
  // One row per lower-cased address (spec 02 §3.4); the latest name; cancelled bookings
  // count as bookings but not as spend (spec 02 §9).
  const rows = await db(tx)
    .selectFrom((eb) => {
      let perAddress = eb
        .selectFrom('booking_copies as b')
        .select((b) => [
          b.fn<string>('lower', ['b.customer_email']).as('email'),
          // sql: the subscript [1] of an ordered aggregate (its first element), which the builder lacks
          sql<string>`(${b.fn.agg('array_agg', ['b.customer_name']).orderBy('b.booking_updated_at', 'desc')})[1]`.as(
            'name',
          ),
          b.fn.countAll<number | string>().as('total_bookings'),
          b.fn
            .coalesce(
              b.fn
                .sum<number | string>('b.calculated_price_cents')
                .filterWhere('b.status', '<>', 'cancelled'),
              b.lit(0),
            )
            .as('spent'),
        ])
        .where('b.tenant_id', '=', tenantId)
        .where('b.customer_email', 'like', '%@%');
      if (q.search) {
        const like = likeOf(q.search);
        perAddress = perAddress.where((b) =>
          b.or([b('b.customer_email', 'ilike', like), b('b.customer_name', 'ilike', like)]),
        );
      }
      return perAddress.groupBy((b) => b.fn('lower', ['b.customer_email'])).as('g');
    })
    .select((eb) => [
      'g.email',
      'g.name',
      'g.total_bookings',
      'g.spent',
      eb
        .exists(
          eb
            .selectFrom('bounces as x')
            .select(eb.lit(1).as('one'))
            .where('x.tenant_id', '=', tenantId)
            .whereRef('x.email', '=', 'g.email'),
        )
        .as('bounced'),
    ])
    .orderBy('g.name')
    .orderBy('g.email')
    .limit(q.limit)
    .execute();
  ctx.body = {
    customers: rows.map((r) => ({
      name: r.name,
      email: r.email,
      totalBookings: Number(r.total_bookings),
      totalSpent: Number(r.spent) / 100,
      totalSpentCents: Number(r.spent),
      bounced: r.bounced,
    })),
  };
});

export const customerBookings = operation(
  'get /api/email-comms/bookings/{customerEmail}',
  async ({ ctx, tx }) => {
    const email = (ctx.params.customerEmail ?? '').trim().toLowerCase();
    // booking_copies_customer_idx
    const rows = await db(tx)
      .selectFrom('booking_copies as b')
      .select((eb) => [
        'b.booking_id',
        'b.booking_code',
        'b.event_type',
        dateText(eb.ref('b.booking_date')).as('booking_date'),
        'b.start_time',
        'b.end_time',
        'b.resource_name',
        'b.resource_id',
        'b.calculated_price_cents',
        'b.guest_count',
        'b.status',
      ])
      .where('b.tenant_id', '=', tenantOf(ctx))
      .where((eb) => eb(eb.fn('lower', ['b.customer_email']), '=', email))
      .orderBy('b.starts_at', 'desc')
      .limit(200)
      .execute();
    ctx.body = {
      bookings: rows.map((r) => ({
        id: r.booking_id,
        bookingCode: r.booking_code,
        eventType: r.event_type,
        bookingDate: r.booking_date,
        startTime: r.start_time,
        endTime: r.end_time,
        hallName: r.resource_name,
        selectedHall: r.resource_id,
        calculatedPrice: Number(r.calculated_price_cents ?? 0) / 100,
        calculatedPriceCents: Number(r.calculated_price_cents ?? 0),
        guestCount: r.guest_count,
        status: r.status,
      })),
    };
  },
);
