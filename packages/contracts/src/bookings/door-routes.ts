/** The customer's door to bookings (issue 25, decision 56): a venue's visitors and its signed-in customers. */
import { z } from 'zod';
import type { RouteTable } from '../api/route-table.ts';
import {
  availabilityQuery,
  availabilitySchema,
  bookingDocumentListSchema,
  bookingDocumentSchema,
  documentUploadBody,
  portalBookingListSchema,
  portalBookingSchema,
  portalCancelBody,
  portalChangesBody,
  publicQuoteBody,
  publicQuoteSchema,
  publicRequestAnswerSchema,
  publicRequestBody,
  verifyAnswerSchema,
  verifyRequestBody,
} from './door.ts';
import {
  notYours,
  ok,
  portal,
  portalBookingParams,
  publicDoor,
  slotRefused,
  slugParams,
} from './route-parts.ts';

/** A venue's visitors: availability, a quote, a booking request and its e-mail check. */
export const PUBLIC_DOOR_ROUTES = [
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
] as const satisfies RouteTable;

/** A venue's signed-in customers: their bookings, cancelling, changes, calendar file and documents. */
export const PORTAL_ROUTES = [
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
] as const satisfies RouteTable;
