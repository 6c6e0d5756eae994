// The events that correct caches of the principal, in their own module: identity.ts stays free
// of zod, since the shell's sign-in page imports its constants (see settings-values.ts).
import { z } from 'zod';
import { SESSION_END_REASONS } from './identity.ts';

/** Events admin publishes so caches of the principal (the gateway's) are corrected at once (decision 20). */
export const SESSION_ENDED_EVENT = 'session.ended';
export const PRINCIPAL_CHANGED_EVENT = 'principal.changed';

export const sessionEndedEventSchema = z.object({
  userId: z.string().min(1),
  tenantId: z.string().min(1),
  sessionIds: z.array(z.string().min(1)),
  reason: z.enum(SESSION_END_REASONS),
});
export type SessionEndedEvent = z.infer<typeof sessionEndedEventSchema>;

export const principalChangedEventSchema = z.object({
  userId: z.string().min(1),
  tenantId: z.string().min(1),
  /** The token version now current: tokens carrying an older `pv` are stale. */
  tokenVersion: z.number().int(),
});
export type PrincipalChangedEvent = z.infer<typeof principalChangedEventSchema>;

/**
 * `customer.session_ended` (admin → gateway; decision 56): customer sessions of a venue that are
 * over (signed out, replayed refresh token); the gateway drops them from its cache so their
 * access tokens are refused on their next request.
 */
export const CUSTOMER_SESSION_ENDED_EVENT = 'customer.session_ended';
export const customerSessionEndedEventSchema = z.object({
  tenantId: z.string().min(1),
  customerId: z.string().min(1),
  sessionIds: z.array(z.string().min(1)),
  reason: z.enum(['signed_out', 'replayed']),
});
export type CustomerSessionEndedEvent = z.infer<typeof customerSessionEndedEventSchema>;
