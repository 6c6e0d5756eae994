// Payloads of the events services/admin publishes that have no module of their own (the
// session, principal, API key and settings events live beside their other contracts).
import { z } from 'zod';
import { ROLES } from '../roles.ts';

/**
 * `audit.recorded`: one audit entry, published by every service through `tx.audit` and stored
 * by admin. Lenient where the consumer already copes (an actor id that is not a uuid is kept as
 * none, a label is trimmed and cut): it refuses only what it could not store.
 */
export const auditRecordedEventSchema = z.object({
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string().min(1),
  targetType: z.string().min(1),
  target: z.string().nullable(),
  /**
   * The target as people read it, fixed when the entry is written (the Audit Log shows it
   * without looking anything up). Optional: entries from before it, or from a publisher that
   * has none, show `target`.
   */
  targetLabel: z.string().nullable().optional(),
  ipAddress: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  // `old`/`new` may be undefined in the publisher's object, which JSON leaves out.
  changes: z
    .record(z.string(), z.object({ old: z.unknown().optional(), new: z.unknown().optional() }))
    .nullable(),
});

/** Audit entry payload carried by `audit.recorded` events (consumed by services/admin). */
export interface AuditEventData {
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetType: string;
  target: string | null;
  /** See `auditRecordedEventSchema.targetLabel`. */
  targetLabel?: string | null;
  ipAddress: string | null;
  additionalInfo: string | null;
  /** `old`/`new` left out when undefined (JSON drops them). */
  changes: Record<string, { old?: unknown; new?: unknown }> | null;
}

/** `user.deleted`: an account (hall owner or staff member) was deleted; its rows stay, marked. */
export const userDeletedEventSchema = z.object({
  userId: z.guid(),
  role: z.enum(ROLES),
  tenantId: z.guid(),
});
export type UserDeletedEvent = z.infer<typeof userDeletedEventSchema>;

/**
 * `customer.erasure_requested`: a hall owner asked for a customer's personal data to be erased
 * (Settings → Data & Privacy); bookings anonymises that customer. No `tenantId` (or null):
 * every tenant, which only an operator's replay would send.
 */
export const customerErasureRequestedEventSchema = z.object({
  email: z.string().trim().min(1).max(320),
  tenantId: z.guid().nullable().optional(),
  /** The user who asked. */
  requestedBy: z.guid().optional(),
});
export type CustomerErasureRequestedEvent = z.infer<typeof customerErasureRequestedEventSchema>;

/**
 * `customer.portal_link_requested` (admin → comms; decision 56): a visitor asked for a sign-in
 * link to a venue's portal for an address. `token` is the single-use plaintext the e-mail must
 * carry (`/my/sign-in?token=…`): events are internal and never exposed, and admin stores only its
 * SHA-256. Published whether or not the address has booked before (the page says nothing either
 * way); comms sends "Your portal link" before `expiresAt` or not at all.
 */
export const customerPortalLinkRequestedEventSchema = z.object({
  tenantId: z.guid(),
  slug: z.string().min(1).max(60),
  email: z.string().trim().min(1).max(320),
  token: z.string().min(32).max(128),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CustomerPortalLinkRequestedEvent = z.infer<typeof customerPortalLinkRequestedEventSchema>;
