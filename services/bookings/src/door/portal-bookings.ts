/**
 * The customer portal's bookings (issue 25, decision 56; the calls are in handlers/portal.ts): a
 * signed-in customer of one venue (`requireCustomer`: the gateway checked the customer token and the session) sees and acts
 * on their own bookings only. Every query states the tenant and the customer's address, and runs
 * in a customer transaction, where the restrictive policy on bookings and documents (migration
 * 021) holds the same condition: a bug in one query cannot show another customer's row. Another
 * customer's booking, or one of another venue, is a 404 like an unknown id.
 */
import { DOCUMENTS_CLOSED_MESSAGE, type DocumentKind, type PortalBooking } from '@venue/contracts/bookings';
import { notFound, type AppContext, type Tx } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { bookingLabel, selectBookings, toBooking, type BookingRow } from '../bookings/booking-row.ts';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { isUuid } from '../shared/request.ts';
import { venueIso, venueToday } from '../shared/time.ts';
import { totalCentsOf } from '../status/payment.ts';
import { assertOpenForDocuments, storeDocument, uploadedDocument, uploadedKinds } from './documents.ts';

const NOT_YOURS = 'No such booking among your bookings here.';
export const REQUESTS = ['pending', 'tentative'];
export const OVER = ['cancelled', 'expired', 'completed'];

export const customerOf = (ctx: AppContext) => ctx.state.customer!;

/** The customer's bookings of the venue: tenant and address stated, as the policy repeats them. */
export function customerBookings(tx: Tx, ctx: AppContext) {
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
export async function customerBooking(tx: Tx, ctx: AppContext, id: string): Promise<BookingRow> {
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
export async function portalAnswer(tx: Tx, ctx: AppContext, deps: Deps, id: string): Promise<PortalBooking> {
  const { tenantId } = customerOf(ctx);
  const settings = await tenantSettings(tx, tenantId);
  const row = await customerBooking(tx, ctx, id);
  const kinds = await uploadedKinds(tx, tenantId, [row.id]);
  return toPortalBooking(row, settings, kinds.get(row.id), venueToday(deps.now(), settings.timezone));
}

/** The portal's audit actor: the customer by address. */
export const customerActor = (ctx: AppContext) => ({
  id: null,
  email: customerOf(ctx).email,
  role: 'customer',
});

/**
 * Stores the customer's upload (read by `parseDocumentUpload` before): 409 once the booking is
 * over; published for the venue's webhooks (decision 60), which admin sends.
 */
export async function uploadDocument(ctx: AppContext, tx: Tx, id: string) {
  const row = await customerBooking(tx, ctx, id);
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
  const { timezone } = await tenantSettings(tx, row.tenant_id);
  await tx.publish('booking.document_uploaded', { document: doc, booking: toBooking(row, timezone) });
  return doc;
}
