import { badRequest, operation, requireAuth } from '@venue/service-kit';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { anyPermission } from '../../shared/guards.ts';
import { tenantOf } from '../../shared/request.ts';
import { addDays, venueIso } from '../../shared/time.ts';
import { nearBlockouts, windowBookings, type CalendarTuple } from '../calendar-reads.ts';

/**
 * A compact month of bookings and block-outs, fast for 2,000 bookings. The calendar page may read
 * the calendar without the bookings key (and vice versa).
 */
export const getCalendar = operation(
  'get /api/calendar',
  { guard: [requireAuth, anyPermission('calendar', 'bookings')], transaction: 'read' },
  async ({ ctx, tx, query }) => {
    const { from, to, resourceId, perDay } = query;
    if (!from || !to || to < from) {
      const message = 'from and to must be dates (yyyy-MM-dd), from not after to.';
      throw badRequest(message, { errors: [{ path: from ? 'to' : 'from', message }] });
    }
    if (to > addDays(from, 62)) {
      const message = 'The calendar shows at most 62 days at a time.';
      throw badRequest(message, { errors: [{ path: 'to', message }] });
    }
    const tenantId = tenantOf(ctx);
    const window = { from, to, resourceId, perDay };
    // The three reads in one round trip: the window's statement takes the venue's zone from the
    // same settings copy itself (calendar-reads.ts), so none waits for another.
    const [settings, { tuples, totals }, blockouts] = await Promise.all([
      tenantSettings(tx, tenantId),
      windowBookings(tx, tenantId, window),
      nearBlockouts(tx, tenantId, window),
    ]);
    const zone = settings.timezone;
    const iso = (d: Date | string) => venueIso(new Date(d), zone);
    return {
      events: tuples.map(eventOf(zone)),
      ...(perDay === undefined
        ? {}
        : { dayTotals: JSON.parse(totals ?? 'null') ?? ({} as Record<string, number>) }),
      blockouts: blockouts.map((b) => ({
        id: b.id,
        resourceId: b.resource_id,
        resourceName: b.name,
        reason: b.reason,
        start: iso(b.starts_at),
        end: iso(b.ends_at),
        overlapsBooking: !b.claimed,
      })),
    };
  },
);

/** A booking tuple as the calendar's event, its instants at the venue. */
function eventOf(zone: string) {
  // A month of bookings shares few distinct instants; format each once.
  const seen = new Map<number, string>();
  const epoch = (seconds: number) => {
    let v = seen.get(seconds);
    if (v === undefined) seen.set(seconds, (v = venueIso(new Date(Math.round(seconds * 1000)), zone)));
    return v;
  };
  return ([
    id,
    code,
    customer,
    eventType,
    resId,
    resName,
    status,
    s0,
    e0,
    bs,
    be,
    date,
    st,
    et,
  ]: CalendarTuple) => ({
    id,
    title: `${customer} — ${eventType}`,
    resourceId: resId,
    resourceName: resName,
    start: epoch(s0),
    end: epoch(e0),
    bufferStart: epoch(bs),
    bufferEnd: epoch(be),
    status,
    bookingCode: code,
    customerName: customer,
    eventType,
    bookingDate: date,
    startTime: st,
    endTime: et,
  });
}
