import { z } from 'zod';

/**
 * The booking events that carry a booking's slot: bookings publishes the whole booking (its API
 * shape) with each of them, in the transaction of the change.
 */
export const BOOKING_SLOT_EVENTS = ['booking.created', 'booking.updated', 'booking.status_changed'] as const;

/** Statuses that hold the resource's time (the exclusion constraint's, bookings migration 002). */
export const BLOCKING_BOOKING_STATUSES = ['pending', 'tentative', 'confirmed'] as const;

/**
 * The part of those events a copy of a resource's busy times needs (catalogue's iCalendar
 * feed): no customer data. Validated by the consumer, and by bookings' tests against what it
 * really publishes, so the two cannot drift apart unnoticed. `updatedAt` orders the versions:
 * a copy keeps the newest and ignores late or repeated events.
 */
export const bookingSlotEventSchema = z.object({
  id: z.uuid(),
  hallOwnerId: z.uuid(),
  resourceId: z.uuid(),
  status: z.enum(['pending', 'tentative', 'confirmed', 'completed', 'cancelled', 'expired']),
  /** The event itself, in venue time with its offset. */
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  setupBufferMinutes: z.number().int().min(0),
  packdownBufferMinutes: z.number().int().min(0),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type BookingSlotEvent = z.infer<typeof bookingSlotEventSchema>;
