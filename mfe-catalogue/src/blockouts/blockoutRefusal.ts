import type { BLOCKOUT_OVER_BOOKINGS } from '@venue/contracts/bookings';
import { ApiError } from '@venue/ui';
import type { BlockoutClash } from '../api/types.ts';

/** The 409 code of a block-out refused because bookings hold part of its time (decision 55). */
const OVER_BOOKINGS: typeof BLOCKOUT_OVER_BOOKINGS = 'blockout_over_bookings';

/** Said when a 503 comes without the catalogue's own words (a gateway's 503, say). */
export const NOT_CONFIRMED_FALLBACK =
  'Bookings could not confirm this block-out, so nothing was saved. Please try again in a moment.';

export type BlockoutRefusal =
  | { kind: 'over-bookings'; message: string; clashes: BlockoutClash[] }
  | { kind: 'not-confirmed'; message: string };

/**
 * The two refusals of a block-out write the dialog shows itself rather than as a toast: bookings
 * hold part of the time (409 `blockout_over_bookings` with `clashes`; the venue may send the
 * write again with `overBookings: true`), or bookings did not confirm it (503, nothing saved).
 * Anything else (validation, "changed meanwhile") is left to the usual error toast.
 */
export function blockoutRefusal(error: unknown): BlockoutRefusal | null {
  if (!(error instanceof ApiError)) return null;
  const body = (error.body ?? {}) as { code?: unknown; clashes?: unknown };
  if (error.status === 409 && body.code === OVER_BOOKINGS && Array.isArray(body.clashes))
    return { kind: 'over-bookings', message: error.message, clashes: body.clashes as BlockoutClash[] };
  if (error.status === 503) {
    // The api client words a body without a message as "HTTP error! status: 503".
    const said = typeof (error.body as { message?: unknown } | undefined)?.message === 'string';
    return { kind: 'not-confirmed', message: said ? error.message : NOT_CONFIRMED_FALLBACK };
  }
  return null;
}

/** One row per booking: a daily block-out lists a booking once per day it touches, a booking has one resource. */
export function clashedBookings(clashes: BlockoutClash[]): BlockoutClash[] {
  return [...new Map(clashes.map((c) => [`${c.bookingId} ${c.resourceId}`, c])).values()];
}
