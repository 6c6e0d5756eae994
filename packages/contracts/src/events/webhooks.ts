// Events around webhooks (issue 26, decision 60): the one admin publishes when it switches a
// failing webhook off (comms e-mails the owner), and two that a webhook event needs and no event
// carried before: a quotation accepted (money) and a document a customer uploaded (bookings).
import { z } from 'zod';
import { bookingDocumentSchema } from '../bookings/door.ts';
import { quotationEmailEventSchema } from '../money-api/quotations.ts';
import { bookingEventSchema } from './bookings.ts';

/**
 * `webhook.disabled` (admin → comms): every attempt to a webhook failed for 3 days, so admin
 * switched it off. Carries what the owner's e-mail says: which webhook, since when, the last
 * answer, and who to write to (the hall owner's sign-in address and name).
 */
export const webhookDisabledEventSchema = z.object({
  tenantId: z.guid(),
  webhookId: z.guid(),
  url: z.string(),
  description: z.string().nullable(),
  ownerEmail: z.string(),
  ownerName: z.string().nullable(),
  hallName: z.string().nullable(),
  failingSince: z.iso.datetime({ offset: true }),
  disabledAt: z.iso.datetime({ offset: true }),
  /** The last attempt's HTTP status, or null when there was no answer (`lastError` says why). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
});
export type WebhookDisabledEvent = z.infer<typeof webhookDisabledEventSchema>;

/**
 * `quotation.accepted` (money): a quotation was accepted, by staff or by the customer in the
 * portal, and made its booking. The quotation as its e-mail events carry it (`pdfPath` may be
 * null), with the booking it made and who accepted it.
 */
export const quotationAcceptedEventSchema = quotationEmailEventSchema.extend({
  bookingId: z.uuid(),
  bookingCode: z.string(),
  acceptedBy: z.enum(['venue', 'customer']),
});
export type QuotationAcceptedEvent = z.infer<typeof quotationAcceptedEventSchema>;

/**
 * `booking.document_uploaded` (bookings): a customer uploaded an ID or insurance document for
 * their booking in the portal. The document as the API lists it (never the file) and the booking
 * in its API shape.
 */
export const bookingDocumentUploadedEventSchema = z.object({
  document: bookingDocumentSchema,
  booking: bookingEventSchema,
});
export type BookingDocumentUploadedEvent = z.infer<typeof bookingDocumentUploadedEventSchema>;
