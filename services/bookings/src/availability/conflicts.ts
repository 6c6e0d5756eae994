/** Rule 7 of the form: what already holds the time on a resource, and the 409 that lists it. */
import { conflict, sql, type Tx } from '@venue/service-kit';
import { bookingName } from '../bookings/booking-row.ts';
import { dateText, db } from '../db/query.ts';
import { dayText, venueIso, wallTimeText } from '../shared/time.ts';

export const CONFLICT_MESSAGE =
  'Time slot conflicts with existing booking(s). Please choose a different time.';

/**
 * Why something holds the time: the events overlap, or a setup/pack-down buffer (of this booking,
 * of the other, or both together) reaches across the gap between them.
 */
export type ConflictCause = 'overlap' | 'setup_buffer' | 'packdown_buffer' | 'buffers';

export interface ConflictExplanation {
  cause: ConflictCause;
  /** The buffer minutes that close the gap (both buffers' sum for `buffers`); null for an overlap. */
  bufferMinutes: number | null;
  /**
   * In words, every time and date in the venue's formats, e.g. "Pack-down buffer of 45 min after
   * Smith Wedding (ends 2:00 PM)" (12 h) or "… (ends 14:00)" (24 h).
   */
  explanation: string;
}

export interface ConflictEntry extends ConflictExplanation {
  id: string;
  customer: string;
  startTime: string;
  endTime: string;
  eventType: string;
  status: string;
  bookingCode: string;
  bookingDate: string;
}

/**
 * A slot with the buffers applied, the venue's zone it was resolved in and the formats the venue
 * reads times and dates in; with the event's own times and buffers (as `spanFor` gives them) each
 * conflict says why it is one.
 */
export interface VenueSpan {
  slotStart: Date;
  slotEnd: Date;
  timeZone: string;
  /** '12h' or '24h' (Settings → General): the one format every time of an explanation is in. */
  timeFormat: string;
  dateFormat: string;
  startsAt?: Date;
  endsAt?: Date;
}

export interface BlockoutEntry extends ConflictExplanation {
  id: string;
  reason: string;
  startsAt: string;
  endsAt: string;
}

interface Held {
  name: string;
  /** The other's event (a block-out has no buffers: its event is its slot). */
  startsAt: Date;
  endsAt: Date;
  slotStart: Date;
  slotEnd: Date;
  /** Its wall-clock start and end as the venue reads them (a time, or a date and time). */
  startLabel: string;
  endLabel: string;
}

const minutes = (ms: number) => Math.round(ms / 60_000);

/**
 * Why `other` holds part of `span`. Without the event's own times (a caller that passed only
 * the slot) the slot is taken as the event, so the answer is an overlap.
 */
export function explainConflict(span: VenueSpan, other: Held): ConflictExplanation {
  const start = span.startsAt ?? span.slotStart;
  const end = span.endsAt ?? span.slotEnd;
  if (start < other.endsAt && other.startsAt < end) {
    return {
      cause: 'overlap',
      bufferMinutes: null,
      explanation: `Overlaps ${other.name} (${other.startLabel}–${other.endLabel})`,
    };
  }
  if (other.endsAt <= start) {
    // the other comes first: its pack-down and this booking's setup share the gap
    const gap = minutes(start.getTime() - other.endsAt.getTime());
    const theirs = minutes(other.slotEnd.getTime() - other.endsAt.getTime());
    const mine = minutes(start.getTime() - span.slotStart.getTime());
    if (theirs > gap)
      return {
        cause: 'packdown_buffer',
        bufferMinutes: theirs,
        explanation: `Pack-down buffer of ${theirs} min after ${other.name} (ends ${other.endLabel})`,
      };
    if (mine > gap)
      return {
        cause: 'setup_buffer',
        bufferMinutes: mine,
        explanation: `Setup buffer of ${mine} min before this booking reaches back into ${other.name} (ends ${other.endLabel})`,
      };
    return {
      cause: 'buffers',
      bufferMinutes: theirs + mine,
      explanation: `Pack-down buffer of ${theirs} min after ${other.name} (ends ${other.endLabel}) and this booking's setup buffer of ${mine} min need ${theirs + mine} min; the gap is ${gap} min`,
    };
  }
  // the other comes after: this booking's pack-down and its setup share the gap
  const gap = minutes(other.startsAt.getTime() - end.getTime());
  const theirs = minutes(other.startsAt.getTime() - other.slotStart.getTime());
  const mine = minutes(span.slotEnd.getTime() - end.getTime());
  if (theirs > gap)
    return {
      cause: 'setup_buffer',
      bufferMinutes: theirs,
      explanation: `Setup buffer of ${theirs} min before ${other.name} (starts ${other.startLabel})`,
    };
  if (mine > gap)
    return {
      cause: 'packdown_buffer',
      bufferMinutes: mine,
      explanation: `Pack-down buffer of ${mine} min after this booking runs into ${other.name} (starts ${other.startLabel})`,
    };
  return {
    cause: 'buffers',
    bufferMinutes: theirs + mine,
    explanation: `This booking's pack-down buffer of ${mine} min and the setup buffer of ${theirs} min before ${other.name} (starts ${other.startLabel}) need ${theirs + mine} min; the gap is ${gap} min`,
  };
}

/**
 * A venue wall time in the venue's formats: the time alone on `day` (the day the booking starts),
 * else its date and time ("2:00 PM", "15/01/2027 9:00 PM").
 */
function wallLabel(date: string, hhmm: string, span: VenueSpan, day: string): string {
  const time = wallTimeText(hhmm, span.timeFormat);
  return date === day ? time : `${dayText(date, span.dateFormat)} ${time}`;
}

/** `wallLabel` of an instant, on the venue's clock. */
function instantLabel(instant: Date, span: VenueSpan, day: string): string {
  const iso = venueIso(instant, span.timeZone);
  return wallLabel(iso.slice(0, 10), iso.slice(11, 16), span, day);
}

/** What a blocking booking's row gives to say why it holds part of a span. */
export interface HeldBooking {
  customer_name: string;
  event_type: string;
  booking_date: string;
  start_time: string;
  end_time: string;
  starts_at: Date | string;
  ends_at: Date | string;
  slot_start: Date | string;
  slot_end: Date | string;
}

/**
 * Why the booking `b` holds part of `span`, its times read as the venue's clock: the date is added
 * only when it is not the day the span starts on.
 */
export function explainBooking(span: VenueSpan, b: HeldBooking): ConflictExplanation {
  const day = venueIso(span.startsAt ?? span.slotStart, span.timeZone).slice(0, 10);
  return explainConflict(span, {
    name: bookingName(b.customer_name, b.event_type),
    startsAt: new Date(b.starts_at),
    endsAt: new Date(b.ends_at),
    slotStart: new Date(b.slot_start),
    slotEnd: new Date(b.slot_end),
    startLabel: wallLabel(b.booking_date, b.start_time, span, day),
    endLabel: wallLabel(b.booking_date, b.end_time, span, day),
  });
}

/** The span as a range, for && (range overlap). */
function rangeOf(span: VenueSpan) {
  // sql: a range value, which the builder has no constructor for
  return sql<string>`tstzrange(${span.slotStart.toISOString()}::timestamptz, ${span.slotEnd.toISOString()}::timestamptz)`;
}

/** Block-outs on the resource whose time overlaps the span, claimed or not. */
function blockoutsHolding(tx: Tx, resourceId: string, span: VenueSpan) {
  // The transaction's tenant stated as well as row-level security's.
  const tenantId = tx.tenantId;
  return (
    db(tx)
      .selectFrom('blockouts')
      .select(['id', 'reason', 'starts_at', 'ends_at'])
      .$if(Boolean(tenantId), (qb) => qb.where('tenant_id', '=', tenantId!))
      .where('resource_id', '=', resourceId)
      // sql: the block-out's instants as a range, overlapping the span (&&)
      .where(sql<boolean>`tstzrange(starts_at, ends_at) && ${rangeOf(span)}`)
      .orderBy('starts_at')
      .execute()
  );
}

/**
 * Blocking bookings and block-outs whose slot overlaps [start, end) on the resource. Block-out
 * times come in venue time with its offset, like every other time the calendar shows.
 */
export async function findConflicts(
  tx: Tx,
  resourceId: string,
  span: VenueSpan,
  excludeId: string | null,
): Promise<{ conflicts: ConflictEntry[]; blockouts: BlockoutEntry[] }> {
  const tenantId = tx.tenantId;
  const bookings = await db(tx)
    .selectFrom('resource_slots as s')
    .innerJoin('bookings as b', (join) =>
      join.onRef('b.tenant_id', '=', 's.tenant_id').onRef('b.id', '=', 's.booking_id'),
    )
    .select((eb) => [
      'b.id',
      'b.customer_name',
      'b.start_time',
      'b.end_time',
      'b.event_type',
      'b.status',
      'b.booking_code',
      dateText(eb.ref('b.booking_date')).as('booking_date'),
      'b.starts_at',
      'b.ends_at',
      eb.fn<Date>('lower', ['s.slot']).as('slot_start'),
      eb.fn<Date>('upper', ['s.slot']).as('slot_end'),
    ])
    .$if(Boolean(tenantId), (qb) => qb.where('s.tenant_id', '=', tenantId!))
    .where('s.resource_id', '=', resourceId)
    .where('s.kind', '=', 'booking')
    // sql: && overlap of two ranges (the exclusion constraint's operator)
    .where(sql<boolean>`s.slot && ${rangeOf(span)}`)
    .$if(excludeId !== null, (qb) => qb.where('b.id', '<>', excludeId!))
    .orderBy('b.starts_at')
    .execute();
  const blockouts = await blockoutsHolding(tx, resourceId, span);
  // Times in explanations read as the venue's clock; the date is added only when it is not the
  // day this booking starts on.
  const day = venueIso(span.startsAt ?? span.slotStart, span.timeZone).slice(0, 10);
  return {
    conflicts: bookings.map((b) => ({
      id: b.id,
      customer: b.customer_name,
      startTime: b.start_time,
      endTime: b.end_time,
      eventType: b.event_type,
      status: b.status,
      bookingCode: b.booking_code,
      bookingDate: b.booking_date,
      ...explainBooking(span, b),
    })),
    blockouts: blockouts.map((b) => {
      const startsAt = new Date(b.starts_at);
      const endsAt = new Date(b.ends_at);
      return {
        id: b.id,
        reason: b.reason,
        startsAt: venueIso(startsAt, span.timeZone),
        endsAt: venueIso(endsAt, span.timeZone),
        ...explainConflict(span, {
          name: `the block-out${b.reason ? ` "${b.reason}"` : ''}`,
          startsAt,
          endsAt,
          slotStart: startsAt,
          slotEnd: endsAt,
          startLabel: instantLabel(startsAt, span, day),
          endLabel: instantLabel(endsAt, span, day),
        }),
      };
    }),
  };
}

export function conflictError(found: { conflicts: ConflictEntry[]; blockouts: BlockoutEntry[] }) {
  return conflict(CONFLICT_MESSAGE, { conflicts: found.conflicts, blockouts: found.blockouts });
}

/** The application's check before any write (the constraint stays the final word). */
export async function assertNoConflicts(
  tx: Tx,
  resourceId: string,
  span: VenueSpan,
  excludeId: string | null,
): Promise<void> {
  const found = await findConflicts(tx, resourceId, span, excludeId);
  if (found.conflicts.length > 0 || found.blockouts.length > 0) throw conflictError(found);
}

/**
 * The check before a blocking booking's write, which then claims its slot (claimSlotOr409): only
 * block-outs are asked here, because one made while a booking held part of its time is not
 * claimed and has no slot for the exclusion constraint to meet. Another booking's slot is the
 * constraint's to refuse, and the claim's 409 lists what holds the time; asking for bookings
 * here as well cost a write two index scans of the resource's slots it almost never needs.
 */
export async function assertNoBlockouts(tx: Tx, resourceId: string, span: VenueSpan): Promise<void> {
  if ((await blockoutsHolding(tx, resourceId, span)).length > 0)
    throw conflictError(await findConflicts(tx, resourceId, span, null));
}
