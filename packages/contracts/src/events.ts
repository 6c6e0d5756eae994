import type { SubscriptionKey } from './events/registry.ts';
import { eventTypesMatching, matchesEventPattern, type EventRegistry } from './events/registry.ts';

export * from './events/registry.ts';
export * from './events/admin.ts';
export * from './events/catalogue.ts';
export * from './events/bookings.ts';

/** Envelope of every domain event written to a service's outbox and delivered at least once. */
export interface DomainEvent<T = unknown> {
  id: string; // uuid; consumers dedupe on it
  type: string; // e.g. "user.updated"
  /**
   * The payload's schema version (`EVENTS[type].version` when it was published). Absent from
   * envelopes written before versions were carried: read as 1.
   */
  version?: number;
  source: string; // service name
  tenantId: string | null;
  occurredAt: string; // ISO timestamp
  data: T;
}

/**
 * The domain events admin turns into the venue's webhooks (decision 60), each a webhook event of
 * the same name or a status move of one (booking.confirmed, invoice.paid …): admin's
 * subscriptions beside `audit.recorded`, and the keys of its webhook consumers.
 */
export const WEBHOOK_SOURCE_EVENTS = [
  'booking.created',
  'booking.updated',
  'booking.status_changed',
  'booking.request_received',
  'booking.document_uploaded',
  'quotation.sent',
  'quotation.accepted',
  'quotation.declined',
  'invoice.issued',
  'invoice.status_changed',
  'payment.recorded',
  'credit_note.issued',
] as const satisfies readonly SubscriptionKey[];

/**
 * Who consumes which event types (exact type or a prefix ending in ".*"). The relay of each
 * service delivers its outbox to the subscribers listed here (loopback HTTP by default,
 * NATS JetStream when NATS_URL is set).
 *
 * This list is the consumers' own declaration, not a wish list: a service's `consumers` map
 * (`defineConsumers` in the service kit) must name exactly these keys — a type error otherwise,
 * and `createService` refuses to start on a difference — and so must the gateway's handler map
 * (gateway/src/event-feed.ts). Every key must name at least one type of `EVENTS`.
 */
export const SUBSCRIPTIONS = {
  // audit.recorded: the audit log. The rest: the venue's webhooks (WEBHOOK_SOURCE_EVENTS)
  admin: ['audit.recorded', ...WEBHOOK_SOURCE_EVENTS],
  // tenant.settings_changed: admin's snapshot of a tenant's settings (settings.ts), kept as a copy
  // booking.*: the busy times of each resource for its iCalendar feed (booking-events.ts)
  catalogue: ['tenant.settings_changed', 'booking.created', 'booking.updated', 'booking.status_changed'],
  // booking_money.changed: the deposit paid flag money decides (read copy, decision 32)
  bookings: [
    'resource.*',
    'blockout.*',
    'customer.erasure_requested',
    'tenant.settings_changed',
    'booking_money.changed',
  ],
  // tenant.settings_changed: the venue's clock, GST and Payment settings (settings copy, decision 21)
  // booking.*: the bookings money invoices (issue 13); a confirmation with a deposit raises its invoice
  money: ['tenant.settings_changed', 'booking.created', 'booking.updated', 'booking.status_changed'],
  // tenant.settings_changed: the venue's clock and currency for its e-mails (settings.ts)
  // booking.*: comms' booking copy (recipients, previews, reminders) and the automatic e-mails
  // (bookingMailPartSchema in events/bookings.ts); customer.anonymised: erase what comms holds of them
  // invoice.issued, payment.recorded, invoice.reminder_requested: money's e-mails (invoice, receipt,
  // payment reminder), each with its PDF fetched from money when it is sent (decision 30)
  comms: [
    'tenant.settings_changed',
    'booking.created',
    'booking.updated',
    'booking.status_changed',
    'customer.anonymised',
    'invoice.issued',
    'payment.recorded',
    'invoice.reminder_requested',
    // quotation.sent / quotation.declined: the quotation e-mail (with money's PDF) and the decline notice
    'quotation.sent',
    'quotation.declined',
    // report.email_requested: a venue's scheduled report, with insights' PDF (Reports → Schedule Email)
    'report.email_requested',
    // credit_note.issued: the adjustment note (or refund) e-mail with its PDF (issue 24 item 3);
    // invoice.copy_requested: Send to customer again, a copy marked as such (issue 24 item 14)
    'credit_note.issued',
    'invoice.copy_requested',
    // bond.refunded / bond.forfeited: the customer is told what came back of their bond, and
    // what was kept and why (issue 24 item 3: refunds reach the customer)
    'bond.refunded',
    'bond.forfeited',
    // The customer's door (issue 25, decision 56): "Your portal link" and "Verify your e-mail"
    // (each with its single-use link), "Request received" to the customer and "New request" to
    // the venue, and a customer's change request from the portal to the venue
    'customer.portal_link_requested',
    'booking.request_verification_requested',
    'booking.request_received',
    'booking.customer_changes_requested',
    // webhook.disabled: the hall owner is told a webhook was switched off (decision 60)
    'webhook.disabled',
  ],
  // The Dashboard's read model (decision 39): settings (time zone), resources and block-outs,
  // bookings, money's invoices, payments and bonds, and every service's audit entries.
  insights: [
    'tenant.settings_changed',
    'resource.*',
    'blockout.*',
    'booking.created',
    'booking.updated',
    'booking.status_changed',
    'customer.anonymised',
    'invoice.issued',
    'invoice.status_changed',
    'payment.recorded',
    'credit_note.issued',
    'bond.*',
    'audit.recorded',
    // Reports' funnel (quotes sent → accepted): money's quotations as their e-mail events tell them
    'quotation.sent',
    'quotation.declined',
    // Alerts & Tasks: an e-mail comms gave up on
    'email.failed',
  ],
  // The gateway's principal cache (decision 20): changes that must bite within a second. Not
  // a service: the relay finds it at GATEWAY_URL, else the gateway's default port.
  // api_key.revoked: a revoked API key is refused on its next request (api-keys.ts).
  // tenant.settings_changed, customer.session_ended: the customer's door (decision 56): a venue's
  // slug is asked again, an ended portal session refused (gateway/src/door-caches.ts).
  gateway: [
    'session.ended',
    'principal.changed',
    'api_key.revoked',
    'tenant.settings_changed',
    'customer.session_ended',
  ],
} as const satisfies Record<string, readonly SubscriptionKey[]>;

export type Subscriber = keyof typeof SUBSCRIPTIONS;
/** The subscription keys of `S` (its consumer map's keys). */
export type SubscriptionsOf<S extends Subscriber> = (typeof SUBSCRIPTIONS)[S][number];

export function subscribesTo(service: string, type: string): boolean {
  const keys: readonly string[] = Object.hasOwn(SUBSCRIPTIONS, service)
    ? SUBSCRIPTIONS[service as Subscriber]
    : [];
  return keys.some((p) => matchesEventPattern(p, type));
}

/**
 * What is wrong between the keys of `service`'s consumers and its subscriptions: a
 * subscription nobody consumes, a consumer nothing is sent to, or a key that names no event of
 * the catalogue. Empty when they agree.
 */
export function consumerProblems(
  service: string,
  consumerKeys: readonly string[],
  subscriptions: Readonly<Record<string, readonly string[]>> = SUBSCRIPTIONS,
  registry?: EventRegistry,
): string[] {
  const subscribed: readonly string[] = Object.hasOwn(subscriptions, service) ? subscriptions[service]! : [];
  const problems: string[] = [];
  for (const key of subscribed)
    if (!consumerKeys.includes(key))
      problems.push(`${service} is subscribed to "${key}" but has no consumer for it`);
  for (const key of consumerKeys) {
    if (!subscribed.includes(key))
      problems.push(`${service} consumes "${key}" but its subscriptions do not list it`);
    if (eventTypesMatching(key, registry).length === 0)
      problems.push(`${service} consumes "${key}", which names no event type of the catalogue`);
  }
  return problems;
}
