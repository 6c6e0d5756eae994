/**
 * Test harness: the catalogue on the kit's starter (a fresh database, the cast signed in, every
 * venue's settings delivered as admin's events) with what is the catalogue's own: its cast, a
 * fake of bookings' slot table, bookings' events delivered on demand and the outbox read back.
 * Not a test file.
 */
import type { BookingSlotEvent } from '@venue/contracts';
import { startServiceHarness, namedCast, testEvent, type ServiceHarness } from '@venue/service-kit/testing';
import type { BlockoutReleaseBody, BlockoutReserveBody } from '@venue/contracts/bookings';
import { createCatalogueService } from '../app.ts';
import type { BookingsSlots, ReserveOutcome } from '../blockouts/bookings-slots.ts';

const { ids, cast } = namedCast('venues', {
  owners: ['OWNER', 'OWNER2', 'OWNER3'],
  staff: {
    SUB_RESOURCES: ['resources'],
    SUB_PRICING: ['pricing'],
    SUB_NONE: ['help'],
    SUB_BOOKINGS: ['bookings'],
    SUB_CALENDAR: ['calendar'],
  },
  superAdmins: ['SUPER'],
});
export const {
  OWNER,
  OWNER2,
  OWNER3,
  SUB_RESOURCES,
  SUB_PRICING,
  SUB_NONE,
  SUB_BOOKINGS,
  SUB_CALENDAR,
  SUPER,
} = ids;

export type { Reply } from '@venue/service-kit/testing';

/**
 * Bookings as the catalogue's block-out writes see it (decision 55): every call recorded, each
 * answered by `reserve`/`release` when a test sets them, else accepted.
 */
export interface FakeBookings extends BookingsSlots {
  calls: Array<{ op: 'reserve'; body: BlockoutReserveBody } | { op: 'release'; body: BlockoutReleaseBody }>;
  answerReserve?: (body: BlockoutReserveBody) => ReserveOutcome | Promise<ReserveOutcome>;
  answerRelease?: (body: BlockoutReleaseBody) => boolean | Promise<boolean>;
}

export function fakeBookings(): FakeBookings {
  const fake: FakeBookings = {
    calls: [],
    async reserve(body) {
      fake.calls.push({ op: 'reserve', body });
      return fake.answerReserve
        ? fake.answerReserve(body)
        : { kind: 'accepted', answer: { revision: body.revision, waiting: [] } };
    },
    async release(body) {
      fake.calls.push({ op: 'release', body });
      return fake.answerRelease ? fake.answerRelease(body) : true;
    },
  };
  return fake;
}

export interface Harness extends ServiceHarness {
  /** Bookings' slot table as the block-out writes meet it. */
  bookings: FakeBookings;
  /**
   * Delivers a booking event as bookings publishes it (the whole booking; `slot` is the part the
   * catalogue reads, and the customer fields it must not keep come along); answers the outcome.
   */
  booking(
    type: 'booking.created' | 'booking.updated' | 'booking.status_changed',
    slot: BookingSlotEvent,
    eventTenant?: string | null,
  ): Promise<unknown>;
}

export async function startCatalogue(): Promise<Harness> {
  const bookings = fakeBookings();
  const h = await startServiceHarness(
    // Events stay in the outbox for the assertions instead of reaching services on this machine.
    () => ({ ...createCatalogueService({ slots: bookings }), subscriptions: {} }),
    { cast },
  );
  return {
    ...h,
    bookings,
    booking: (type, slot, eventTenant = slot.hallOwnerId) =>
      h.deliver(
        testEvent(type, 'bookings', eventTenant, {
          ...slot,
          bookingCode: 'HH-2026-0001',
          customerName: 'Jane Smith',
          customerEmail: 'jane@example.com',
          customerPhone: '0400 000 000',
          eventType: 'Wedding',
          title: 'Wedding - Jane Smith',
        }),
      ),
  };
}

/** A valid resource body; override what the test is about. */
export function hall(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Main Hall', type: 'hall', capacity: 180, ...overrides };
}
