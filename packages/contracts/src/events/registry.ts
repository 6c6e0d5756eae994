/**
 * The event catalogue: every event type a service may publish, with the version and the zod
 * schema of its payload. `tx.publish` accepts only these types (a type error otherwise) and
 * checks the payload against the schema before writing it to the outbox; a consumer receives
 * the payload parsed by the same schema, or the event is refused and its sender retries.
 *
 * Versions: `version` is written on the envelope of every event. Change a schema compatibly
 * (a new optional field) without touching it; a change that older payloads would fail is a new
 * version, and the schema must still read the older payloads still in outboxes (or the
 * consumers hold them). A consumer refuses an event newer than the version it knows (held
 * until it is upgraded).
 */
import type { z } from 'zod';
import { apiKeyRevokedEventSchema } from '../api-keys.ts';
import type { ServiceName } from '../services.ts';
import {
  customerSessionEndedEventSchema,
  principalChangedEventSchema,
  sessionEndedEventSchema,
} from '../session-events.ts';
import { tenantSettingsSnapshotSchema } from '../settings.ts';
import {
  auditRecordedEventSchema,
  customerErasureRequestedEventSchema,
  customerPortalLinkRequestedEventSchema,
  userDeletedEventSchema,
} from './admin.ts';
import {
  bookingBlockoutOverlapEventSchema,
  bookingCustomerChangesRequestedEventSchema,
  bookingEventSchema,
  bookingRequestReceivedEventSchema,
  bookingRequestVerificationRequestedEventSchema,
  bookingStatusChangedEventSchema,
  customerAnonymisedEventSchema,
} from './bookings.ts';
import { blockoutEventSchema, resourceEventSchema } from './catalogue.ts';
import { emailFailedEventSchema } from './comms.ts';
import { creditNoteIssuedEventSchema } from './credit-notes.ts';
import {
  bookingDocumentUploadedEventSchema,
  quotationAcceptedEventSchema,
  webhookDisabledEventSchema,
} from './webhooks.ts';
import { quotationEmailEventSchema } from '../money-api/quotations.ts';
import { reportEmailRequestedEventSchema } from '../insights/report-exports.ts';
import {
  bondEventSchema,
  bookingMoneySchema,
  depositEventSchema,
  invoiceCopyRequestedEventSchema,
  invoiceEventSchema,
  invoiceReminderRequestedEventSchema,
  paymentRecordedEventSchema,
} from '../money-api/schemas.ts';

export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  /** Written on every envelope; see the module comment for when it changes. */
  version: number;
  /** The one service that publishes it, or `*` for every service (audit entries). */
  producer: ServiceName | '*';
  schema: S;
  /** One line for the catalogue in docs/platform-contract.md. */
  summary: string;
}

/** The shape of a catalogue (the kit's test fixtures build their own for made-up types). */
export type EventRegistry = Readonly<Record<string, EventDefinition>>;

const event = <S extends z.ZodType>(d: EventDefinition<S>): EventDefinition<S> => d;

export const EVENTS = {
  'audit.recorded': event({
    version: 1,
    producer: '*',
    schema: auditRecordedEventSchema,
    summary: 'one audit entry (`tx.audit`), stored in the tenant’s hash-chained audit log',
  }),
  'session.ended': event({
    version: 1,
    producer: 'admin',
    schema: sessionEndedEventSchema,
    summary: 'sessions ended (sign-out, deactivation, deletion, password change): tokens refused',
  }),
  'principal.changed': event({
    version: 1,
    producer: 'admin',
    schema: principalChangedEventSchema,
    summary: 'what a user may do changed: tokens with an older `pv` are stale',
  }),
  'api_key.revoked': event({
    version: 1,
    producer: 'admin',
    schema: apiKeyRevokedEventSchema,
    summary: 'an API key was revoked: refused on its next request',
  }),
  'user.deleted': event({
    version: 1,
    producer: 'admin',
    schema: userDeletedEventSchema,
    summary: 'an account was deleted (its sessions end through `session.ended`)',
  }),
  'tenant.settings_changed': event({
    version: 1,
    producer: 'admin',
    schema: tenantSettingsSnapshotSchema,
    summary: 'the whole settings snapshot other services keep a copy of (decision 21)',
  }),
  'customer.erasure_requested': event({
    version: 1,
    producer: 'admin',
    schema: customerErasureRequestedEventSchema,
    summary: 'a customer’s personal data is to be erased',
  }),
  'customer.portal_link_requested': event({
    version: 1,
    producer: 'admin',
    schema: customerPortalLinkRequestedEventSchema,
    summary:
      'a sign-in link to a venue’s customer portal to e-mail (single-use token, 30 minutes; decision 56)',
  }),
  'customer.session_ended': event({
    version: 1,
    producer: 'admin',
    schema: customerSessionEndedEventSchema,
    summary: 'customer portal sessions ended (sign-out, replayed refresh): their tokens refused',
  }),
  'resource.created': event({
    version: 1,
    producer: 'catalogue',
    schema: resourceEventSchema,
    summary: 'a resource (hall, room, outdoor space) as bookings checks bookings against it',
  }),
  'resource.updated': event({
    version: 1,
    producer: 'catalogue',
    schema: resourceEventSchema,
    summary: 'the resource after the change',
  }),
  'resource.deleted': event({
    version: 1,
    producer: 'catalogue',
    schema: resourceEventSchema,
    summary: 'the resource’s last state; bookings archives its copy',
  }),
  'blockout.created': event({
    version: 1,
    producer: 'catalogue',
    schema: blockoutEventSchema,
    summary: 'a block-out’s period and resources',
  }),
  'blockout.updated': event({
    version: 1,
    producer: 'catalogue',
    schema: blockoutEventSchema,
    summary: 'the block-out after the change (the whole resource set)',
  }),
  'blockout.deleted': event({
    version: 1,
    producer: 'catalogue',
    schema: blockoutEventSchema,
    summary: 'the block-out is gone; its slots are released',
  }),
  'booking.created': event({
    version: 1,
    producer: 'bookings',
    schema: bookingEventSchema,
    summary: 'the whole booking (API shape); the slot part is `bookingSlotEventSchema`',
  }),
  'booking.updated': event({
    version: 1,
    producer: 'bookings',
    schema: bookingEventSchema,
    summary: 'the whole booking after an edit',
  }),
  'booking.status_changed': event({
    version: 1,
    producer: 'bookings',
    schema: bookingStatusChangedEventSchema,
    summary: 'the whole booking after a status move, with `from` and `to`',
  }),
  'booking.blockout_overlap': event({
    version: 1,
    producer: 'bookings',
    schema: bookingBlockoutOverlapEventSchema,
    summary: 'a block-out arrived over a booking and waits for the slot (decision 13)',
  }),
  'booking.request_verification_requested': event({
    version: 1,
    producer: 'bookings',
    schema: bookingRequestVerificationRequestedEventSchema,
    summary:
      'a request from the venue’s booking page waits for its e-mail to be verified (single-use token, 24 hours; decision 56)',
  }),
  'booking.request_received': event({
    version: 1,
    producer: 'bookings',
    schema: bookingRequestReceivedEventSchema,
    summary:
      'a request from the venue’s booking page became a booking (source website): the customer’s and the venue’s e-mails',
  }),
  'booking.customer_changes_requested': event({
    version: 1,
    producer: 'bookings',
    schema: bookingCustomerChangesRequestedEventSchema,
    summary:
      'a customer asked the venue for changes from the portal (a note on the booking; e-mail to the venue)',
  }),
  'booking.document_uploaded': event({
    version: 1,
    producer: 'bookings',
    schema: bookingDocumentUploadedEventSchema,
    summary: 'a customer uploaded an ID or insurance document for their booking in the portal (decision 60)',
  }),
  'customer.anonymised': event({
    version: 1,
    producer: 'bookings',
    schema: customerAnonymisedEventSchema,
    summary: 'a customer’s personal data was erased',
  }),
  'invoice.issued': event({
    version: 1,
    producer: 'money',
    schema: invoiceEventSchema,
    summary:
      'an invoice got its number and was sent: what its e-mail needs, the PDF by reference (`pdfPath`)',
  }),
  'invoice.status_changed': event({
    version: 1,
    producer: 'money',
    schema: invoiceEventSchema,
    summary: 'an invoice moved (paid, partial, overdue, void, refunded), with `from` and its figures',
  }),
  'invoice.reminder_requested': event({
    version: 1,
    producer: 'money',
    schema: invoiceReminderRequestedEventSchema,
    summary: 'a payment reminder e-mail to send for one invoice (Send Reminders)',
  }),
  'invoice.copy_requested': event({
    version: 1,
    producer: 'money',
    schema: invoiceCopyRequestedEventSchema,
    summary:
      'Send to customer on an invoice already issued (paid ones too): e-mail it again as a copy, the PDF marked COPY',
  }),
  'quotation.sent': event({
    version: 1,
    producer: 'money',
    schema: quotationEmailEventSchema,
    summary: 'a quotation was sent: what its e-mail needs, the PDF by reference (`pdfPath`)',
  }),
  'quotation.accepted': event({
    version: 1,
    producer: 'money',
    schema: quotationAcceptedEventSchema,
    summary: 'a quotation was accepted (by staff or the customer) and made its booking (decision 60)',
  }),
  'quotation.declined': event({
    version: 1,
    producer: 'money',
    schema: quotationEmailEventSchema,
    summary: 'a quotation was declined: the customer is told by e-mail',
  }),
  'credit_note.issued': event({
    version: 1,
    producer: 'money',
    schema: creditNoteIssuedEventSchema,
    summary:
      'an adjustment note against an issued invoice, with its own number and the invoice after it (comms e-mails it)',
  }),
  'payment.recorded': event({
    version: 1,
    producer: 'money',
    schema: paymentRecordedEventSchema,
    summary: 'a payment, refund or reversal, with the invoice’s and the booking’s money after it',
  }),
  'booking_money.changed': event({
    version: 1,
    producer: 'money',
    schema: bookingMoneySchema,
    summary: 'a booking’s money after an invoice, payment or credit note: deposit paid, paid, balance due',
  }),
  'deposit.paid': event({
    version: 1,
    producer: 'money',
    schema: depositEventSchema,
    summary: 'a booking’s deposit invoice is paid: deposit paid, paid at, balance due',
  }),
  'deposit.unpaid': event({
    version: 1,
    producer: 'money',
    schema: depositEventSchema,
    summary: 'a booking’s deposit is no longer paid (Mark Unpaid reversed it, or a refund)',
  }),
  'bond.received': event({
    version: 1,
    producer: 'money',
    schema: bondEventSchema,
    summary: 'a bond was received for a booking and is held (no GST)',
  }),
  'bond.refunded': event({
    version: 1,
    producer: 'money',
    schema: bondEventSchema,
    summary: 'a held bond was paid back in full',
  }),
  'bond.forfeited': event({
    version: 1,
    producer: 'money',
    schema: bondEventSchema,
    summary:
      'part or all of a bond was kept (with a reason); the kept part carries GST, and `keptInvoiceNumber` names its tax invoice',
  }),
  'webhook.disabled': event({
    version: 1,
    producer: 'admin',
    schema: webhookDisabledEventSchema,
    summary: 'a webhook failed for 3 days and was switched off: the owner is e-mailed (decision 60)',
  }),
  'email.failed': event({
    version: 1,
    producer: 'comms',
    schema: emailFailedEventSchema,
    summary: 'comms gave up on an e-mail for good (bounced, or out of attempts): an alert on the Dashboard',
  }),
  'report.email_requested': event({
    version: 1,
    producer: 'insights',
    schema: reportEmailRequestedEventSchema,
    summary:
      'a scheduled report came due: comms e-mails each recipient the PDF (`pdfPath`, fetched when sent)',
  }),
} as const satisfies EventRegistry;

export type EventType = keyof typeof EVENTS;
/** What a publisher passes for `T` (the schema's input). */
export type EventData<T extends EventType> = z.input<(typeof EVENTS)[T]['schema']>;
/** What a consumer of `T` receives (the schema's output). */
export type EventPayload<T extends EventType> = z.output<(typeof EVENTS)[T]['schema']>;

type PrefixOf<T> = T extends `${infer P}.${string}` ? P : never;
/** `resource` for `resource.created` … */
export type EventPrefix = PrefixOf<EventType>;
/** What a subscription or a consumer map names: one type, or every type of a prefix (`resource.*`). */
export type SubscriptionKey = EventType | `${EventPrefix}.*`;
/** The event types a subscription key stands for. */
export type EventTypesOf<K extends SubscriptionKey> = K extends `${infer P}.*`
  ? Extract<EventType, `${P}.${string}`>
  : Extract<K, EventType>;

/** Exact type, or a prefix pattern ending in `.*`. */
export function matchesEventPattern(pattern: string, type: string): boolean {
  return pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
}

/** The definition of `type` in `registry` (own keys only: `constructor` is no event type). */
export function eventDefinition(type: string, registry: EventRegistry = EVENTS): EventDefinition | undefined {
  return Object.hasOwn(registry, type) ? registry[type] : undefined;
}

/** The registered types a subscription key stands for (none: the key names no event). */
export function eventTypesMatching(key: string, registry: EventRegistry = EVENTS): string[] {
  return Object.keys(registry).filter((t) => matchesEventPattern(key, t));
}
