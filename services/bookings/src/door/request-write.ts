/**
 * A checked request becomes booking(s), or waits for its e-mail (issue 25, decision 56).
 *
 * - From an address the venue has verified (or when it verifies none): the free dates are
 *   booked at once, `pending` with source `website`, or in the venue's hold mode `tentative`
 *   with a 24-hour hold, each by the staff create's own insert (so the exclusion constraint
 *   decides between two customers at once), and `booking.request_received` is published once.
 * - Otherwise the request is stored in `online_requests` (nothing held), with the SHA-256 of a
 *   single-use token whose plaintext rides only on `booking.request_verification_requested`
 *   (comms e-mails it). Opening the link (`verify`) checks the request again and books it, once:
 *   the request's row is locked and its outcome recorded in the same transaction, so a second
 *   click, at once or later, answers what the first one did.
 *
 * Here the booking; the stored request, its link and the verified addresses are in
 * request-verify.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  HOLD_RECEIVED_MESSAGE,
  ONLINE_HOLD_HOURS,
  CUSTOMER_TIERS,
  REQUEST_RECEIVED_MESSAGE,
  type MadeBooking,
  type PublicOccurrence,
  type PublicRequest,
  type PublicRequestAnswer,
} from '@venue/contracts/bookings';
import { HttpError, inRequestTx, type AppContext, type Tx } from '@venue/service-kit';
import type { Booking } from '@venue/contracts/bookings';
import { db } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { upsertResource } from '../availability/resources.ts';
import { insertBooking } from '../bookings/booking-write.ts';
import { alternativesFor } from './alternatives.ts';
import { checkRequest, slotRefused, type CheckedRequest } from './request-check.ts';
import { TAKEN_MESSAGE } from './venue-door.ts';

/** Where a request came from, as the gateway signed it. */
export interface RequestMeta {
  slug: string;
  clientAddress: string;
  /** When the visitor accepted the agreement (the request's time). */
  acceptedAt: Date;
  requestId: string | null;
}

const made = (b: Booking): MadeBooking => ({
  code: b.bookingCode,
  date: b.bookingDate,
  startTime: b.startTime,
  endTime: b.endTime,
  resourceName: b.resourceName,
});

/** Whether the venue has seen this address open one of its links. */
export async function isVerified(tx: Tx, tenantId: string, email: string): Promise<boolean> {
  const row = await db(tx)
    .selectFrom('verified_emails')
    .select('email')
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The booking(s) of a checked request, in the caller's write transaction. A date taken since the
 * check makes the insert answer 409 (the constraint's word): the caller checks again.
 */
async function writeBookings(ctx: AppContext, tx: Tx, checked: CheckedRequest, meta: RequestMeta, now: Date) {
  const { door, resource, form } = checked;
  const tenantId = door.tenantId;
  for (const r of checked.fetched) await upsertResource(tx, tenantId, r);
  // A returning customer keeps the tier staff gave them (the insert would set the default).
  const known = await db(tx)
    .selectFrom('customers')
    .select('tier')
    .where('tenant_id', '=', tenantId)
    .where('email_key', '=', form.customerEmail.trim().toLowerCase())
    .executeTakeFirst();
  // The column is text: a tier no longer offered leaves the insert's default.
  const customerTier = CUSTOMER_TIERS.find((t) => t === known?.tier);
  const hold = door.online.mode === 'hold';
  const seriesId = checked.dates.length > 1 ? randomUUID() : undefined;
  const actor = { id: null, email: form.customerEmail.trim().toLowerCase(), role: 'customer' };
  const bookings: Booking[] = [];
  for (const [i, date] of checked.dates.entries()) {
    bookings.push(
      await insertBooking(ctx, tx, {
        tenantId,
        now,
        body: {
          bookingSource: 'website',
          additionalDescription: checked.notes,
          ...(customerTier ? { customerTier } : {}),
        },
        settings: door.settings,
        form: { ...form, bookingDate: date },
        resource,
        fetched: [],
        extras: { guestCount: checked.guests, estimatedPriceCents: null },
        status: hold ? 'tentative' : 'pending',
        priced: checked.prices[i]!,
        seriesId,
        holdHours: hold ? ONLINE_HOLD_HOURS : undefined,
        online: {
          answers: checked.answers,
          agreementVersion: checked.agreementVersion,
          acceptedAt: meta.acceptedAt,
          clientAddress: meta.clientAddress,
          requestId: meta.requestId,
        },
        actor,
      }),
    );
  }
  const first = bookings[0]!;
  await tx.publish('booking.request_received', {
    ...first,
    source: 'website',
    hold,
    slug: meta.slug,
    bookings: bookings.map((b) => ({
      id: b.id,
      bookingCode: b.bookingCode,
      bookingDate: b.bookingDate,
      startTime: b.startTime,
      endTime: b.endTime,
    })),
  });
  return { bookings, hold };
}

export interface Booked {
  bookings: Booking[];
  hold: boolean;
  skipped: PublicOccurrence[];
}

/**
 * Checks the request and books it, checking again once when a date was taken between the check
 * and the write (the constraint's 409): the picked date then refuses with alternatives, a later
 * one is skipped. `beforeWrite` and `afterWrite` run in the write transaction around the
 * bookings (verification locks its request first and records its outcome after).
 */
export async function checkAndBook(
  ctx: AppContext,
  deps: Deps,
  tenantId: string,
  body: PublicRequest,
  meta: RequestMeta,
  opts: {
    agreementChecked?: boolean;
    beforeWrite?: (tx: Tx) => Promise<void>;
    afterWrite?: (tx: Tx, booked: Booked) => Promise<void>;
  } = {},
): Promise<Booked> {
  for (let attempt = 0; ; attempt++) {
    const now = deps.now();
    const checked = await checkRequest(ctx, deps, tenantId, body, {
      now,
      agreementChecked: opts.agreementChecked,
    });
    try {
      return await inRequestTx(ctx, async (tx) => {
        await opts.beforeWrite?.(tx);
        const written = await writeBookings(ctx, tx, checked, meta, now);
        const booked = { ...written, skipped: checked.skipped };
        await opts.afterWrite?.(tx, booked);
        return booked;
      });
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
      // Never the constraint's own 409 to a visitor (it names whose booking holds the time).
      if (attempt === 0) continue;
      const slot = { date: body.date, startTime: body.startTime, endTime: body.endTime };
      const alternatives = await inRequestTx(ctx, (tx) =>
        alternativesFor(tx, checked.door, checked.resource, slot, deps.now()),
      );
      throw slotRefused('taken', TAKEN_MESSAGE, alternatives);
    }
  }
}

/** The answer of a request that booked. */
export function receivedAnswer(booked: Booked): Extract<PublicRequestAnswer, { status: 'received' }> {
  const holdExpiresAt = booked.hold ? (booked.bookings[0]?.holdExpiresAt ?? null) : null;
  return {
    status: 'received',
    message: booked.hold ? HOLD_RECEIVED_MESSAGE : REQUEST_RECEIVED_MESSAGE,
    hold: booked.hold,
    holdExpiresAt,
    bookings: booked.bookings.map(made),
    skipped: booked.skipped,
  };
}
