/**
 * The one place the catalogue calls bookings: the block-outs' time in bookings' slot table
 * (decision 55). Small functions with a plain outcome, so the routes and the job read as the
 * protocol, and the tests can stand in for bookings.
 */
import {
  blockoutRefusalSchema,
  blockoutReleaseAnswer,
  blockoutReserveAnswer,
  type BlockoutRefusal,
  type BlockoutReleaseBody,
  type BlockoutReserveAnswer,
  type BlockoutReserveBody,
} from '@venue/contracts/bookings';
import { callService, InternalCallError } from '@venue/service-kit';

/**
 * `accepted`: bookings holds the time (or, over bookings, recorded the block-out waiting for it);
 * `refused`: a booking holds part of it, or the write is out of date — nothing changed there;
 * `unknown`: no answer that says either (unreachable, timed out, a 5xx), so it may have happened.
 */
export type ReserveOutcome =
  | { kind: 'accepted'; answer: BlockoutReserveAnswer }
  | { kind: 'refused'; refusal: BlockoutRefusal }
  | { kind: 'unknown'; why: string };

export interface BookingsSlots {
  reserve(body: BlockoutReserveBody): Promise<ReserveOutcome>;
  /** True once bookings has let the block-outs go; false when that is not known. */
  release(body: BlockoutReleaseBody): Promise<boolean>;
}

export function httpBookingsSlots(log: { warn: (o: object, m: string) => void }): BookingsSlots {
  return {
    async reserve(body) {
      try {
        const answer = await callService({
          service: 'bookings',
          method: 'POST',
          path: '/internal/blockouts/reserve',
          body,
          response: blockoutReserveAnswer,
          // the same revision twice is the same write (bookings' blockout_revisions)
          idempotent: true,
        });
        return { kind: 'accepted', answer };
      } catch (err) {
        if (err instanceof InternalCallError && err.kind === 'status' && err.status === 409) {
          const refusal = blockoutRefusalSchema.safeParse(err.body);
          if (refusal.success) return { kind: 'refused', refusal: refusal.data };
        }
        log.warn(
          { err: String(err), tenantId: body.tenantId },
          'bookings did not answer a block-out reserve',
        );
        return { kind: 'unknown', why: String(err) };
      }
    },
    async release(body) {
      try {
        await callService({
          service: 'bookings',
          method: 'POST',
          path: '/internal/blockouts/release',
          body,
          response: blockoutReleaseAnswer,
          idempotent: true,
        });
        return true;
      } catch (err) {
        log.warn(
          { err: String(err), tenantId: body.tenantId },
          'bookings did not answer a block-out release',
        );
        return false;
      }
    },
  };
}
