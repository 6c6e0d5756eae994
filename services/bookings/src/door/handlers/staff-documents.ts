import { notFound, operation } from '@venue/service-kit';
import { findBooking } from '../../bookings/booking-row.ts';
import { documentsOf, sendDocumentFile, staffDocument, verifyDocument } from '../documents.ts';

/** The customer's ID and insurance documents of a booking. */
export const listBookingDocuments = operation(
  'get /api/bookings/{id}/documents',
  { transaction: 'read' },
  async ({ tx, params }) => {
    const booking = await findBooking(tx, params.id);
    if (!booking) throw notFound('Booking not found');
    return { documents: (await documentsOf(tx, booking.tenant_id, booking.id)).map(staffDocument) };
  },
);

/** One document, the file as uploaded. */
export const getBookingDocument = operation(
  'get /api/bookings/{id}/documents/{docId}',
  { transaction: 'read' },
  async ({ ctx, tx, params }) => {
    const booking = await findBooking(tx, params.id);
    if (!booking) throw notFound('Booking not found');
    await sendDocumentFile(ctx, tx, booking.tenant_id, booking.id, params.docId);
  },
);

/** Mark a document checked: the booking's ID or insurance is verified. */
export const verifyBookingDocument = operation(
  'post /api/bookings/{id}/documents/{docId}/verify',
  async ({ ctx, tx, params }) => verifyDocument(ctx, tx, params.id, params.docId),
);
