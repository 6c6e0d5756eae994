/** The bookings service's calls (docs/api/bookings.md): bookings, holds, calendar and customers. */
import { z } from 'zod';
import { idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import { bookingCreateBody, bookingFormBody } from './booking-body.ts';
import {
  availabilityQuery,
  availabilitySchema,
  bookingDocumentListSchema,
  bookingDocumentSchema,
  documentUploadBody,
  documentVerifiedSchema,
  portalBookingListSchema,
  portalBookingSchema,
  portalCancelBody,
  portalChangesBody,
  publicQuoteBody,
  publicQuoteSchema,
  publicRequestAnswerSchema,
  publicRequestBody,
  slotRefusalSchema,
  staffDocumentListSchema,
  verifyAnswerSchema,
  verifyRequestBody,
  waitingRequestsSchema,
} from './door.ts';
import {
  acceptBody,
  bookingListQuery,
  bookingPageQuery,
  bulkAcceptBody,
  bulkDeclineBody,
  calendarQuery,
  changesBody,
  checkBody,
  customerListQuery,
  declineBody,
  moveBody,
  previewBody,
  searchQuery,
  seriesCheckBody,
  seriesFields,
  statusBody,
} from './requests.ts';
import {
  bookingEnvelopeSchema,
  bookingPageSchema,
  bookingSchema,
  bookingStatsSchema,
  bulkResultSchema,
  calendarDataSchema,
  checkResultSchema,
  confirmPreviewSchema,
  customerDetailSchema,
  customerListSchema,
  holdsExpiringSchema,
  searchHitSchema,
  seriesCheckSchema,
  seriesCreatedSchema,
} from './responses.ts';

const base = { service: 'bookings' } as const;
const bookings = { ...base, tag: 'Bookings', access: 'bookings' } as const;
const customers = { ...base, tag: 'Customers', access: 'customers' } as const;
const ok = (schema: z.ZodType, description = 'OK') => ({ 200: { description, schema } });
const notFound = (what: string) => ({ 404: { description: `No such ${what} in this venue.` } });
const refused = {
  409: { description: 'The booking is not in a state that allows it, or the time is taken.' },
};

// The customer's door (issue 25, decision 56): a venue's visitors and its signed-in customers.
const publicDoor = { ...base, tag: 'Public', access: 'public' } as const;
const portal = { ...base, tag: 'Portal', access: 'customer' } as const;
const slugParams = z.object({
  slug: z.string().meta({ description: "The venue's address on its booking page (`harbourside-hall`)." }),
});
const portalBookingParams = z.object({ id: z.string().meta({ description: 'The booking id (a uuid).' }) });
const documentParams = z.object({
  id: z.string().meta({ description: 'The booking id (a uuid).' }),
  docId: z.string().meta({ description: 'The document id (a uuid).' }),
});
const slotRefused = {
  409: {
    description:
      'The time is taken (a booking, a hold or a block-out, buffers included): `alternatives` offers free starts.',
    schema: slotRefusalSchema,
  },
  422: {
    description:
      'The venue does not take that time: `reason` says which (closed, outside_hours, too_soon, outside_window); `alternatives` offers free starts.',
    schema: slotRefusalSchema,
  },
};
const notYours = { 404: { description: 'No such booking among your bookings at this venue.' } };

export const BOOKING_ROUTES: RouteTable = [
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/hall-owner/{ownerId}',
    summary: 'All bookings of a hall owner (newest first, at most 500)',
    description:
      "The specification's list call. A hall owner and staff name their own venue; the super admin any owner. Takes the list's filters.",
    params: z.object({ ownerId: z.string().meta({ description: "The hall owner's id (the tenant)." }) }),
    query: bookingListQuery,
    responses: {
      ...ok(z.array(bookingSchema)),
      403: { description: 'Another venue.' },
      ...notFound('hall owner'),
    },
    spec: '02 §7; 03 §7 (invoices, deposits)',
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings',
    summary: 'A page of bookings, filtered and sorted on the server',
    description:
      'Page by `page` or follow `nextCursor` with `cursor`. Counted (up to 10,000) on page 1 or with `withTotal=1`.',
    query: bookingPageQuery,
    responses: ok(bookingPageSchema),
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/stats',
    summary: 'Counts and revenue for the list headers',
    responses: ok(bookingStatsSchema),
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/search',
    summary: 'Quick search (Ctrl/Cmd+K): eight latest matches',
    query: searchQuery,
    responses: ok(z.array(searchHitSchema)),
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/export.csv',
    summary: 'The filtered list as CSV',
    query: bookingListQuery,
    responses: { 200: { description: 'CSV file (spec 02 §9 names)', contentType: 'text/csv' } },
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/holds-expiring',
    access: 'dashboard or bookings',
    summary: 'Tentative holds expiring within 48 hours (dashboard widget)',
    responses: ok(holdsExpiringSchema),
    spec: '01 §7 (GET /api/dashboard/holds-expiring)',
  },

  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/check',
    summary: "The form's live check: conflicts, block-outs and the price quote",
    body: checkBody,
    responses: { ...ok(checkResultSchema), ...notFound('resource') },
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/admin',
    summary: 'Create a booking (the admin form)',
    body: bookingCreateBody,
    responses: {
      201: { description: 'Created', schema: bookingEnvelopeSchema },
      409: { description: 'The time is taken (`conflicts`, `blockouts` say by what).' },
    },
    spec: '02 §7',
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/recurring/check',
    summary: 'Every date of a weekly, fortnightly or monthly series, with what holds its time',
    body: seriesCheckBody,
    responses: ok(seriesCheckSchema),
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/recurring',
    summary: 'Book the chosen dates of a series, all or none',
    body: bookingCreateBody.extend(seriesFields),
    responses: {
      201: { description: 'Created', schema: seriesCreatedSchema },
      409: { description: 'A date was taken meanwhile (`collisions`, `dates`); nothing is stored.' },
    },
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/bulk/accept',
    summary: 'Accept several requests as tentative holds',
    body: bulkAcceptBody,
    responses: ok(bulkResultSchema, 'Which succeeded and why the others were refused'),
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/bulk/decline',
    summary: 'Decline several requests',
    body: bulkDeclineBody,
    responses: ok(bulkResultSchema, 'Which succeeded and why the others were refused'),
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/{id}',
    summary: 'One booking',
    params: idParams,
    responses: { ...ok(bookingSchema), ...notFound('booking') },
    spec: '02 §7',
  },
  {
    ...bookings,
    method: 'put',
    path: '/api/bookings/{id}',
    summary: 'Edit a booking (the form; also `payment_details.deposit_paid`)',
    params: idParams,
    body: bookingFormBody,
    responses: { ...ok(bookingEnvelopeSchema), ...notFound('booking'), ...refused },
    spec: '02 §7; 03 §7 (deposits)',
  },
  {
    ...bookings,
    method: 'patch',
    path: '/api/bookings/{id}/move',
    summary: "The calendar's drag: a new day, time or hall",
    params: idParams,
    body: moveBody,
    responses: { ...ok(bookingEnvelopeSchema), ...notFound('booking'), ...refused },
  },
  {
    ...bookings,
    method: 'put',
    path: '/api/bookings/{id}/status',
    summary: 'Move a booking to another status (confirm with payment details, cancel, complete)',
    params: idParams,
    body: statusBody,
    responses: { ...ok(bookingEnvelopeSchema), ...notFound('booking'), ...refused },
    spec: '02 §7',
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/{id}/confirm-preview',
    summary: 'The figures a confirmation would store, without changing anything',
    params: idParams,
    body: previewBody,
    responses: { ...ok(confirmPreviewSchema), ...notFound('booking'), ...refused },
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/{id}/accept',
    summary: 'Accept a request as a tentative hold',
    params: idParams,
    body: acceptBody,
    responses: { ...ok(bookingEnvelopeSchema), ...notFound('booking'), ...refused },
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/{id}/decline',
    summary: 'Decline a request',
    params: idParams,
    body: declineBody,
    responses: { ...ok(bookingEnvelopeSchema), ...notFound('booking'), ...refused },
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/{id}/request-changes',
    summary: 'Ask the customer for changes (e-mail queued)',
    params: idParams,
    body: changesBody,
    responses: { ...ok(bookingEnvelopeSchema), ...notFound('booking'), ...refused },
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/requests/waiting',
    access: 'dashboard or bookings',
    summary: "How many requests wait for staff (the side menu's count)",
    responses: ok(waitingRequestsSchema),
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/{id}/documents',
    summary: "The customer's ID and insurance documents of a booking",
    params: idParams,
    responses: { ...ok(staffDocumentListSchema), ...notFound('booking') },
  },
  {
    ...bookings,
    method: 'get',
    path: '/api/bookings/{id}/documents/{docId}',
    summary: 'One document (the file as uploaded)',
    params: documentParams,
    responses: {
      200: { description: 'The file: a PDF or an image', contentType: 'application/octet-stream' },
      ...notFound('document'),
    },
  },
  {
    ...bookings,
    method: 'post',
    path: '/api/bookings/{id}/documents/{docId}/verify',
    summary: "Mark a document checked: the booking's ID or insurance is verified",
    description:
      "Sets the booking's `docs.idVerified` or `docs.insuranceVerified` (published with booking.updated, so the Dashboard's documents alert clears).",
    params: documentParams,
    responses: { ...ok(documentVerifiedSchema), ...notFound('document') },
  },
  {
    ...base,
    tag: 'Calendar',
    access: 'calendar or bookings',
    method: 'get',
    path: '/api/calendar',
    summary: 'Bookings and block-outs of a window (month grid)',
    query: calendarQuery,
    responses: ok(calendarDataSchema),
  },
  {
    ...customers,
    method: 'get',
    path: '/api/customers',
    summary: 'The customer directory with RFM scores',
    query: customerListQuery,
    responses: ok(customerListSchema),
  },
  {
    ...customers,
    method: 'get',
    path: '/api/customers/{id}',
    summary: "One customer's figures and bookings",
    params: idParams,
    responses: { ...ok(customerDetailSchema), ...notFound('customer') },
  },
  {
    ...customers,
    method: 'get',
    path: '/api/customers/{id}/export.csv',
    summary: "One customer's profile or bookings as CSV",
    params: idParams,
    query: z.object({ part: z.enum(['profile', 'bookings']).optional() }),
    responses: { 200: { description: 'CSV file', contentType: 'text/csv' }, ...notFound('customer') },
  },
  {
    ...customers,
    method: 'get',
    path: '/api/customers/{id}/export.pdf',
    summary: "One customer's data as PDF",
    params: idParams,
    responses: { 200: { description: 'PDF file', contentType: 'application/pdf' }, ...notFound('customer') },
  },
  {
    ...customers,
    method: 'post',
    path: '/api/customers/{id}/anonymise',
    summary: "Erase a customer's personal data (the bookings stay, anonymised)",
    params: idParams,
    responses: { ...ok(customerDetailSchema), ...notFound('customer') },
  },

  // --- the customer's door: a venue's visitors (decision 56) ---------------------------------------
  {
    ...publicDoor,
    method: 'get',
    path: '/api/public/venues/{slug}/availability',
    summary: "A space's free and busy times (at most 62 days)",
    description:
      "Busy intervals only (bookings, holds and block-outs, each widened by its buffers, merged): never whose, why or which status. With the opening hours per day, the first instant a request may start and the last day it may fall on, in the venue's time zone.",
    params: slugParams,
    query: availabilityQuery,
    responses: {
      ...ok(availabilitySchema),
      404: { description: 'The space takes no online requests (or the venue none).' },
    },
  },
  {
    ...publicDoor,
    method: 'post',
    path: '/api/public/venues/{slug}/quote',
    summary: "The server's price of a slot and its add-ons (and of each date of a repeat)",
    params: slugParams,
    body: publicQuoteBody,
    responses: {
      ...ok(publicQuoteSchema),
      404: { description: 'The space takes no online requests.' },
      503: { description: 'The price could not be worked out just now.' },
    },
  },
  {
    ...publicDoor,
    method: 'post',
    path: '/api/public/venues/{slug}/requests',
    summary: 'Send a booking request (and its repeat) to the venue',
    description:
      "Everything is checked again: the space, opening hours, notice, window, buffers, bookings and block-outs, guests, event type, add-ons, the venue's questions, the agreement version and the contact details. From an address not yet verified for the venue (when it verifies): 202 `verify`, nothing held until the e-mailed link is opened. Otherwise 201 `received`: a pending booking with source website, or in the venue's hold mode a 24-hour hold. A filled honeypot (`website`) answers 202 and stores nothing.",
    params: slugParams,
    body: publicRequestBody,
    responses: {
      201: { description: 'The booking(s) are with the venue', schema: publicRequestAnswerSchema },
      202: { description: 'Waiting for the e-mailed link', schema: publicRequestAnswerSchema },
      404: { description: 'The space takes no online requests.' },
      ...slotRefused,
      503: { description: 'The price could not be worked out just now; nothing was sent.' },
    },
  },
  {
    ...publicDoor,
    method: 'post',
    path: '/api/public/venues/{slug}/requests/verify',
    summary: 'Open the e-mailed link: the request becomes a booking (once)',
    description:
      'Spent once: a second click answers the booking the first one made (`already`). The slot is checked again; a time taken meanwhile is a 409 with alternatives.',
    params: slugParams,
    body: verifyRequestBody,
    responses: {
      ...ok(verifyAnswerSchema),
      404: { description: 'The link is unknown or older than 24 hours.' },
      ...slotRefused,
      503: { description: 'The price could not be worked out just now; try the link again.' },
    },
  },

  // --- the customer's door: a venue's signed-in customers (decision 56) ------------------------------
  {
    ...portal,
    method: 'get',
    path: '/api/portal/bookings',
    summary: 'Your bookings at this venue (newest event first)',
    responses: ok(portalBookingListSchema),
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/bookings/{id}',
    summary: 'One of your bookings',
    params: portalBookingParams,
    responses: { ...ok(portalBookingSchema), ...notYours },
  },
  {
    ...portal,
    method: 'post',
    path: '/api/portal/bookings/{id}/cancel',
    summary: 'Withdraw a request the venue has not confirmed',
    description: 'Pending requests and holds only; the venue and the customer are told as when staff cancel.',
    params: portalBookingParams,
    body: portalCancelBody,
    responses: {
      ...ok(portalBookingSchema),
      ...notYours,
      409: { description: 'The booking is confirmed, over or cancelled already.' },
    },
  },
  {
    ...portal,
    method: 'post',
    path: '/api/portal/bookings/{id}/changes',
    summary: 'Ask the venue for changes (a note on the booking, and an e-mail to the venue)',
    params: portalBookingParams,
    body: portalChangesBody,
    responses: {
      ...ok(z.object({ message: z.string() })),
      ...notYours,
      409: { description: 'The booking is cancelled or over.' },
    },
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/bookings/{id}/calendar.ics',
    summary: 'The booking as an iCalendar file (add it to your calendar)',
    params: portalBookingParams,
    responses: { 200: { description: 'iCalendar file', contentType: 'text/calendar' }, ...notYours },
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/bookings/{id}/documents',
    summary: 'The ID and insurance documents you uploaded for a booking',
    params: portalBookingParams,
    responses: { ...ok(bookingDocumentListSchema), ...notYours },
  },
  {
    ...portal,
    method: 'post',
    path: '/api/portal/bookings/{id}/documents',
    summary: 'Upload an ID or insurance document (PDF or image, at most 10 MB)',
    description:
      'Multipart: `kind` (id or insurance) and `file`. The type is read from the content, never the name.',
    params: portalBookingParams,
    body: documentUploadBody,
    bodyType: 'multipart',
    responses: {
      201: { description: 'Uploaded', schema: bookingDocumentSchema },
      ...notYours,
      409: { description: 'The booking is cancelled or over.' },
      413: { description: 'The file is larger than 10 MB.' },
    },
  },
];
