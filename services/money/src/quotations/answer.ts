/**
 * Accept and Decline (decision 33), by the venue's staff or by the customer in the portal (issue
 * 25). Accept takes the quotation to Accepting in one committed conditional update, asks
 * bookings for the confirmed booking with no transaction open, then settles it Accepted (with a
 * frozen snapshot) or back to Sent: of two accepts at once only one reaches bookings, and
 * bookings makes one booking per quotation id. Accept answers the booking's code beside its id.
 */
import {
  bookingFromQuoteAnswerSchema,
  QUOTATION_MESSAGES as M,
  type BookingFromQuote,
  type BookingFromQuoteAnswer,
  type Quotation,
} from '@venue/contracts/money-api';
import {
  callService,
  conflict,
  HttpError,
  inRequestTx,
  InternalCallError,
  type AppContext,
  type Tx,
} from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import { actorOf } from '../shared/http.ts';
import { moneySettings, today } from '../shared/settings.ts';
import { auditQuotation, emailEvent } from './events.ts';
import { effectiveStatus, loadQuotation, toQuotation, type QuotationRow } from './quotation-row.ts';

/** After this long an `Accepting` quotation is taken to be abandoned (bookings' call times out well before). */
const ACCEPT_TAKEOVER_MS = 2 * 60_000;

/**
 * Who answers a quotation (accepts or declines it), and in whose words a refusal is said: the
 * venue's staff, or the customer in the portal (issue 25), who may answer only a quotation sent
 * to them and is never told whose booking took the slot. Accept and Decline are otherwise one
 * code path for both.
 */
export interface Answerer {
  /** The quotation as this caller may answer it (locked when asked); 404 when it is not theirs. */
  load(tx: Tx, id: string, lock: boolean): Promise<QuotationRow>;
  /** Stored as `answered_by`: `customer:<address>`, or the staff member. */
  who: string | null;
  /** `quotation.declined`'s `declinedBy`. */
  side: 'venue' | 'customer';
  expired: string;
  accepting: string;
  badTransition(status: string, to: string): string;
  /** The 409 of a slot taken since the quotation was sent. */
  slotTaken(row: QuotationRow, clash: Extract<BookingFromQuoteAnswer, { outcome: 'conflict' }>): HttpError;
  acceptFailed: string;
}

/** The venue's staff: any quotation of the venue, the clash named with its booking (decision 33). */
export function staffAnswerer(ctx: AppContext, tenantId: string): Answerer {
  return {
    load: (tx, id, lock) => loadQuotation(tx, tenantId, id, lock),
    who: actorOf(ctx),
    side: 'venue',
    expired: M.expired,
    accepting: M.accepting,
    badTransition: M.badTransition,
    slotTaken: (_row, clash) => conflict(M.slotTaken, { conflict: clash.conflict }),
    acceptFailed: M.acceptFailed,
  };
}

/** Sent → Declined (by staff, or by the customer with their reason), with the e-mail event. */
export async function decline(
  tx: Tx,
  ctx: AppContext,
  tenantId: string,
  id: string,
  day: string,
  by: Answerer = staffAnswerer(ctx, tenantId),
  reason: string | null = null,
) {
  const row = await by.load(tx, id, true);
  const status = effectiveStatus(row, day);
  if (status !== 'Sent' || row.status !== 'Sent')
    throw conflict(by.badTransition(status, 'Declined'), { conflict: null });
  await db(tx)
    .updateTable('quotations')
    .set({ status: 'Declined', decline_reason: reason, answered_by: by.who, updated_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', row.id)
    .execute();
  const q = toQuotation(await loadQuotation(tx, tenantId, row.id), day);
  await tx.publish('quotation.declined', emailEvent(q, false, { declinedBy: by.side, reason }), { tenantId });
  await auditQuotation(
    tx,
    ctx,
    'quotation_declined',
    q,
    by.side === 'customer'
      ? `Declined by the customer in the portal${reason ? `: ${reason}` : ''}`
      : undefined,
  );
  return q;
}

/** Accept (see the file's comment): Sent → Accepting → Accepted with one booking, or back to Sent. */
export async function accept(
  ctx: AppContext,
  tenantId: string,
  id: string,
  by: Answerer = staffAnswerer(ctx, tenantId),
): Promise<Quotation> {
  const { row, day } = await inRequestTx(ctx, (tx) => claim(tx, tenantId, id, by));
  const backToSent = (tx: Tx) =>
    db(tx)
      .updateTable('quotations')
      .set({ status: 'Sent', updated_at: NOW })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', 'Accepting')
      .execute();
  let answer;
  try {
    // Safe to repeat: bookings answers the same booking for the same quotation id.
    answer = await callService({
      service: 'bookings',
      method: 'POST',
      path: '/internal/bookings/from-quote',
      body: bookingRequest(tenantId, row),
      response: bookingFromQuoteAnswerSchema,
      idempotent: true,
      retries: 2,
    });
  } catch (err) {
    await inRequestTx(ctx, backToSent);
    // A 4xx from bookings (e.g. the resource is unknown) is the quotation's problem; else bookings is down.
    if (err instanceof InternalCallError && err.status !== undefined && err.status < 500)
      throw conflict(`${by.acceptFailed} (bookings answered ${err.status})`, { conflict: null });
    throw new HttpError(502, by.acceptFailed);
  }
  if (answer.outcome === 'conflict') {
    await inRequestTx(ctx, backToSent);
    throw by.slotTaken(row, answer);
  }
  const booking = answer.booking;
  return inRequestTx(ctx, (tx) => settleAccepted(tx, ctx, tenantId, id, day, by, booking));
}

/** The first step of Accept: the quotation taken to Accepting, in its own committed transaction. */
async function claim(tx: Tx, tenantId: string, id: string, by: Answerer) {
  const settings = await moneySettings(tx, tenantId);
  const day = today(settings);
  const row = await by.load(tx, id, true);
  const status = effectiveStatus(row, day);
  // An accept left half done (the process died between the steps) is taken over after a
  // while: bookings answers the booking it may already have made for this quotation id.
  const abandoned =
    row.status === 'Accepting' && Date.now() - new Date(row.updated_at).getTime() > ACCEPT_TAKEOVER_MS;
  if (row.status === 'Accepting' && !abandoned) throw conflict(by.accepting, { conflict: null });
  if (status === 'Expired') throw conflict(by.expired, { conflict: null });
  if (row.status !== 'Sent' && !abandoned)
    throw conflict(by.badTransition(status, 'Accepted'), { conflict: null });
  await db(tx)
    .updateTable('quotations')
    .set({ status: 'Accepting', updated_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', row.id)
    .where('status', 'in', ['Sent', 'Accepting'])
    .execute();
  return { row, day };
}

/** What bookings makes the confirmed booking from. */
function bookingRequest(tenantId: string, row: QuotationRow): BookingFromQuote {
  return {
    tenantId,
    quotationId: row.id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    eventType: row.event_type,
    resource: row.resource,
    eventDate: row.event_date,
    startTime: row.start_time,
    endTime: row.end_time,
    guestCount: row.guest_count,
    totalCents: Number(row.total_cents),
    depositType: row.deposit_type,
    depositValue: Number(row.deposit_value),
    notes: row.notes,
    taxType: row.tax_type === 'Exclusive' ? 'exclusive' : 'inclusive',
    taxRateBp: row.tax_rate_bp,
  };
}

type MadeBooking = Exclude<BookingFromQuoteAnswer, { outcome: 'conflict' }>['booking'];

/** The last step of Accept: Accepting → Accepted with the booking and the frozen snapshot. */
async function settleAccepted(
  tx: Tx,
  ctx: AppContext,
  tenantId: string,
  id: string,
  day: string,
  by: Answerer,
  booking: MadeBooking,
): Promise<Quotation> {
  const bookingId = booking.id;
  const bookingCode = booking.bookingCode;
  const current = toQuotation(await loadQuotation(tx, tenantId, id, true), day);
  const frozen: Quotation = {
    ...current,
    status: 'Accepted',
    bookingId,
    bookingCode,
    acceptedAt: new Date().toISOString(),
  };
  const moved = await db(tx)
    .updateTable('quotations')
    .set({
      status: 'Accepted',
      booking_id: bookingId,
      booking_code: bookingCode,
      answered_by: by.who,
      accepted_snapshot: JSON.stringify(frozen),
      accepted_at: NOW,
      updated_at: NOW,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'Accepting')
    .executeTakeFirst();
  // The venue's webhooks (decision 60): once, by the request that made it Accepted
  if (moved.numUpdatedRows > 0n)
    await tx.publish(
      'quotation.accepted',
      { ...emailEvent(frozen, false), bookingId, bookingCode, acceptedBy: by.side },
      { tenantId },
    );
  await auditQuotation(
    tx,
    ctx,
    'quotation_accepted',
    frozen,
    `booking ${bookingCode}${by.side === 'customer' ? ' · accepted by the customer in the portal' : ''}`,
  );
  return toQuotation(await loadQuotation(tx, tenantId, id), day);
}
