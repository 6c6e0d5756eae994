/** Fields only staff set (bond, documents, priority, tier, notes), as column → value. */
import type { BookingBody } from './booking-form.ts';

// The choices are the API contract's (contracts bookings/values.ts).
export { PRIORITIES, CUSTOMER_TIERS as TIERS } from '@venue/contracts/bookings';

type StaffInput = Pick<
  BookingBody,
  'bondRequired' | 'bondCents' | 'bondPaid' | 'docs' | 'priority' | 'customerTier' | 'notes'
>;

/** The columns staff set, as written (docs as JSON text). */
export interface StaffColumns {
  bond_required?: boolean;
  bond_cents?: number;
  bond_paid?: boolean;
  docs?: string;
  priority?: NonNullable<StaffInput['priority']>;
  customer_tier?: NonNullable<StaffInput['customerTier']>;
  notes?: string;
}

/**
 * `body` has been through `bookingBody` (booking-form.ts): each value has its type and range
 * already (an unknown tier or a 6,000-character note was a 400 naming the field), so absent
 * is the only case left to skip.
 */
export function staffFields(input: Record<string, unknown>) {
  const body = input as StaffInput;
  const set: StaffColumns = {};
  if (body.bondRequired !== undefined) set.bond_required = body.bondRequired;
  if (body.bondCents !== undefined) set.bond_cents = body.bondCents;
  if (body.bondPaid !== undefined) set.bond_paid = body.bondPaid;
  if (body.docs !== undefined)
    set.docs = JSON.stringify({
      idVerified: body.docs.idVerified === true,
      insuranceVerified: body.docs.insuranceVerified === true,
    });
  if (body.priority !== undefined) set.priority = body.priority;
  if (body.customerTier !== undefined) set.customer_tier = body.customerTier;
  if (body.notes !== undefined) set.notes = body.notes;
  return set;
}
