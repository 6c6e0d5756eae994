/**
 * The customer's door (issue 25, decision 56): the booking page's visitors (handlers/public.ts),
 * the portal's signed-in customers (handlers/portal.ts), and staff's side of it: the side menu's
 * count of requests waiting and the documents customers upload. Booking Requests and All list
 * the website's requests like any pending booking (the `source=website` filter of the lists).
 */
import { inRequestTx, requireCustomer, type AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { serveBookingOperations } from '../shared/operations.ts';
import { parseDocumentUpload } from './documents.ts';
import {
  askPortalChanges,
  cancelPortalBooking,
  getPortalBooking,
  listPortalBookings,
  listPortalDocuments,
  portalCalendarFile,
} from './handlers/portal.ts';
import { publicAvailability, publicQuote, publicRequest, verifyPublicRequest } from './handlers/public.ts';
import {
  getBookingDocument,
  listBookingDocuments,
  verifyBookingDocument,
} from './handlers/staff-documents.ts';
import { waitingRequests } from './handlers/waiting.ts';
import { uploadDocument } from './portal-bookings.ts';

export function publicRoutes(router: AppRouter, deps: Deps): void {
  serveBookingOperations(router, [
    publicAvailability(deps),
    publicQuote(deps),
    publicRequest(deps),
    verifyPublicRequest(deps),
  ]);
}

export function portalRoutes(router: AppRouter, deps: Deps): void {
  serveBookingOperations(router, [
    listPortalBookings(deps),
    getPortalBooking(deps),
    cancelPortalBooking(deps),
    askPortalChanges(deps),
    portalCalendarFile(deps),
    listPortalDocuments,
  ]);
  // The upload stays written by hand: its multipart body is read after the caller is known (so
  // nobody anonymous makes us buffer 10 MB), and its file part is multer's, not the table's JSON.
  router.post('/api/portal/bookings/:id/documents', requireCustomer, parseDocumentUpload, async (ctx) => {
    const doc = await inRequestTx(ctx, (tx) => uploadDocument(ctx, tx, ctx.params.id!));
    ctx.status = 201;
    ctx.body = doc;
  });
}

/** Staff's side; registered before the /api/bookings/{id}… routes. */
export function staffDoorRoutes(router: AppRouter): void {
  serveBookingOperations(router, [
    waitingRequests,
    listBookingDocuments,
    getBookingDocument,
    verifyBookingDocument,
  ]);
}
