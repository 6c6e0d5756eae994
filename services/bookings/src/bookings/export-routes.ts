/**
 * GET /api/bookings/export.csv: the filtered list with the money columns as stored on each
 * booking (status/payment.ts), named after the list it was taken from (spec 02 §9), with the
 * file's timestamp and every date in the venue's time zone.
 */
import { bookingListQuery } from '@venue/contracts/bookings';
import { parseQuery, toCsv, wallClock, type AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { bookingsGuard } from '../shared/guards.ts';
import { ddmmyyyy } from '../shared/csv.ts';
import { tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { storedMoney, totalCentsOf } from '../status/payment.ts';
import { balanceDue, selectBookings, type BookingRow } from './booking-row.ts';
import { buildListQuery } from './list-query.ts';

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

const money = (c: number) => (c / 100).toFixed(2);

/** yyyy-MM-dd_HH-mm at the venue: the spec's export file-name stamp. */
export function exportStamp(now: Date, timeZone: string): string {
  const { date, time } = wallClock(now, timeZone);
  return `${date}_${time.replace(':', '-')}`;
}

/**
 * The file name of spec 02 §9 for the list the filters describe: booking requests (pending),
 * confirmed, completed and cancelled bookings; any other selection is the All list's export.
 * The spec names the confirmed export without a timestamp; the others carry one.
 */
export function exportFileName(status: string | string[] | undefined, now: Date, timeZone: string): string {
  const stamp = exportStamp(now, timeZone);
  const only = typeof status === 'string' ? status.trim().toLowerCase() : '';
  switch (only) {
    case 'pending':
    case 'pending_review':
      return `booking_requests_export_${stamp}.csv`;
    case 'confirmed':
      return 'confirmed_bookings_export.csv';
    case 'completed':
      return `completed_bookings_export_${stamp}.csv`;
    case 'cancelled':
      return `cancelled_bookings_export_${stamp}.csv`;
    default:
      return `bookings_export_${stamp}.csv`;
  }
}

/** dd/MM/yyyy HH:mm at the venue (spec 02 §9's CSV formats), '' for none. */
function venueDateTime(v: Date | string | null, timeZone: string): string {
  if (v === null) return '';
  const { date, time } = wallClock(new Date(v), timeZone);
  return `${ddmmyyyy(date)} ${time}`;
}

function exportRow(r: BookingRow, timeZone: string): unknown[] {
  const stored = storedMoney(r);
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
    money(totalCentsOf(r)),
    // A row without stored figures (written directly, never through the API) has no GST to show.
    stored ? money(stored.gstCents) : '',
    money(stored?.depositCents ?? 0),
    money(balanceDue(r)),
    venueDateTime(r.cancelled_at, timeZone),
    r.cancellation_reason ?? '',
  ];
}

export function exportRoutes(router: AppRouter, deps: Deps): void {
  router.get('/api/bookings/export.csv', ...bookingsGuard, async (ctx) => {
    // The list's filters as the contract states them (a 400 naming the field), checked before
    // anything is read; the file name then uses the checked status (a repeated ?status= is a 400,
    // not an array).
    const { status } = parseQuery(ctx, bookingListQuery);
    const settings = await tenantSettings(ctx.state.tx, tenantOf(ctx));
    const today = venueToday(deps.now(), settings.timezone);
    const { where, orderBy } = buildListQuery(ctx.query, today, tenantOf(ctx));
    const rows: BookingRow[] = await selectBookings(ctx.state.tx)
      .where(where)
      .orderBy(orderBy)
      .limit(10000)
      .execute();
    const name = exportFileName(status, deps.now(), settings.timezone);
    ctx.set('content-disposition', `attachment; filename="${name}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = toCsv(
      HEADER,
      rows.map((r) => exportRow(r, settings.timezone)),
    );
  });
}
