/**
 * The booking dialog's values, the rules they must keep and the body they become (issue 28
 * item 4): react-hook-form holds the values; its resolver, the contract form piece's like every
 * other form's, checks them with the shared rules the service runs (spec 02 §5.1 rules 1–6, the
 * optional fields' limits, the hall's capacity), then parses the body they make with the
 * contract's own schema, the one POST /api/bookings/admin (or the edit's PUT) parses, and hands
 * that parsed body to the submit.
 */
import { contractResolver } from '@venue/ui/contract-form';
import { venueToday } from '@venue/ui/venue-day';
import {
  depositFromInput,
  depositValue,
  formatPhone,
  MAX_SERIES_OCCURRENCES,
  type Country,
} from '@venue/contracts';
import {
  bookingCreateBody,
  bookingFormBody,
  type BookingCreate,
  type BookingEdit,
} from '@venue/contracts/bookings';
import type { Booking } from '../api/types.ts';
import type { ConfirmBody, DepositStart } from '../shared/deposit.ts';
import { bookingFieldErrors, type BookingFormValues } from './validate.ts';
import type { AddOnChoice } from './AddOnsField.tsx';
import { NO_REPEAT, repeatRule, type RepeatValues } from './RecurrenceFields.tsx';

export interface BookingPrefill {
  resourceId?: string;
  bookingDate?: string;
  startTime?: string;
  endTime?: string;
}

/** Everything the dialog holds: the form's boxes as typed, add-ons, the repeat and the deposit. */
export interface BookingDraft extends BookingFormValues {
  addOns: AddOnChoice[];
  /** A new booking's repeat (RecurrenceFields); an edit never repeats. */
  repeat: RepeatValues;
  /** The deposit chosen in the dialog; null while it is the venue's own (Settings → Payments). */
  deposit: DepositStart | null;
}

/** What the rules need beside the values; the resolver reads it at each check (draftResolver). */
export interface DraftContext {
  country: Country;
  /** The venue's time zone: a date before the venue's today is refused, as on the server. */
  timezone: string;
  /** The booking edited, null for a new one. */
  booking: Booking | null;
  /** The chosen hall's capacity, 0 when unknown. */
  capacity: number;
  /** The deposit a confirmation starts from. */
  venueDeposit: DepositStart;
  /** An edit sends add-ons only when they were changed: sending them reprices the booking. */
  addOnsChanged: boolean;
}

/** The body sent: a create's as bookingCreateBody parses it, an edit's as bookingFormBody does. */
export type BookingBody = BookingCreate | BookingEdit;

export function initialDraft(
  country: Country,
  booking?: Booking | null,
  prefill?: BookingPrefill | null,
): BookingDraft {
  const extras = {
    addOns: booking?.addOns?.map((a) => ({ id: a.id, quantity: a.quantity })) ?? [],
    repeat: NO_REPEAT,
    deposit: null,
  };
  if (booking) {
    return {
      customerName: booking.customerName,
      customerEmail: booking.customerEmail,
      // as the venue writes it (0412 345 678); the server stores it back in E.164
      customerPhone: formatPhone(booking.customerPhone, country),
      eventType: booking.eventType,
      selectedHall: booking.resourceId,
      bookingDate: booking.bookingDate,
      startTime: booking.startTime,
      endTime: booking.endTime,
      additionalDescription: booking.additionalDescription ?? '',
      estimatedPrice:
        booking.estimatedPriceCents == null ? '' : (booking.estimatedPriceCents / 100).toFixed(2),
      guestCount: booking.guestCount == null ? '' : String(booking.guestCount),
      status: booking.status,
      ...extras,
    };
  }
  return {
    customerName: '',
    customerEmail: '',
    customerPhone: '',
    eventType: '',
    selectedHall: prefill?.resourceId ?? '',
    bookingDate: prefill?.bookingDate ?? '',
    startTime: prefill?.startTime ?? '',
    endTime: prefill?.endTime ?? '',
    additionalDescription: '',
    estimatedPrice: '',
    guestCount: '',
    status: 'pending',
    ...extras,
  };
}

type Flags = Pick<BookingDraft, 'repeat' | 'status'>;

/** A new booking made as a series. */
export const isRepeating = (d: Flags, booking: Booking | null | undefined) => !booking && d.repeat.enabled;

/**
 * Confirming here (a new booking made confirmed, or an edit that confirms it) takes a deposit. A
 * series is made without one (each date can be given its own when confirmed).
 */
export const isConfirming = (d: Flags, booking: Booking | null | undefined) =>
  d.status === 'confirmed' && booking?.status !== 'confirmed' && !isRepeating(d, booking);

/** The deposit as the dialog shows it: the one chosen, or the venue's. */
export const depositOf = (d: Pick<BookingDraft, 'deposit'>, venueDeposit: DepositStart) =>
  d.deposit ?? venueDeposit;

/**
 * A deposit cannot be sent with the form (the service confirms a new booking without one): the
 * booking is saved unconfirmed, then confirmed with this, as the confirm dialog does.
 */
export function confirmationOf(d: BookingDraft, ctx: DraftContext): Omit<ConfirmBody, 'tax_type'> | null {
  if (!isConfirming(d, ctx.booking)) return null;
  const deposit = depositOf(d, ctx.venueDeposit);
  const choice = depositFromInput(deposit.depositType, deposit.depositValue);
  return choice.ok && choice.deposit.type !== 'None'
    ? { deposit_type: deposit.depositType, deposit_value: depositValue(choice.deposit) }
    : null;
}

/**
 * A phone the booking has that cannot be read now (stored before decision 28) is shown as it is;
 * sent back untouched it is neither checked here nor on the server.
 */
const shownPhone = (ctx: DraftContext) =>
  ctx.booking ? formatPhone(ctx.booking.customerPhone, ctx.country) : undefined;

/** Every field's first broken rule, keyed by the draft's field (issue 24 item 13: all at once). */
export function draftProblems(d: BookingDraft, ctx: DraftContext): Record<string, string> {
  const b = ctx.booking;
  // An edit that keeps the date and times may save an old booking (the server's rule too).
  const keepsSlot =
    b != null && d.bookingDate === b.bookingDate && d.startTime === b.startTime && d.endTime === b.endTime;
  const found: Record<string, string | undefined> = bookingFieldErrors(d, ctx.country, {
    today: keepsSlot ? null : venueToday(ctx.timezone),
    storedPhone: shownPhone(ctx),
    capacity: ctx.capacity,
  });
  if (isConfirming(d, b)) {
    const deposit = depositOf(d, ctx.venueDeposit);
    const choice = depositFromInput(deposit.depositType, deposit.depositValue);
    if (!choice.ok) found.deposit = choice.message;
  }
  if (isRepeating(d, b) && !repeatRule(d.repeat))
    found.repeat =
      d.repeat.end === 'count'
        ? `Choose from 2 to ${MAX_SERIES_OCCURRENCES} times.`
        : 'Choose the last date the booking may repeat on.';
  return Object.fromEntries(Object.entries(found).filter((e): e is [string, string] => Boolean(e[1])));
}

/** The body the draft makes, before the contract's schema parses it. */
function bodyOf(d: BookingDraft, ctx: DraftContext) {
  const b = ctx.booking;
  const phone = d.customerPhone.trim();
  return {
    customerName: d.customerName.trim(),
    customerEmail: d.customerEmail.trim(),
    customerPhone: b && phone === shownPhone(ctx) ? b.customerPhone : phone,
    eventType: d.eventType,
    selectedHall: d.selectedHall,
    resourceId: d.selectedHall,
    bookingDate: d.bookingDate,
    startTime: d.startTime,
    endTime: d.endTime,
    additionalDescription: d.additionalDescription,
    estimatedPrice: d.estimatedPrice.trim() === '' ? null : Number(d.estimatedPrice),
    guestCount: d.guestCount.trim() === '' ? null : Number(d.guestCount),
    // Confirmed with a deposit: saved as it is first, then confirmed (confirmationOf).
    status: confirmationOf(d, ctx) ? (b?.status ?? 'pending') : d.status,
    ...(!b || ctx.addOnsChanged ? { addOns: d.addOns } : {}),
  };
}

/** The server names the hall `resourceId`; its problems are the Resource field's. */
export const DRAFT_FIELDS: Readonly<Record<string, string>> = { resourceId: 'selectedHall' };

/**
 * The draft's resolver: the shared rules on the values as typed first (a body cannot be made of
 * a half-typed phone), then the body they make through the contract's schema (a create's or an
 * edit's), whose output is submitted. `ctx` is read at each check: the hall chosen or the venue's
 * deposit may have changed since the dialog opened.
 */
export function draftResolver(editing: boolean, ctx: () => DraftContext) {
  return contractResolver<BookingDraft, BookingBody>({
    schema: editing ? bookingFormBody : bookingCreateBody,
    screenRules: (d) => draftProblems(d, ctx()),
    toBody: (d) => bodyOf(d, ctx()),
    fieldOf: DRAFT_FIELDS,
  });
}
