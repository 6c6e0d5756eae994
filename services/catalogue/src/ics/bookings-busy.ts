/**
 * The busy times of each resource, kept from bookings' events (decision 9): the iCalendar feed
 * reads this copy instead of asking bookings on every fetch. It used to ask
 * `/internal/resources/:id/busy`, whose answer (`{busy: [{start, end}]}`) never matched what the
 * feed looked for (`startsAt`, `endsAt`), so every booking was dropped and the hall looked free.
 * Now both sides share one contract (`bookingSlotEventSchema`).
 */
import { BLOCKING_BOOKING_STATUSES, type BOOKING_SLOT_EVENTS } from '@venue/contracts';
import { keepNewest, sql, type Consumer, type Tx } from '@venue/service-kit';
import { db, tenantIdOf } from '../db/query.ts';

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
  await keepNewest(
    db(tx),
    'booking_busy',
    {
      // the booking row's tenant (the hold sweep publishes from a system transaction, no envelope tenant)
      tenant_id: b.hallOwnerId,
      booking_id: b.id,
      resource_id: b.resourceId,
      status: b.status,
      starts_at: b.startsAt,
      ends_at: b.endsAt,
      setup_minutes: b.setupBufferMinutes,
      packdown_minutes: b.packdownBufferMinutes,
      booking_updated_at: b.updatedAt,
    },
    { key: ['tenant_id', 'booking_id'], version: 'booking_updated_at', stamp: 'received_at' },
  );
};

/** How far back the feed lists bookings (calendar apps rarely look further). */
const PAST_DAYS = 90;
const FEED_MAX = 5000;

/** The resource's blocking bookings from `PAST_DAYS` ago on, oldest first (tenant transaction). */
export async function busyPeriods(tx: Tx, resourceId: string): Promise<BusyPeriod[]> {
  const rows = await db(tx)
    .selectFrom('booking_busy')
    .select(['booking_id', 'status', 'starts_at', 'ends_at', 'setup_minutes', 'packdown_minutes'])
    // booking_busy_resource_idx (tenant_id, resource_id, starts_at) serves filter and order
    .where('tenant_id', '=', tenantIdOf(tx))
    .where('resource_id', '=', resourceId)
    .where((eb) => eb('status', '=', eb.fn.any(eb.val([...BLOCKING_BOOKING_STATUSES]))))
    // A named-argument call and interval arithmetic on now(): the builder types neither.
    .where('ends_at', '>', sql<Date>`now() - make_interval(days => ${PAST_DAYS})`)
    .orderBy('starts_at')
    .limit(FEED_MAX)
    .execute();
  return rows.map((r) => ({
    id: r.booking_id,
    status: r.status,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    setupMinutes: Number(r.setup_minutes),
    packdownMinutes: Number(r.packdown_minutes),
  }));
}
