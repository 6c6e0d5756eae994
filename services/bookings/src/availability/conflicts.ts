/** Rule 7 of the form: what already holds the time on a resource, and the 409 that lists it. */
import { conflict, type Tx } from '@venue/service-kit';
import { venueIso } from '../shared/time.ts';

export const CONFLICT_MESSAGE =
  'Time slot conflicts with existing booking(s). Please choose a different time.';

export interface ConflictEntry {
  id: string;
  customer: string;
  startTime: string;
  endTime: string;
  eventType: string;
  status: string;
  bookingCode: string;
  bookingDate: string;
}

/** A slot with the buffers applied, and the venue's zone it was resolved in. */
export interface VenueSpan {
  slotStart: Date;
  slotEnd: Date;
  timeZone: string;
}

export interface BlockoutEntry {
  id: string;
  reason: string;
  startsAt: string;
  endsAt: string;
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
  const range = [span.slotStart.toISOString(), span.slotEnd.toISOString()];
  const bookings = await tx.query<{
    id: string;
    customer_name: string;
    start_time: string;
    end_time: string;
    event_type: string;
    status: string;
    booking_code: string;
    booking_date: string;
  }>(
    `SELECT b.id, b.customer_name, b.start_time, b.end_time, b.event_type, b.status, b.booking_code,
            to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date
       FROM resource_slots s JOIN bookings b ON b.tenant_id = s.tenant_id AND b.id = s.booking_id
      WHERE s.resource_id = $1 AND s.kind = 'booking' AND s.slot && tstzrange($2::timestamptz, $3::timestamptz)
        AND ($4::uuid IS NULL OR b.id <> $4::uuid)
      ORDER BY b.starts_at`,
    [resourceId, ...range, excludeId],
  );
  const blockouts = await tx.query<{
    id: string;
    reason: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(
    `SELECT id, reason, starts_at, ends_at FROM blockouts
      WHERE resource_id = $1 AND tstzrange(starts_at, ends_at) && tstzrange($2::timestamptz, $3::timestamptz)
      ORDER BY starts_at`,
    [resourceId, ...range],
  );
  return {
    conflicts: bookings.rows.map((b) => ({
      id: b.id,
      customer: b.customer_name,
      startTime: b.start_time,
      endTime: b.end_time,
      eventType: b.event_type,
      status: b.status,
      bookingCode: b.booking_code,
      bookingDate: b.booking_date,
    })),
    blockouts: blockouts.rows.map((b) => ({
      id: b.id,
      reason: b.reason,
      startsAt: venueIso(new Date(b.starts_at), span.timeZone),
      endsAt: venueIso(new Date(b.ends_at), span.timeZone),
    })),
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
