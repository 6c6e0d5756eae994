/**
 * POST /internal/bookings/from-quote (issue 13, decision 33): money's Accept of a quotation makes
 * one confirmed booking, at the quotation's price and deposit. Idempotent per quotation id: the
 * write takes a transaction lock on the id and answers the booking an earlier call made, so a
 * retried or repeated accept never makes a second one. A slot clash answers outcome `conflict`
 * with the clashing booking (callService hands money no body for a 409; the quotation stays Sent).
 */
import type { Principal } from '@venue/contracts';
import { bookingCreateBody, type BookingCreateInput } from '@venue/contracts/bookings';
import {
  bookingFromQuoteSchema,
  type BookingFromQuote,
  type BookingFromQuoteAnswer,
} from '@venue/contracts/money-api';
import {
  HttpError,
  inRequestTx,
  parseBody,
  requireInternal,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { localResource, resolveResource, usableResource } from '../availability/resources.ts';
import { depositFromInput } from '@venue/contracts/money';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { priceFigures, tenantTerms } from '../status/payment.ts';
import { insertBooking } from '../bookings/booking-write.ts';
import { checkBooking, fitsHall, venueRules } from '../bookings/create-booking.ts';

/** The acting principal of the write (audit: the venue, through its quotation). */
function quotationPrincipal(tenantId: string): Principal {
  return {
    userId: tenantId,
    email: 'quotation-accept',
    name: 'Quotation accepted',
    role: 'hall_owner',
    tenantId,
    parentUserId: null,
    permissions: [],
    tokenVersion: 0,
  };
}

async function existing(
  tx: Tx,
  tenantId: string,
  quotationId: string,
): Promise<BookingFromQuoteAnswer | null> {
  const found = await db(tx)
    .selectFrom('bookings')
    .select(['id', 'booking_code'])
    .where('tenant_id', '=', tenantId)
    .where('quotation_id', '=', quotationId)
    .limit(1)
    .executeTakeFirst();
  return found ? { outcome: 'existing', booking: { id: found.id, bookingCode: found.booking_code } } : null;
}

/**
 * The quotation as the staff form's create body, parsed by the same contract schema, so its
 * fields meet the form's limits with the form's 400s naming the field (e.g. `guestCount` for a
 * quotation of 0 guests, which money's schema allows).
 */
function createBodyOf(q: BookingFromQuote) {
  const input: BookingCreateInput = {
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    customerPhone: q.customerPhone,
    eventType: q.eventType,
    selectedHall: q.resource,
    bookingDate: q.eventDate,
    startTime: q.startTime,
    endTime: q.endTime,
    guestCount: q.guestCount ?? undefined,
    estimatedPrice: q.totalCents / 100,
    additionalDescription: q.notes,
    bookingSource: 'quotation',
    quotationId: q.quotationId,
    status: 'confirmed',
  };
  return parseBody({ request: { body: input }, query: {} }, bookingCreateBody);
}

/** The quotation's price and deposit as the booking's, at the quotation's own tax terms when given. */
function quotedPrice(q: BookingFromQuote, settings: TenantSettings) {
  const choice = depositFromInput(q.depositType, q.depositValue);
  const deposit = choice.ok ? choice.deposit : { type: 'None' as const };
  return {
    cents: q.totalCents,
    details: { override: true, estimatedPriceCents: q.totalCents, quotationId: q.quotationId },
    addOns: [],
    // The quotation's own tax terms when given: the booking's total is the one the customer accepted.
    money: priceFigures(q.totalCents, {
      ...tenantTerms(settings),
      ...(q.taxType ? { taxType: q.taxType } : {}),
      ...(q.taxRateBp !== undefined ? { rateBp: q.taxRateBp } : {}),
      deposit,
    }),
  };
}

/** A slot clash as money reads it (callService hands it no body for a 409): the first clashing booking. */
function conflictAnswer(err: HttpError): BookingFromQuoteAnswer {
  const clash = (
    err.extra?.conflicts as { id: string; bookingCode: string; customer: string }[] | undefined
  )?.[0];
  return {
    outcome: 'conflict',
    message: err.message,
    conflict: clash
      ? { bookingId: clash.id, bookingCode: clash.bookingCode, customerName: clash.customer }
      : null,
  };
}

export function fromQuoteRoute(router: AppRouter, deps: Deps): void {
  router.post('/internal/bookings/from-quote', requireInternal, async (ctx) => {
    const q = parseBody(ctx, bookingFromQuoteSchema);
    ctx.state.principal = quotationPrincipal(q.tenantId);
    const now = deps.now();
    const first = await inRequestTx(ctx, async (tx) => {
      const done = await existing(tx, q.tenantId, q.quotationId);
      if (done) return { done } as const;
      // After the lookup: a repeated accept answers what the first one made, whatever the form says.
      const body = createBodyOf(q);
      const settings = await tenantSettings(tx, q.tenantId);
      const checked = checkBooking(body, {
        ...venueRules(settings, now),
        // The quotation's phone was checked by money's form; a foreign number stays as typed.
        checkPhone: false,
      });
      return { body, settings, checked, known: await localResource(tx, checked.form.selectedHall) } as const;
    });
    if ('done' in first) {
      ctx.body = first.done;
      return;
    }
    const { body, settings, checked } = first;
    const { form } = checked;
    const { resource: found, fetched } = await resolveResource(
      deps.clients,
      q.tenantId,
      form.selectedHall,
      first.known,
    );
    const resource = fitsHall(checked, usableResource(found));
    const priced = quotedPrice(q, settings);
    try {
      ctx.body = await inRequestTx(ctx, async (tx) => {
        // One writer per quotation id: a concurrent call waits here, then finds the booking.
        await db(tx)
          .selectNoFrom((eb) =>
            eb
              .fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`from-quote:${q.quotationId}`)])])
              .as('locked'),
          )
          .execute();
        const done = await existing(tx, q.tenantId, q.quotationId);
        if (done) return done;
        const made = await insertBooking(ctx, tx, {
          tenantId: q.tenantId,
          now,
          body,
          settings,
          form,
          resource,
          fetched,
          extras: checked,
          status: 'confirmed',
          priced,
        });
        const booking = made as unknown as { id: string; bookingCode: string };
        return { outcome: 'created', booking: { id: booking.id, bookingCode: booking.bookingCode } };
      });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 409) throw err;
      ctx.body = conflictAnswer(err);
    }
  });
}
