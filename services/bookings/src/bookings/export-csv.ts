/**
 * The CSV export of the filtered list (handlers/export.ts): the money columns as stored on each
 * booking (status/payment.ts), named after the list it was taken from (spec 02 §9), with the
 * file's timestamp and every date in the venue's time zone.
 */
import { wallClock } from '@venue/service-kit';
import { ddmmyyyy } from '../shared/csv.ts';
import { storedMoney, totalCentsOf } from '../status/payment.ts';
import { balanceDue, type BookingRow } from './booking-row.ts';

export const EXPORT_HEADER = [
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

export function exportRow(r: BookingRow, timeZone: string): unknown[] {
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
