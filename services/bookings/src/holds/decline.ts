/**
 * Declining a request: one of the listed reasons (plus a note) and the cancellation. The
 * customer's e-mail is the comms service's (issue 12): the reason rides on the
 * `booking.status_changed` event as `declineReason`, and comms writes it with the tenant's
 * Declined template.
 */
import type { z } from 'zod';
import type { declineBody } from '@venue/contracts/bookings';
import { badRequest, conflict, type AppContext, type Tx } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { reload } from '../bookings/booking-row.ts';
import type { TenantSettings } from '../remote/clients.ts';
import { transition } from '../status/transition.ts';
import { alreadyDone } from '../status/transitions.ts';

const DECLINE_REASONS: Record<string, string> = {
  unavailable: 'The venue is unavailable at that time',
  conflict: 'The time conflicts with another booking',
  policy: 'The request does not meet our booking policy',
  capacity: 'The guest count exceeds the venue capacity',
  other: 'Other',
};

export interface DeclineReason {
  key: string;
  text: string;
}

/**
 * The reason and note of a decline (single or bulk), as the contract parsed them: the contract
 * bounds the note; which reasons exist, and their words for the customer, are listed here.
 */
export function declineReason(b: z.output<typeof declineBody>): DeclineReason {
  const reason = b.reason ?? '';
  if (!DECLINE_REASONS[reason])
    throw badRequest('Please choose a reason for declining.', {
      errors: [{ path: 'reason', message: 'Please choose a reason for declining.' }],
    });
  const note = b.note?.trim() ?? '';
  return { key: reason, text: note ? `${DECLINE_REASONS[reason]}: ${note}` : DECLINE_REASONS[reason]! };
}

export async function decline(
  ctx: AppContext,
  tx: Tx,
  deps: Deps,
  settings: TenantSettings,
  id: string,
  reason: DeclineReason,
) {
  const row = await reload(tx, id);
  // Read without a lock: the transition below is conditional on this status, so of two declines
  // racing only one cancels and publishes (so the customer gets one e-mail).
  if (row.status === 'cancelled') throw conflict(alreadyDone('cancelled'));
  if (row.status !== 'pending' && row.status !== 'tentative')
    throw conflict(`Only pending bookings can be declined; this one is ${row.status}.`);
  return transition(
    ctx,
    deps,
    id,
    'cancelled',
    { reason: `Declined - ${reason.text}`, settings, eventExtra: { declineReason: reason.text } },
    tx,
  );
}
