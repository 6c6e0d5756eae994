/**
 * Webhooks (issue 26, decision 60): what `/api/integrations/webhooks` takes and answers, what a
 * delivery carries (`data` per event type), and the event admin publishes when it switches a
 * failing webhook off. The names, groups, headers and words are in webhooks-catalogue.ts (no
 * zod, for the screen).
 */
import { z } from 'zod';
import { instant } from '../api/common.ts';
import { limitParam, oneLine, queryText } from '../api/fields.ts';
import { bookingDocumentSchema } from '../bookings/door.ts';
import { bookingSchema } from '../bookings/responses.ts';
import { creditNoteSchema } from '../money-api/schemas.ts';
import { INVOICE_STATUSES, INVOICE_TYPES } from '../money-api/paths.ts';
import {
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_DESCRIPTION_TOO_LONG,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_UNKNOWN,
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_CREDENTIALS,
  WEBHOOK_URL_INVALID,
  WEBHOOK_URL_MAX,
  WEBHOOK_URL_REQUIRED,
  WEBHOOK_URL_TOO_LONG,
  type WebhookDeliveryType,
} from './webhooks-catalogue.ts';

// --- requests -----------------------------------------------------------------------------------

/**
 * The receiver's address: an absolute http(s) URL without credentials, at most 2,000 characters.
 * Whether plain http is allowed, and where the host name leads, the service decides when it is
 * saved (and again at each delivery): that depends on the operator's allowlist and on DNS.
 */
const webhookUrl = oneLine(
  z
    .string({ error: (i) => (i.input === undefined ? WEBHOOK_URL_REQUIRED : WEBHOOK_URL_INVALID) })
    .trim()
    .min(1, WEBHOOK_URL_REQUIRED)
    .max(WEBHOOK_URL_MAX, WEBHOOK_URL_TOO_LONG)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_INVALID });
        return;
      }
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname)
        ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_INVALID });
      else if (url.username || url.password)
        ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_CREDENTIALS });
    })
    .meta({ format: 'uri', example: 'https://example.com/venuedesk' }),
  'The address',
);

/**
 * The events: names of the catalogue, or `["*"]` for every event. Duplicates are dropped; a list
 * naming `*` is every event.
 */
const webhookEvents = z
  .array(
    z
      .string({ error: WEBHOOK_EVENT_UNKNOWN })
      .refine((e) => e === WEBHOOK_ALL_EVENTS || WEBHOOK_EVENT_TYPES.includes(e as never), {
        message: WEBHOOK_EVENT_UNKNOWN,
      }),
    { error: WEBHOOK_EVENTS_REQUIRED },
  )
  .max(WEBHOOK_EVENT_TYPES.length * 2, WEBHOOK_EVENT_UNKNOWN)
  .transform((events) => (events.includes(WEBHOOK_ALL_EVENTS) ? [WEBHOOK_ALL_EVENTS] : [...new Set(events)]))
  .refine((events) => events.length > 0, WEBHOOK_EVENTS_REQUIRED)
  .meta({
    description: `Event names (${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}), or \`["*"]\` for every event.`,
  });

/** A note for the owner (which system receives it); blank means none. */
const webhookDescription = oneLine(
  z
    .string({ error: 'The description must be text.' })
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_DESCRIPTION_TOO_LONG),
  'The description',
)
  .nullable()
  .transform((d) => (d ? d : null));

/** `POST /api/integrations/webhooks`. */
export const webhookCreateSchema = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.optional(),
});
export type WebhookCreateBody = z.input<typeof webhookCreateSchema>;

/** `PATCH /api/integrations/webhooks/{id}`: any of the fields, and pause (`paused`) or resume (`active`). */
export const webhookUpdateSchema = z.object({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  description: webhookDescription.optional(),
  status: z.enum(['active', 'paused'], { error: 'Status must be active or paused.' }).optional().meta({
    description:
      '`paused` holds deliveries (events meanwhile are queued); `active` resumes and sends what was held, in order (held over 3 days: given up, shown in the log); `active` also resumes a webhook switched off.',
  }),
});
export type WebhookUpdateBody = z.input<typeof webhookUpdateSchema>;

/** `GET …/{id}/deliveries`: newest first, a page at a time. */
export const webhookDeliveriesQuery = z.object({
  limit: limitParam(100, 20),
  cursor: queryText('cursor', 40)
    .refine((c) => c === undefined || /^\d{1,18}$/.test(c), { message: 'cursor is not one this list gave.' })
    .meta({ description: 'The `nextCursor` of the page before.' }),
});

// --- answers ------------------------------------------------------------------------------------

export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    /** The names subscribed to, or `["*"]`. */
    events: z.array(z.string()),
    description: z.string().nullable(),
    /** `disabled`: switched off by VenueDesk after failing for 3 days (see `disabledReason`). */
    status: z.enum(WEBHOOK_STATUSES),
    disabledAt: instant().nullable(),
    disabledReason: z.string().nullable(),
    /** Since when every attempt has failed (null while deliveries succeed). */
    failingSince: instant().nullable(),
    lastSuccessAt: instant().nullable(),
    /** When the current signing secret was made (creation or the last rotation). */
    secretCreatedAt: instant(),
    /** Until when the secret before the last rotation still signs too (null: none). */
    previousSecretExpiresAt: instant().nullable(),
    createdAt: instant(),
    updatedAt: instant(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

/** A create, or a rotation: the signing secret, shown this once. */
export const webhookWithSecretSchema = webhookSchema
  .extend({ secret: z.string().meta({ description: 'The signing secret (`whsec_…`), shown this once.' }) })
  .meta({ id: 'WebhookWithSecret' });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** The same request again with its Idempotency-Key: the record, never the secret. */
export const replayedWebhookSchema = webhookSchema
  .extend({ message: z.string() })
  .meta({ id: 'ReplayedWebhook' });

export const webhookAttemptSchema = z
  .object({
    at: instant(),
    /** The receiver's HTTP status; null when there was no answer (refused address, timeout, connection). */
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    /** Why it failed without an answer, in words. */
    error: z.string().nullable(),
    /** The first 2 kB of the answer's body. */
    answer: z.string(),
    answerTruncated: z.boolean(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    /** The event's id (`X-VenueDesk-Event-Id`): the same on every attempt and on Send again. */
    eventId: z.string(),
    type: z.string(),
    /** `failed`: given up after 3 days (Send again tries once more). */
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attemptCount: z.number().int(),
    createdAt: instant(),
    nextAttemptAt: instant().nullable(),
    deliveredAt: instant().nullable(),
    lastStatusCode: z.number().int().nullable(),
    /** The JSON body sent. */
    body: z.string(),
    /** The newest attempts first (at most 10). */
    attempts: z.array(webhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** Send test event, Send again: queued for the delivery job. */
export const webhookQueuedSchema = z.object({ message: z.string(), delivery: webhookDeliverySchema });
export type WebhookQueued = z.infer<typeof webhookQueuedSchema>;

// --- what a delivery carries --------------------------------------------------------------------

/** The body of every delivery (signed as sent, byte for byte). */
export const webhookPayloadSchema = z.object({
  /** The event's id: the receiver deduplicates on it (delivery is at least once). */
  id: z.uuid(),
  type: z.string(),
  /** When it happened (ISO 8601, UTC). */
  createdAt: instant(),
  /** The venue (its hall owner's id). */
  tenantId: z.uuid(),
  data: z.unknown(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/**
 * An invoice in deliveries: its number, kind, status and figures (cents), the status before a
 * move (`previousStatus`) and the PDF's API path. The whole invoice is `GET /api/invoices/{id}`.
 */
export const webhookInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string().nullable(),
  type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  previousStatus: z.enum(INVOICE_STATUSES).nullable(),
  bookingId: z.string().nullable(),
  bookingCode: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string(),
  totalCents: z.number().int(),
  gstCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  creditedCents: z.number().int(),
  pdfPath: z.string(),
});

/** A quotation in deliveries (sent, accepted, declined); the whole one is `GET /api/quotations/{id}`. */
export const webhookQuotationSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  eventType: z.string(),
  eventDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  resourceName: z.string(),
  totalCents: z.number().int(),
  depositCents: z.number().int(),
  validUntil: z.string(),
  /** Accepted: the booking it made. */
  bookingId: z.string().nullable(),
  bookingCode: z.string().nullable(),
  /** Accepted or declined: by the venue's staff or by the customer in the portal. */
  answeredBy: z.enum(['venue', 'customer']).nullable(),
  /** Declined: the customer's reason, if they gave one. */
  declineReason: z.string().nullable(),
});

export const webhookPaymentSchema = z.object({
  id: z.string(),
  /** `payment`, `refund` or `reversal`. */
  kind: z.string(),
  amountCents: z.number().int(),
  paymentMethod: z.string(),
  receiptNumber: z.string(),
  processedAt: z.string(),
  invoice: webhookInvoiceSchema,
});

export const webhookCreditNoteSchema = creditNoteSchema.extend({ invoice: webhookInvoiceSchema.nullable() });

export const webhookRequestReceivedSchema = bookingSchema.extend({
  /** Whether the time is held (the venue's automatic 24 h hold) or waits for the venue. */
  hold: z.boolean(),
  /** Every booking the request made (a repeat makes several; each has its `booking.created`). */
  bookings: z.array(
    z.object({
      id: z.string(),
      bookingCode: z.string(),
      bookingDate: z.string(),
      startTime: z.string(),
      endTime: z.string(),
    }),
  ),
});

export const webhookDocumentUploadedSchema = z.object({
  document: bookingDocumentSchema,
  booking: bookingSchema,
});

export const webhookTestSchema = z.object({ webhookId: z.string(), message: z.string() });

/** `data` of each type, as documented in docs/api/admin.md ("Webhooks"). */
export const WEBHOOK_DATA_SCHEMAS: Readonly<Record<WebhookDeliveryType, z.ZodType>> = {
  'booking.created': bookingSchema,
  'booking.updated': bookingSchema,
  'booking.held': bookingSchema,
  'booking.confirmed': bookingSchema,
  'booking.cancelled': bookingSchema,
  'booking.completed': bookingSchema,
  'booking.expired': bookingSchema,
  'booking.request_received': webhookRequestReceivedSchema,
  'booking.document_uploaded': webhookDocumentUploadedSchema,
  'quotation.sent': webhookQuotationSchema,
  'quotation.accepted': webhookQuotationSchema,
  'quotation.declined': webhookQuotationSchema,
  'invoice.issued': webhookInvoiceSchema,
  'invoice.paid': webhookInvoiceSchema,
  'invoice.voided': webhookInvoiceSchema,
  'payment.recorded': webhookPaymentSchema,
  'credit_note.issued': webhookCreditNoteSchema,
  [WEBHOOK_TEST_EVENT]: webhookTestSchema,
};
