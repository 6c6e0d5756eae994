/** GET /api/bookings/export.csv: the filtered list with the money columns, GST included. */
import type { AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { bookingsGuard } from '../shared/guards.ts';
import { csv, ddmmyyyy } from '../shared/csv.ts';
import { tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { balanceDue, BOOKING_COLUMNS, type BookingRow } from './booking-row.ts';
import { buildListQuery, type Query } from './list-query.ts';

const HEADER = [
  'Booking Code',
  'Customer',
  'Email',
  'Phone',
  'Resource',
  'Event Type',
  'Date',
  'Start',
  'End',
  'Guests',
  'Status',
  'Source',
  'Value (incl. GST)',
  'GST',
  'Deposit',
  'Balance (incl. GST)',
  'Cancelled At',
  'Cancellation Reason',
];

const money = (c: number) => (Math.round(c) / 100).toFixed(2);

function exportRow(r: BookingRow, taxRatePercent: number): unknown[] {
  const pd = r.payment_details as {
    totalCents?: number;
    gstCents?: number;
    depositCents?: number;
  } | null;
  // Unconfirmed bookings carry no tax choice yet: the price is taken as GST-inclusive (the default tax type).
  const total = pd?.totalCents ?? r.calculated_price_cents;
  const gst = pd?.gstCents ?? Math.round(total - total / (1 + taxRatePercent / 100));
  return [
    r.booking_code,
    r.customer_name,
    r.customer_email,
    r.customer_phone,
    r.resource_name,
    r.event_type,
    ddmmyyyy(r.booking_date),
    r.start_time,
    r.end_time,
    r.guest_count ?? '',
    r.status,
    r.booking_source,
    money(total),
    money(gst),
    money(pd?.depositCents ?? 0),
    money(balanceDue(r)),
    r.cancelled_at ? ddmmyyyy(new Date(r.cancelled_at).toISOString().slice(0, 10)) : '',
    r.cancellation_reason ?? '',
  ];
}

export function exportRoutes(router: AppRouter, deps: Deps): void {
  router.get('/api/bookings/export.csv', ...bookingsGuard, async (ctx) => {
    const settings = await tenantSettings(ctx.state.tx, tenantOf(ctx));
    const today = venueToday(deps.now(), settings.timezone);
    const { where, orderBy, params } = buildListQuery(ctx.query as Query, today);
    const { rows } = await ctx.state.tx.query<BookingRow>(
      `SELECT ${BOOKING_COLUMNS} FROM bookings b ${where} ${orderBy} LIMIT 10000`,
      params,
    );
    ctx.set('content-disposition', `attachment; filename="bookings_export_${today}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv(
      HEADER,
      rows.map((r) => exportRow(r, settings.taxRatePercent)),
    );
  });
}
