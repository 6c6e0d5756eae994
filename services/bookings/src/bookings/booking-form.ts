/** The admin booking form (spec 02 §5.1): the shared rules, answered as 400s. */
import {
  BOOKING_REQUIRED_FIELDS,
  EMAIL_PATTERN,
  bookingExtrasProblem,
  bookingFormProblem,
  isValidDate,
  isValidTime,
  type BookingFormFields,
} from '@venue/contracts';
import { badRequest } from '@venue/service-kit';
import { toCents } from '../status/payment.ts';

export type BookingForm = BookingFormFields;
export { EMAIL_PATTERN, isValidDate, isValidTime };

function fail(path: string, message: string): never {
  throw badRequest(message, { errors: [{ path, message }] });
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * Rules 1–6 (shared with the booking dialog). `today` is the venue's date; `checkPast` is
 * false when an edit leaves the date and times alone. Rule 7 (conflicts) needs the database
 * and runs after.
 */
export function validateBookingForm(
  input: Record<string, unknown>,
  today: string,
  checkPast = true,
): BookingForm {
  const form = Object.fromEntries(
    BOOKING_REQUIRED_FIELDS.map(([k]) => [k, text(input[k])]),
  ) as unknown as BookingForm;
  if (!form.selectedHall) form.selectedHall = text(input.resourceId);
  const problem = bookingFormProblem(form, today, checkPast);
  if (problem) fail(problem.path, problem.message);
  return form;
}

/** Field-level constraints of the form (after rule 6, before the conflict check). */
export function validateExtras(input: Record<string, unknown>, capacity: number) {
  const problem = bookingExtrasProblem(input, capacity);
  if (problem) fail(problem.path, problem.message);
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  return {
    guestCount: given(input.guestCount) ? Number(input.guestCount) : null,
    estimatedPriceCents: given(input.estimatedPrice) ? toCents(Number(input.estimatedPrice)) : null,
  };
}
