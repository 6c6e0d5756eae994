/**
 * The busy times of each resource, kept from bookings' events (decision 9): the iCalendar feed
 * reads this copy instead of asking bookings on every fetch. It used to ask
 * `/internal/resources/:id/busy`, whose answer (`{busy: [{start, end}]}`) never matched what the
 * feed looked for (`startsAt`, `endsAt`), so every booking was dropped and the hall looked free.
 * Now both sides share one contract (`bookingSlotEventSchema`).
 */
import { BLOCKING_BOOKING_STATUSES, type BOOKING_SLOT_EVENTS } from '@venue/contracts';
import type { Consumer, Tx } from '@venue/service-kit';

export interface BusyPeriod {
  id: string;
  status: string;
  startsAt: string;
  endsAt: string;
  setupMinutes: number;
  packdownMinutes: number;
}

/**
 * Keeps the booking's slot and status, the newest version per booking whatever order events
 * arrive in (the booking's `updatedAt`; two events of one transaction carry the same one and
 * the same booking, so a tie may replace the row). An event that breaks the contract is refused
 * (the consumer throws, the sender retries) rather than stored half-understood.
 */
export const bookingSlotEvent: Consumer<(typeof BOOKING_SLOT_EVENTS)[number]> = async (event, tx) => {
  // Parsed by the kit with the event's schema, which holds the slot part (bookingSlotEventSchema).
  const b = event.data;
  await tx.query(
    `INSERT INTO booking_busy (tenant_id, booking_id, resource_id, status, starts_at, ends_at,
        setup_minutes, packdown_minutes, booking_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (tenant_id, booking_id) DO UPDATE SET resource_id = EXCLUDED.resource_id,
        status = EXCLUDED.status, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at,
        setup_minutes = EXCLUDED.setup_minutes, packdown_minutes = EXCLUDED.packdown_minutes,
        booking_updated_at = EXCLUDED.booking_updated_at, received_at = now()
      WHERE booking_busy.booking_updated_at <= EXCLUDED.booking_updated_at`,
    [
      // the booking row's tenant (the hold sweep publishes from a system transaction, no envelope tenant)
      b.hallOwnerId,
      b.id,
      b.resourceId,
      b.status,
      b.startsAt,
      b.endsAt,
      b.setupBufferMinutes,
      b.packdownBufferMinutes,
      b.updatedAt,
    ],
  );
};

/** How far back the feed lists bookings (calendar apps rarely look further). */
const PAST_DAYS = 90;
const FEED_MAX = 5000;

/** The resource's blocking bookings from `PAST_DAYS` ago on, oldest first (tenant transaction). */
export async function busyPeriods(tx: Tx, resourceId: string): Promise<BusyPeriod[]> {
  const { rows } = await tx.query<{
    booking_id: string;
    status: string;
    starts_at: Date | string;
    ends_at: Date | string;
    setup_minutes: number;
    packdown_minutes: number;
  }>(
    `SELECT booking_id, status, starts_at, ends_at, setup_minutes, packdown_minutes FROM booking_busy
      WHERE resource_id = $1 AND status = ANY($2::text[]) AND ends_at > now() - make_interval(days => $3)
      ORDER BY starts_at LIMIT ${FEED_MAX}`,
    [resourceId, [...BLOCKING_BOOKING_STATUSES], PAST_DAYS],
  );
  return rows.map((r) => ({
    id: r.booking_id,
    status: r.status,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    setupMinutes: Number(r.setup_minutes),
    packdownMinutes: Number(r.packdown_minutes),
  }));
}
