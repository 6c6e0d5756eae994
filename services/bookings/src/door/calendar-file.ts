/**
 * One booking as an iCalendar file (RFC 5545) for the customer's own calendar: the event's start
 * and end as UTC instants (any calendar shows them in its owner's zone), the space, the venue's
 * address and the booking's code and status. Lines fold at 75 octets, never inside a UTF-8
 * sequence; text is escaped as the RFC asks.
 */

/** TEXT escaping: backslash, semicolon, comma and line breaks. */
export function icsText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');
}

/** One content line folded to lines of at most 75 octets (the continuation's space counted). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
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
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
