/**
 * The catalogue's block-outs take their time in bookings' slot table before the catalogue stores
 * them (issue 24 item 8, decision 55): one exclusion constraint decides between a block-out and a
 * booking, at write time, whichever comes first. Service to service (`/internal/*`, the internal
 * secret), so not in the public route table or the OpenAPI document.
 */
import { z } from 'zod';

const instant = z.iso.datetime({ offset: true, error: 'An instant with its offset' });

/**
 * `POST /internal/blockouts/reserve`: sets the block-outs `blockouts` to exactly these periods on
 * exactly these resources (a create, or an edit's new state; an edit's undo is its old state).
 * `revision` orders the writes of one block-out: bookings applies a revision at least as high as
 * the last it applied and refuses an older one (a retry that arrives late), or any revision of
 * a block-out it released. Repeating a call repeats its answer.
 */
export const blockoutReserveBody = z.object({
  tenantId: z.uuid({ error: 'tenantId is required' }),
  revision: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  resourceIds: z
    .array(z.uuid({ error: 'resourceIds are resource ids' }))
    .min(1)
    .max(500),
  blockouts: z
    .array(
      z
        .object({ id: z.uuid({ error: 'A block-out id' }), startsAt: instant, endsAt: instant })
        .refine((b) => Date.parse(b.endsAt) > Date.parse(b.startsAt), {
          error: 'A block-out ends after it starts',
          path: ['endsAt'],
        }),
    )
    .min(1)
    .max(366),
  reason: z.string().max(100).default(''),
  /**
   * Decision 13, amended: a block-out over bookings that already hold the time is refused (409)
   * unless the venue asks for it knowingly; then it is recorded over them, waits for their slots
   * and is announced as `booking.blockout_overlap`.
   */
  overBookings: z.boolean().default(false),
});
export type BlockoutReserveBody = z.infer<typeof blockoutReserveBody>;

/** `POST /internal/blockouts/release`: the block-outs `ids` are gone for good (deleted, or a create undone). */
export const blockoutReleaseBody = z.object({
  tenantId: z.uuid({ error: 'tenantId is required' }),
  ids: z
    .array(z.uuid({ error: 'ids are block-out ids' }))
    .min(1)
    .max(366),
});
export type BlockoutReleaseBody = z.infer<typeof blockoutReleaseBody>;

/** A booking that holds part of a block-out's time, in the venue's formats. */
export const blockoutClashSchema = z.object({
  blockoutId: z.uuid(),
  resourceId: z.uuid(),
  resourceName: z.string(),
  bookingId: z.uuid(),
  bookingCode: z.string(),
  customer: z.string(),
  eventType: z.string(),
  status: z.string(),
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** e.g. "Overlaps Smith Wedding (10:00 AM–2:00 PM)", in the venue's time and date formats. */
  explanation: z.string(),
});
export type BlockoutClash = z.infer<typeof blockoutClashSchema>;

/** The answer of a reserve: done; with `overBookings`, the clashes recorded as waiting. */
export const blockoutReserveAnswer = z.object({
  revision: z.number().int(),
  waiting: z.array(blockoutClashSchema),
});
export type BlockoutReserveAnswer = z.infer<typeof blockoutReserveAnswer>;

/**
 * The 409 of a reserve (`InternalCallError.body`): `over_bookings` when bookings hold part of the
 * time (nothing changed; `clashes` lists them, `message` says so in the venue's formats), `stale`
 * when a newer revision, or the release, was applied already.
 */
export const BLOCKOUT_OVER_BOOKINGS = 'blockout_over_bookings';
export const BLOCKOUT_STALE = 'blockout_stale';
export const blockoutRefusalSchema = z.object({
  message: z.string(),
  code: z.enum([BLOCKOUT_OVER_BOOKINGS, BLOCKOUT_STALE]),
  clashes: z.array(blockoutClashSchema).default([]),
});
export type BlockoutRefusal = z.infer<typeof blockoutRefusalSchema>;

export const blockoutReleaseAnswer = z.object({ released: z.number().int() });
