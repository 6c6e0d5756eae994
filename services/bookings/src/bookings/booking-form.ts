/** The admin booking form (spec 02 §5.1): the body's types, then the shared rules, answered as 400s. */
import type { z } from 'zod';
import {
  BOOKING_REQUIRED_FIELDS,
  EMAIL_PATTERN,
  bookingExtrasProblem,
  bookingFormProblem,
  isValidDate,
  isValidTime,
  toE164,
  type BookingFormFields,
  type BookingRuleOptions,
} from '@venue/contracts';
import type { bookingFormBody } from '@venue/contracts/bookings';
import { badRequest } from '@venue/service-kit';
import { toCents } from '../status/payment.ts';

export type BookingForm = BookingFormFields;
export { EMAIL_PATTERN, isValidDate, isValidTime };

/**
 * The body of a create or an edit is the API contract's (contracts bookings/booking-body.ts):
 * every field optional, since an edit sends what changes and a create's required fields are the
 * shared rules' business, with the spec's messages.
 */
export { BOOKING_SOURCES, bookingFormBody as bookingBody } from '@venue/contracts/bookings';
export type BookingBody = z.output<typeof bookingFormBody>;

function fail(path: string, message: string): never {
  throw badRequest(message, { errors: [{ path, message }] });
}

const asText = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Rules 1–6 (shared with the booking dialog). `today` is the venue's date; `checkPast` is
 * false when an edit leaves the date and times alone, `checkPhone` when it leaves the phone as
 * stored. Rule 7 (conflicts) needs the database and runs after. The phone comes back in E.164,
 * read by the venue's country (decision 28), which is how bookings and customers store it.
 */
export function validateBookingForm(
  input: Record<string, unknown>,
  today: string,
  rules: BookingRuleOptions,
): BookingForm {
  const form = Object.fromEntries(
    BOOKING_REQUIRED_FIELDS.map(([k]) => [k, asText(input[k])]),
  ) as unknown as BookingForm;
  if (!form.selectedHall) form.selectedHall = asText(input.resourceId);
  const problem = bookingFormProblem(form, today, rules);
  if (problem) fail(problem.path, problem.message);
  if (rules.checkPhone !== false) form.customerPhone = toE164(form.customerPhone, rules.country)!;
  return form;
}

/** Field-level constraints of the form (after rule 6, before the conflict check). */
export function validateExtras(input: Record<string, unknown>, capacity: number) {
  const problem = bookingExtrasProblem(input, capacity);
  if (problem) fail(problem.path, problem.message);
  const given = (v: unknown) => typeof v === 'number';
  return {
    guestCount: given(input.guestCount) ? (input.guestCount as number) : null,
    estimatedPriceCents: given(input.estimatedPrice) ? toCents(input.estimatedPrice as number) : null,
  };
}
