/**
 * The customer portal's calls about bookings (issue 25, decision 56): a signed-in customer of one
 * venue (`requireCustomer`: the gateway checked the customer token and the session) sees and acts
 * on their own bookings only. Every query states the tenant and the customer's address, and runs
 * in a customer transaction, where the restrictive policy on bookings and documents (migration
 * 021) holds the same condition: a bug in one query cannot show another customer's row. Another
 * customer's booking, or one of another venue, is a 404 like an unknown id.
 */
import {
  CHANGES_SENT_MESSAGE,
  DOCUMENTS_CLOSED_MESSAGE,
  PORTAL_CANCEL_ONLY_REQUESTS,
  portalCancelBody,
  portalChangesBody,
  type DocumentKind,
  type PortalBooking,
} from '@venue/contracts/bookings';
import {
  conflict,
  notFound,
  parseBody,
  requireCustomer,
  withCustomerTx,
  withRead,
  type AppContext,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import {
  bookingLabel,
  publishBooking,
  reload,
  selectBookings,
  toBooking,
  type BookingRow,
} from '../bookings/booking-row.ts';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { transition } from '../status/transition.ts';
import { isUuid } from '../shared/request.ts';
import { dayText, venueIso, venueToday } from '../shared/time.ts';
import { totalCentsOf } from '../status/payment.ts';
import { bookingCalendar } from './calendar-file.ts';
import {
  assertOpenForDocuments,
  documentsOf,
  parseDocumentUpload,
  storeDocument,
  toDocument,
  uploadedDocument,
  uploadedKinds,
} from './documents.ts';
import { venueContact } from './venue-door.ts';

const NOT_YOURS = 'No such booking among your bookings here.';
const REQUESTS = ['pending', 'tentative'];
const OVER = ['cancelled', 'expired', 'completed'];

const customerOf = (ctx: AppContext) => ctx.state.customer!;

/** The customer's bookings of the venue: tenant and address stated, as the policy repeats them. */
function customerBookings(tx: Tx, ctx: AppContext) {
  const { tenantId, email } = customerOf(ctx);
  return (
    selectBookings(tx)
      .where('b.tenant_id', '=', tenantId)
      // the stored lower-cased address (migration 022), not lower(customer_email): lower() is not
      // leakproof, so under row-level security it is never an index condition
      .where('b.customer_email_key', '=', email)
  );
}

/** One of the customer's bookings, or 404 (an unknown id, another customer's, another venue's). */
async function customerBooking(tx: Tx, ctx: AppContext, id: string): Promise<BookingRow> {
  if (!isUuid(id)) throw notFound(NOT_YOURS);
  const row = await customerBookings(tx, ctx).where('b.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_YOURS);
  return row;
}

/** What the venue still needs of an upcoming booking: kinds neither verified nor uploaded yet. */
function documentsNeeded(r: BookingRow, uploaded: Set<string> | undefined, today: string): DocumentKind[] {
  if (OVER.includes(r.status) || r.booking_date < today) return [];
  const needed: DocumentKind[] = [];
  if (!r.docs?.idVerified && !uploaded?.has('id')) needed.push('id');
  if (!r.docs?.insuranceVerified && !uploaded?.has('insurance')) needed.push('insurance');
  return needed;
}

export function toPortalBooking(
  r: BookingRow,
  settings: TenantSettings,
  uploaded: Set<string> | undefined,
  today: string,
): PortalBooking {
  return {
    id: r.id,
    code: r.booking_code,
    status: r.status,
    resourceName: r.resource_name,
    date: r.booking_date,
    startTime: r.start_time,
    endTime: r.end_time,
    startsAt: venueIso(new Date(r.starts_at), settings.timezone),
    endsAt: venueIso(new Date(r.ends_at), settings.timezone),
    guests: r.guest_count,
    eventType: r.event_type,
    totalCents: totalCentsOf(r),
    currency: settings.currency,
    addOns: (r.add_ons ?? []).map((a) => ({ name: a.name, quantity: a.quantity, priceCents: a.priceCents })),
    holdExpiresAt: r.hold_expires_at === null ? null : new Date(r.hold_expires_at).toISOString(),
    source: r.booking_source,
    canCancel: REQUESTS.includes(r.status),
    documentsNeeded: documentsNeeded(r, uploaded, today),
    docs: { idVerified: Boolean(r.docs?.idVerified), insuranceVerified: Boolean(r.docs?.insuranceVerified) },
    cancellationReason: r.cancellation_reason,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** One booking as the portal answers it, read again in the caller's transaction. */
async function portalAnswer(tx: Tx, ctx: AppContext, deps: Deps, id: string): Promise<PortalBooking> {
  const { tenantId } = customerOf(ctx);
  const settings = await tenantSettings(tx, tenantId);
  const row = await customerBooking(tx, ctx, id);
  const kinds = await uploadedKinds(tx, tenantId, [row.id]);
  return toPortalBooking(row, settings, kinds.get(row.id), venueToday(deps.now(), settings.timezone));
}

/** The portal's audit actor: the customer by address. */
const customerActor = (ctx: AppContext) => ({ id: null, email: customerOf(ctx).email, role: 'customer' });

export function portalRoutes(router: AppRouter, deps: Deps): void {
  const read = [requireCustomer, withRead] as const;
  const write = [requireCustomer, withCustomerTx] as const;

  router.get('/api/portal/bookings', ...read, async (ctx) => {
    const tx = ctx.state.tx;
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
    ctx.body = { bookings: rows.map((r) => toPortalBooking(r, settings, kinds.get(r.id), today)) };
  });

  router.get('/api/portal/bookings/:id', ...read, async (ctx) => {
    ctx.body = await portalAnswer(ctx.state.tx, ctx, deps, ctx.params.id!);
  });

  router.post('/api/portal/bookings/:id/cancel', ...write, async (ctx) => {
    const { reason } = parseBody(ctx, portalCancelBody);
    const tx = ctx.state.tx;
    const row = await customerBooking(tx, ctx, ctx.params.id!);
    if (!REQUESTS.includes(row.status)) throw conflict(PORTAL_CANCEL_ONLY_REQUESTS);
    const said = reason?.trim();
    // The usual move (conditional on the status read: staff confirming meanwhile wins), so staff
    // lists, the slot, the customer summary and the e-mails follow as when staff cancel.
    await transition(ctx, deps, row.id, 'cancelled', {
      reason: said ? `Cancelled by the customer: ${said}` : 'Cancelled by the customer',
      actor: customerActor(ctx),
      eventExtra: { cancelledBy: 'customer' },
    });
    ctx.body = await portalAnswer(tx, ctx, deps, row.id);
  });

  router.post('/api/portal/bookings/:id/changes', ...write, async (ctx) => {
    const { message } = parseBody(ctx, portalChangesBody);
    const tx = ctx.state.tx;
    const { tenantId } = customerOf(ctx);
    const settings = await tenantSettings(tx, tenantId);
    const row = await customerBooking(tx, ctx, ctx.params.id!);
    if (OVER.includes(row.status))
      throw conflict(
        `This booking is ${row.status}, so changes cannot be asked for here. Please contact the venue.`,
      );
    const text = message.trim();
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
    ctx.body = { message: CHANGES_SENT_MESSAGE };
  });

  router.get('/api/portal/bookings/:id/calendar.ics', ...read, async (ctx) => {
    const tx = ctx.state.tx;
    const { tenantId } = customerOf(ctx);
    const row = await customerBooking(tx, ctx, ctx.params.id!);
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
  });

  router.get('/api/portal/bookings/:id/documents', ...read, async (ctx) => {
    const tx = ctx.state.tx;
    const row = await customerBooking(tx, ctx, ctx.params.id!);
    ctx.body = { documents: (await documentsOf(tx, row.tenant_id, row.id)).map(toDocument) };
  });

  router.post(
    '/api/portal/bookings/:id/documents',
    requireCustomer,
    parseDocumentUpload,
    withCustomerTx,
    async (ctx) => {
      const tx = ctx.state.tx;
      const row = await customerBooking(tx, ctx, ctx.params.id!);
      assertOpenForDocuments(row.status, DOCUMENTS_CLOSED_MESSAGE);
      const upload = await uploadedDocument(ctx);
      const doc = await storeDocument(tx, row.tenant_id, row, upload);
      await tx.audit(ctx, {
        action: 'booking_document_uploaded',
        targetType: 'booking',
        target: row.booking_code,
        targetLabel: bookingLabel(row),
        additionalInfo: `${upload.kind === 'id' ? 'ID' : 'Insurance'}: ${doc.fileName}`,
        actor: customerActor(ctx),
        tenantId: row.tenant_id,
      });
      // The venue's webhooks (decision 60): admin sends it to the systems subscribed to it
      const { timezone } = await tenantSettings(tx, row.tenant_id);
      await tx.publish('booking.document_uploaded', { document: doc, booking: toBooking(row, timezone) });
      ctx.status = 201;
      ctx.body = doc;
    },
  );
}
