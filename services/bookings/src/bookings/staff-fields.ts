/** Fields only staff set (bond, documents, priority, tier, notes), as column → value. */
import { badRequest } from '@venue/service-kit';
import { oneOf } from '../shared/request.ts';

export const PRIORITIES = ['high', 'medium', 'normal'];
export const TIERS = ['premium', 'business', 'standard', 'nonprofit'];

export function staffFields(body: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  if (typeof body.bondRequired === 'boolean') set.bond_required = body.bondRequired;
  if (body.bondCents !== undefined) {
    const n = Number(body.bondCents);
    if (!Number.isInteger(n) || n < 0) throw badRequest('Bond must be 0 or more');
    set.bond_cents = n;
  }
  if (typeof body.bondPaid === 'boolean') set.bond_paid = body.bondPaid;
  if (body.docs && typeof body.docs === 'object') {
    const d = body.docs as Record<string, unknown>;
    set.docs = JSON.stringify({
      idVerified: d.idVerified === true,
      insuranceVerified: d.insuranceVerified === true,
    });
  }
  if (body.priority !== undefined) set.priority = oneOf(body.priority, PRIORITIES, 'normal');
  if (body.customerTier !== undefined) set.customer_tier = oneOf(body.customerTier, TIERS, 'standard');
  if (typeof body.notes === 'string') set.notes = body.notes.slice(0, 5000);
  return set;
}
