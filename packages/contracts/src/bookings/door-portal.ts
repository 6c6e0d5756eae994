/**
 * What a signed-in customer asks of their own bookings (the portal: list, cancel, changes,
 * documents), and the staff calls beside them (the side menu's count of waiting requests, a
 * booking's documents and their check, the online request on a booking).
 */
import { z } from 'zod';
import { cents, day, hhmm, instant } from '../api/common.ts';
import { textField } from '../api/fields.ts';
import { BOOKING_SOURCES } from './values.ts';
import {
  CHANGES_EMPTY_MESSAGE,
  CUSTOMER_MESSAGE_MAX_LENGTH,
  DOCUMENT_KIND_MESSAGE,
  DOCUMENT_KINDS,
} from './door-values.ts';

// --- portal ---------------------------------------------------------------------------------------

export const PORTAL_STATUSES = [
  'pending',
  'tentative',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
] as const;

/** A customer's own booking, as the portal shows it. */
export const portalBookingSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    status: z.enum(PORTAL_STATUSES),
    resourceName: z.string(),
    date: day(),
    startTime: hhmm(),
    endTime: hhmm(),
    /** The event's start and end at the venue's offset. */
    startsAt: instant(),
    endsAt: instant(),
    guests: z.number().int().nullable(),
    eventType: z.string(),
    /** The price, GST included (the stored total once priced). */
    totalCents: cents(),
    currency: z.string(),
    addOns: z.array(z.object({ name: z.string(), quantity: z.number().int(), priceCents: cents() })),
    holdExpiresAt: instant().nullable(),
    source: z.enum(BOOKING_SOURCES),
    /** A request the venue has not confirmed yet (pending, or held): the customer may withdraw it. */
    canCancel: z.boolean(),
    /** What the venue still needs: documents neither verified nor uploaded yet. */
    documentsNeeded: z.array(z.enum(DOCUMENT_KINDS)),
    docs: z.object({ idVerified: z.boolean(), insuranceVerified: z.boolean() }),
    cancellationReason: z.string().nullable(),
    createdAt: instant(),
  })
  .meta({ id: 'PortalBooking' });
export type PortalBooking = z.infer<typeof portalBookingSchema>;

export const portalBookingListSchema = z.object({ bookings: z.array(portalBookingSchema) });

/** POST /api/portal/bookings/{id}/cancel: an optional reason in the customer's words. */
export const portalCancelBody = z.object({ reason: textField(1000, 'Reason').optional() });

/** POST /api/portal/bookings/{id}/changes. */
export const portalChangesBody = z.object({
  message: textField(CUSTOMER_MESSAGE_MAX_LENGTH, 'Your message', CHANGES_EMPTY_MESSAGE).pipe(
    z.string().trim().min(1, CHANGES_EMPTY_MESSAGE),
  ),
});

/** A document uploaded for a booking (ID or insurance); the file is fetched on its own. */
export const bookingDocumentSchema = z
  .object({
    id: z.string(),
    bookingId: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    uploadedAt: instant(),
    verified: z.boolean(),
    verifiedAt: instant().nullable(),
  })
  .meta({ id: 'BookingDocument' });
export type BookingDocument = z.infer<typeof bookingDocumentSchema>;

export const bookingDocumentListSchema = z.object({ documents: z.array(bookingDocumentSchema) });

/** The multipart form of an upload: `kind` and `file` (documented; the service reads the parts). */
export const documentUploadBody = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: DOCUMENT_KIND_MESSAGE }),
  file: z.string().meta({ format: 'binary', description: 'A PDF or an image, at most 10 MB.' }),
});

// --- staff ----------------------------------------------------------------------------------------

/** GET /api/bookings/requests/waiting: the side menu's count of requests waiting for staff. */
export const waitingRequestsSchema = z
  .object({
    /** Pending bookings (requests staff have not acted on). */
    count: z.number().int(),
    /** Of those, the ones sent from the venue's booking page. */
    website: z.number().int(),
  })
  .meta({ id: 'WaitingRequests' });
export type WaitingRequests = z.infer<typeof waitingRequestsSchema>;

/** What a staff member sees of a document: who checked it as well. */
export const staffDocumentSchema = bookingDocumentSchema.extend({ verifiedBy: z.string().nullable() });
export const staffDocumentListSchema = z.object({ documents: z.array(staffDocumentSchema) });

/**
 * The answer to the venue's questions, the agreement and where the request came from, stored
 * with a booking made online and shown to staff on it (`onlineRequest` of a booking).
 */
export const onlineRequestInfoSchema = z
  .object({
    answers: z.array(
      z.object({
        questionId: z.string(),
        /** The question as it read when answered. */
        label: z.string(),
        /** The answer in words ("Yes", "No", the option, the text). */
        answer: z.string(),
      }),
    ),
    agreementVersion: z.number().int(),
    acceptedAt: instant(),
    /** The visitor's address as the gateway saw it. */
    clientAddress: z.string(),
  })
  .meta({ id: 'OnlineRequestInfo' });
export type OnlineRequestInfo = z.infer<typeof onlineRequestInfoSchema>;

export const documentVerifiedSchema = z.object({
  document: staffDocumentSchema,
  docs: z.object({ idVerified: z.boolean(), insuranceVerified: z.boolean() }),
});
