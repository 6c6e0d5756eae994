/**
 * POST /api/bookings/admin: the body as the contract parsed it (bookingCreateBody: types, lengths,
 * ranges, the status), the one check that needs the venue (checkBooking, fitsHall), then one
 * audited insert (booking-write.ts). The catalogue is asked between two transactions, never
 * inside one (no connection waits on it).
 */
import {
  bookingFormProblem,
  toE164,
  toCents,
  type BookingFormFields,
  type BookingRuleOptions,
} from '@venue/contracts';
import type { BookingCreate, BookingEdit } from '@venue/contracts/bookings';
import { answerInTx, badRequest, inRequestRead, inRequestTx, type AppContext } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { localResource, resolveResource, usableResource } from '../availability/resources.ts';
import type { CatalogueResource } from '../remote/clients.ts';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { pricingTerms } from '../status/payment.ts';
import { tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { insertBooking } from './booking-write.ts';
import { priceBooking, type AddOnRequest } from './pricing.ts';

export async function createBooking(ctx: AppContext, deps: Deps, body: BookingCreate) {
  const tenantId = tenantOf(ctx);
  const now = deps.now();
  // 1. A short read: the venue's settings (503 without bookings' copy), rules 1–6 on the venue's
  //    date and, when bookings knows the resource, its capacity. Rule 7 (the time is free) is
  //    the write's: checking it here too cost every create a second search of the resource's
  //    slots so that the rare clash could skip one catalogue call.
  //    The two reads leave together, in one round trip: the hall is the body's own.
  const first = await inRequestRead(ctx, async (tx) => {
    const [settings, known] = await Promise.all([
      tenantSettings(tx, tenantId),
      localResource(tx, hallOf(body)),
    ]);
    const checked = checkBooking(body, venueRules(settings, now));
    if (known) fitsHall(checked, usableResource(known));
    return { settings, checked, known };
  });
  const { settings, checked } = first;
  // 2. The catalogue, with no transaction open: a resource bookings has no copy of yet, the quote.
  const { resource: found, fetched } = await resolveResource(
    deps.clients,
    tenantId,
    checked.form.selectedHall,
    first.known,
  );
  const resource = fitsHall(checked, usableResource(found));
  // The race test holds requests here (availability/race.test.ts): past the application's
  // check, before the write transaction, where only the exclusion constraint decides.
  const priced = await priceBooking(
    deps.clients,
    tenantId,
    checked.form,
    checked.estimatedPriceCents,
    checked.addOns ?? [],
    pricingTerms(settings),
  );
  // 3. The write, checked again: another booking may have taken the time meanwhile. Its answer
  //    is set in the transaction, so a keyed create's answer commits with the booking.
  return inRequestTx(ctx, async (tx) => {
    const booking = await insertBooking(ctx, tx, {
      tenantId,
      now,
      body,
      settings,
      form: checked.form,
      resource,
      fetched,
      extras: checked,
      status: body.status,
      priced,
    });
    await answerInTx(ctx, tx, 201, { booking });
    return booking;
  });
}

/** The booking form's eight fields as stored: trimmed, the phone in E.164. */
export type BookingForm = BookingFormFields;

/** The fields of a body the form's rules read: a create's, or an edit's merged over the booking. */
export type FormFields = Pick<
  BookingEdit,
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'eventType'
  | 'selectedHall'
  | 'resourceId'
  | 'bookingDate'
  | 'startTime'
  | 'endTime'
  | 'guestCount'
  | 'estimatedPrice'
  | 'addOns'
  | 'addOnIds'
>;

/** The venue's side of the rules: its date (yyyy-MM-dd), its country, and which rules an edit asks. */
export interface VenueRules extends BookingRuleOptions {
  today: string;
}

export const venueRules = (settings: TenantSettings, now: Date): VenueRules => ({
  today: venueToday(now, settings.timezone),
  country: settings.country,
});

/** What the rules make of a body: the form to store, the guests, the price override, the add-ons. */
export interface CheckedBooking {
  form: BookingForm;
  guestCount: number | null;
  estimatedPriceCents: number | null;
  /** Undefined when the body names no add-ons (an edit then keeps the booking's). */
  addOns: AddOnRequest[] | undefined;
}

function fail(path: string, message: string): never {
  throw badRequest(message, { errors: [{ path, message }] });
}

const text = (v: string | null | undefined) => v?.trim() ?? '';

/** The hall a body names: `resourceId` is the API's other name for it (the calendar's move sends it). */
const hallOf = (body: Pick<FormFields, 'selectedHall' | 'resourceId'>) =>
  text(body.selectedHall) || text(body.resourceId);

/**
 * The one check of a parsed body that the schema cannot make: the spec's rules 1–6 (shared with
 * the booking dialog, in the spec's order, the first broken one answered as a 400 naming its
 * field), which need the venue's date and country from bookings' settings copy. Everything a
 * field can say alone (types, lengths, ranges, the status) the contract's schema said already.
 */
export function checkBooking(body: FormFields, rules: VenueRules): CheckedBooking {
  const form: BookingForm = {
    customerName: text(body.customerName),
    customerEmail: text(body.customerEmail),
    customerPhone: text(body.customerPhone),
    eventType: text(body.eventType),
    selectedHall: hallOf(body),
    bookingDate: text(body.bookingDate),
    startTime: text(body.startTime),
    endTime: text(body.endTime),
  };
  const problem = bookingFormProblem(form, rules.today, rules);
  if (problem) fail(problem.path, problem.message);
  if (rules.checkPhone !== false) form.customerPhone = toE164(form.customerPhone, rules.country)!;
  return {
    form,
    guestCount: body.guestCount ?? null,
    estimatedPriceCents: body.estimatedPrice == null ? null : toCents(body.estimatedPrice),
    addOns:
      body.addOns?.map((a) => ({ id: a.id, quantity: a.quantity ?? 1 })) ??
      body.addOnIds?.map((id) => ({ id, quantity: 1 })),
  };
}

/**
 * The check's second half, once the hall is known (from bookings' copy, or the catalogue with
 * no transaction open): the guests fit it. A capacity of 0 in the catalogue means "not set".
 */
export function fitsHall<R extends Pick<CatalogueResource, 'capacity'>>(checked: CheckedBooking, hall: R): R {
  const { guestCount } = checked;
  if (guestCount !== null && hall.capacity > 0 && guestCount > hall.capacity)
    fail('guestCount', `Guest count cannot be more than the hall's capacity of ${hall.capacity}`);
  return hall;
}
