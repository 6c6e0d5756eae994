/**
 * One booking as an iCalendar file (RFC 5545) for the customer's own calendar: the event's start
 * and end as UTC instants (any calendar shows them in its owner's zone), the space, the venue's
 * address and the booking's code and status. Lines fold at 75 octets, never inside a UTF-8
 * sequence (the kit's foldIcsLine); text is escaped as the RFC asks.
 */
import { foldIcsLine } from '@venue/service-kit';

/** TEXT escaping: backslash, semicolon, comma and line breaks. */
export function icsText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface CalendarBooking {
  id: string;
  code: string;
  status: string;
  eventType: string;
  resourceName: string;
  venueName: string;
  address: string;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
}

export function bookingCalendar(b: CalendarBooking, now: Date): string {
  const tentative = b.status === 'pending' || b.status === 'tentative';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//VenueDesk//Customer portal//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${b.id}@venuedesk`,
    `DTSTAMP:${stamp(now)}`,
    `LAST-MODIFIED:${stamp(b.updatedAt)}`,
    `DTSTART:${stamp(b.startsAt)}`,
    `DTEND:${stamp(b.endsAt)}`,
    `SUMMARY:${icsText(`${b.eventType} at ${b.venueName || b.resourceName}`)}`,
    `LOCATION:${icsText([b.resourceName, b.address].filter(Boolean).join(', '))}`,
    `DESCRIPTION:${icsText(`Booking ${b.code} (${b.status}) · ${b.resourceName}`)}`,
    `STATUS:${b.status === 'cancelled' || b.status === 'expired' ? 'CANCELLED' : tentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
