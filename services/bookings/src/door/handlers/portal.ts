import { CHANGES_SENT_MESSAGE, PORTAL_CANCEL_ONLY_REQUESTS } from '@venue/contracts/bookings';
import { conflict, operation } from '@venue/service-kit';
import { db, NOW } from '../../db/query.ts';
import type { Deps } from '../../deps.ts';
import { bookingLabel, publishBooking, reload, type BookingRow } from '../../bookings/booking-row.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { dayText, venueToday } from '../../shared/time.ts';
import { transition } from '../../status/transition.ts';
import { bookingCalendar } from '../calendar-file.ts';
import { documentsOf, toDocument, uploadedKinds } from '../documents.ts';
import {
  OVER,
  REQUESTS,
  customerActor,
  customerBooking,
  customerBookings,
  customerOf,
  portalAnswer,
  toPortalBooking,
} from '../portal-bookings.ts';
import { venueContact } from '../venue-door.ts';

/** The customer's bookings at this venue, latest event first. */
export const listPortalBookings = (deps: Deps) =>
  operation('get /api/portal/bookings', { transaction: 'read' }, async ({ ctx, tx }) => {
    const { tenantId } = customerOf(ctx);
    const settings = await tenantSettings(tx, tenantId);
    // bookings_customer_key_idx: one customer's bookings of the tenant, latest event first
    const rows = await customerBookings(tx, ctx)
      .orderBy('b.starts_at', 'desc')
      .orderBy('b.id')
      .limit(500)
      .execute();
    const kinds = await uploadedKinds(
      tx,
      tenantId,
      rows.map((r) => r.id),
    );
    const today = venueToday(deps.now(), settings.timezone);
    return { bookings: rows.map((r) => toPortalBooking(r, settings, kinds.get(r.id), today)) };
  });

/** One of the customer's bookings. */
export const getPortalBooking = (deps: Deps) =>
  operation('get /api/portal/bookings/{id}', { transaction: 'read' }, async ({ ctx, tx, params }) =>
    portalAnswer(tx, ctx, deps, params.id),
  );

/** Withdraw a request the venue has not confirmed. */
export const cancelPortalBooking = (deps: Deps) =>
  operation('post /api/portal/bookings/{id}/cancel', async ({ ctx, tx, params, body }) => {
    const row = await customerBooking(tx, ctx, params.id);
    if (!REQUESTS.includes(row.status)) throw conflict(PORTAL_CANCEL_ONLY_REQUESTS);
    const said = body.reason?.trim();
    // The usual move (conditional on the status read: staff confirming meanwhile wins), so staff
    // lists, the slot, the customer summary and the e-mails follow as when staff cancel.
    await transition(
      ctx,
      deps,
      row.id,
      'cancelled',
      {
        reason: said ? `Cancelled by the customer: ${said}` : 'Cancelled by the customer',
        actor: customerActor(ctx),
        eventExtra: { cancelledBy: 'customer' },
      },
      tx,
    );
    return portalAnswer(tx, ctx, deps, row.id);
  });

/** Ask the venue for changes: a note on the booking, and an e-mail to the venue. */
export const askPortalChanges = (deps: Deps) =>
  operation('post /api/portal/bookings/{id}/changes', async ({ ctx, tx, params, body }) => {
    const { tenantId } = customerOf(ctx);
    const settings = await tenantSettings(tx, tenantId);
    const row = await customerBooking(tx, ctx, params.id);
    if (OVER.includes(row.status))
      throw conflict(
        `This booking is ${row.status}, so changes cannot be asked for here. Please contact the venue.`,
      );
    const text = body.message.trim();
    const note = `Customer asked for changes (${dayText(venueToday(deps.now(), settings.timezone), settings.dateFormat)}): ${text}`;
    const notes = (row.notes.trim() ? `${row.notes.trim()}\n\n${note}` : note).slice(0, 5000);
    // Conditional on the booking still being open: a cancellation committed meanwhile wins.
    const asked = await db(tx)
      .updateTable('bookings')
      .set({ notes, updated_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .where('status', 'not in', OVER as BookingRow['status'][])
      .executeTakeFirst();
    if (asked.numUpdatedRows === 0n) throw conflict('This booking changed meanwhile. Please reload it.');
    const updated = await reload(tx, row.id);
    await tx.audit(ctx, {
      action: 'booking_customer_changes_requested',
      targetType: 'booking',
      target: updated.booking_code,
      targetLabel: bookingLabel(updated),
      additionalInfo: text.slice(0, 500),
      actor: customerActor(ctx),
      tenantId,
    });
    const booking = await publishBooking(tx, 'booking.updated', updated, settings.timezone);
    // comms e-mails the venue the customer's words
    await tx.publish('booking.customer_changes_requested', { ...booking, customerMessage: text });
    return { message: CHANGES_SENT_MESSAGE };
  });

/** The booking as an iCalendar file. */
export const portalCalendarFile = (deps: Deps) =>
  operation(
    'get /api/portal/bookings/{id}/calendar.ics',
    { transaction: 'read' },
    async ({ ctx, tx, params }) => {
      const { tenantId } = customerOf(ctx);
      const row = await customerBooking(tx, ctx, params.id);
      const contact = await venueContact(tx, tenantId);
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.set('content-disposition', `attachment; filename="${row.booking_code}.ics"`);
      ctx.set('cache-control', 'private, no-store');
      ctx.body = bookingCalendar(
        {
          id: row.id,
          code: row.booking_code,
          status: row.status,
          eventType: row.event_type,
          resourceName: row.resource_name,
          venueName: contact.name,
          address: contact.address ?? '',
          startsAt: new Date(row.starts_at),
          endsAt: new Date(row.ends_at),
          updatedAt: new Date(row.updated_at),
        },
        deps.now(),
      );
    },
  );

/** The documents the customer uploaded for a booking. */
export const listPortalDocuments = operation(
  'get /api/portal/bookings/{id}/documents',
  { transaction: 'read' },
  async ({ ctx, tx, params }) => {
    const row = await customerBooking(tx, ctx, params.id);
    return { documents: (await documentsOf(tx, row.tenant_id, row.id)).map(toDocument) };
  },
);
