/**
 * Webhooks (issue 26, decision 60): the events a venue can subscribe its own systems to, their
 * names and groups as Settings → Integrations lists them, the signature's headers and the words
 * the service and the screen share. No zod here: the screen imports it without the schemas.
 *
 * Event names are the product's own. Most are a domain event of the same name; a few are a
 * status move of one (`booking.confirmed` is `booking.status_changed` to confirmed, or a booking
 * created confirmed; `invoice.paid` is `invoice.status_changed` to PAID). `webhook.test` is only
 * ever sent by "Send test event" and cannot be subscribed to.
 */

export const WEBHOOK_EVENT_GROUPS = [
  {
    label: 'Bookings',
    events: [
      { type: 'booking.created', label: 'Booking created' },
      { type: 'booking.updated', label: 'Booking edited' },
      { type: 'booking.held', label: 'Booking held (tentative)' },
      { type: 'booking.confirmed', label: 'Booking confirmed' },
      { type: 'booking.cancelled', label: 'Booking cancelled or declined' },
      { type: 'booking.completed', label: 'Booking completed' },
      { type: 'booking.expired', label: 'Hold expired' },
    ],
  },
  {
    label: 'Booking page and portal',
    events: [
      { type: 'booking.request_received', label: 'Request received from the booking page' },
      { type: 'booking.document_uploaded', label: 'Customer uploaded a document' },
    ],
  },
  {
    label: 'Quotations',
    events: [
      { type: 'quotation.sent', label: 'Quotation sent' },
      { type: 'quotation.accepted', label: 'Quotation accepted' },
      { type: 'quotation.declined', label: 'Quotation declined' },
    ],
  },
  {
    label: 'Invoices and payments',
    events: [
      { type: 'invoice.issued', label: 'Invoice issued' },
      { type: 'invoice.paid', label: 'Invoice paid' },
      { type: 'invoice.voided', label: 'Invoice voided' },
      { type: 'payment.recorded', label: 'Payment, refund or reversal recorded' },
      { type: 'credit_note.issued', label: 'Adjustment note issued' },
    ],
  },
] as const;

type Group = (typeof WEBHOOK_EVENT_GROUPS)[number];
/** An event a webhook may subscribe to. */
export type WebhookEventType = Group['events'][number]['type'];

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = WEBHOOK_EVENT_GROUPS.flatMap((g) =>
  g.events.map((e) => e.type),
);

/** `events: ["*"]`: every event above, and any added later. */
export const WEBHOOK_ALL_EVENTS = '*';

/** What "Send test event" delivers (never subscribed to; sent to the one webhook asked). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Everything a delivery's `type` can be. */
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookDeliveryType, string>> = {
  ...(Object.fromEntries(
    WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events.map((e) => [e.type, e.label])),
  ) as Record<WebhookEventType, string>),
  [WEBHOOK_TEST_EVENT]: 'Test event',
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** The headers of every delivery (lower-case as Node's `req.headers` has them). */
export const WEBHOOK_HEADERS = {
  eventId: 'X-VenueDesk-Event-Id',
  eventType: 'X-VenueDesk-Event',
  timestamp: 'X-VenueDesk-Timestamp',
  signature: 'X-VenueDesk-Signature',
} as const;

/** The one signature scheme: `v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`. */
export const WEBHOOK_SIGNATURE_VERSION = 'v1';
/** Every signing secret starts with this; the whole string (prefix included) is the HMAC key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

// --- limits (the server holds them; the screen repeats them for comfort) -------------------------

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Webhooks per venue. */
export const WEBHOOKS_PER_VENUE = 20;
/** How long the secret before a rotation still signs (both signatures are sent meanwhile). */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** A delivery is retried for this long; a webhook failing this long is switched off. */
export const WEBHOOK_RETRY_DAYS = 3;
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** The receiver's answer is read up to this many bytes; the log keeps the first 2 kB of it. */
export const WEBHOOK_ANSWER_LIMIT_BYTES = 256 * 1024;
export const WEBHOOK_ANSWER_LOGGED_BYTES = 2048;

// --- words --------------------------------------------------------------------------------------

export const WEBHOOK_OWNER_ONLY = 'Only the hall owner can manage webhooks.';
export const WEBHOOK_NOT_FOUND = 'Webhook not found.';
export const WEBHOOK_DELIVERY_NOT_FOUND = 'Delivery not found.';
export const WEBHOOK_URL_REQUIRED = 'Enter the address to send events to.';
export const WEBHOOK_URL_INVALID = 'Enter a full web address, like https://example.com/venuedesk.';
export const WEBHOOK_URL_TOO_LONG = `The address must be at most ${WEBHOOK_URL_MAX} characters.`;
export const WEBHOOK_URL_HTTPS = 'The address must start with https://.';
export const WEBHOOK_URL_CREDENTIALS = 'The address must not contain a user name or password.';
export const WEBHOOK_URL_UNRESOLVED = 'This address could not be found (its host name does not resolve).';
export const WEBHOOK_URL_PRIVATE =
  'This address points to a private, local or reserved network, which webhooks may not reach.';
export const WEBHOOK_EVENTS_REQUIRED = 'Choose at least one event.';
export const WEBHOOK_EVENT_UNKNOWN = 'Unknown event.';
export const WEBHOOK_DESCRIPTION_TOO_LONG = `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`;
export const WEBHOOK_LIMIT_REACHED = `A venue can have at most ${WEBHOOKS_PER_VENUE} webhooks. Delete one first.`;
export const WEBHOOK_NOT_ACTIVE = 'This webhook is paused or switched off. Resume it first.';
export const WEBHOOK_DELETED = 'Webhook deleted.';
export const WEBHOOK_TEST_QUEUED = 'Test event queued. It appears in the delivery log in a few seconds.';
export const WEBHOOK_RESEND_QUEUED =
  'Sending again. The result appears in the delivery log in a few seconds.';
export const WEBHOOK_SECRET_SHOWN_ONCE =
  'This request was already answered with the same Idempotency-Key. The signing secret is shown only in that first answer and is kept only to sign; if it was lost, rotate the secret.';
export const WEBHOOK_TEST_MESSAGE = 'This is a test event from VenueDesk.';

/** Why a webhook was switched off (shown on its card, and in the owner's e-mail). */
export const WEBHOOK_DISABLED_REASON = `Switched off after failing for ${WEBHOOK_RETRY_DAYS} days.`;
