/** The admin booking form (spec 02 §5.1): the body's types, then the shared rules, answered as 400s. */
import { z } from 'zod';
import {
  BOOKING_REQUIRED_FIELDS,
  BOOKING_TEXT_LIMITS,
  EMAIL_PATTERN,
  MAX_ESTIMATED_PRICE,
  MAX_GUEST_COUNT,
  bookingExtrasProblem,
  bookingFormProblem,
  isValidDate,
  isValidTime,
  toE164,
  type BookingFormFields,
  type BookingRuleOptions,
} from '@venue/contracts';
import { badRequest, textField } from '@venue/service-kit';
import { toCents } from '../status/payment.ts';
import { PRIORITIES, TIERS } from './staff-fields.ts';

export type BookingForm = BookingFormFields;
export { EMAIL_PATTERN, isValidDate, isValidTime };

export const BOOKING_SOURCES = ['website', 'admin', 'quotation'] as const;
/** A bond above a million dollars is a typo; the column is bigint cents. */
const MAX_BOND_CENTS = 100_000_000;

/** Text or an empty box (null); the shared rules below decide what is required and valid. */
const text = (max: number, label: string) => textField(max, label).nullish();
const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` }).optional();
const choice = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}.` }).optional();
const L = BOOKING_TEXT_LIMITS;

/**
 * The body of a create or an edit (every field optional: an edit sends what changes, and a
 * create's required fields are the shared rules' business, with the spec's messages).
 */
export const bookingBody = z.object({
  customerName: text(L.customerName, 'Customer name'),
  customerEmail: text(L.customerEmail, 'Customer email'),
  customerPhone: text(L.customerPhone, 'Customer phone'),
  eventType: text(L.eventType, 'Event type'),
  selectedHall: text(64, 'Selected hall'),
  resourceId: text(64, 'Selected hall'),
  // The real calendar and HH:mm are rules 4 and 5, checked in the spec's order below.
  bookingDate: text(20, 'Booking date'),
  startTime: text(10, 'Start time'),
  endTime: text(10, 'End time'),
  additionalDescription: text(L.additionalDescription, 'Additional description'),
  // JSON numbers only; the ranges (and their messages) are the shared rules'.
  estimatedPrice: z
    .number({ error: 'Estimated price must be 0 or more' })
    .max(
      MAX_ESTIMATED_PRICE,
      `Estimated price cannot be more than $${MAX_ESTIMATED_PRICE.toLocaleString('en-AU')}`,
    )
    .nullish(),
  guestCount: z
    .number({ error: 'Guest count must be a whole number of at least 1' })
    .max(MAX_GUEST_COUNT, `Guest count cannot be more than ${MAX_GUEST_COUNT.toLocaleString('en-AU')}`)
    .nullish(),
  addOns: z
    .array(
      z.object({
        id: textField(64, 'Add-on'),
        quantity: z
          .number({ error: 'Add-on quantity must be a whole number from 1 to 1000.' })
          .int('Add-on quantity must be a whole number from 1 to 1000.')
          .min(1, 'Add-on quantity must be a whole number from 1 to 1000.')
          .max(1000, 'Add-on quantity must be a whole number from 1 to 1000.')
          .optional(),
      }),
      { error: 'Add-ons must be a list.' },
    )
    .max(100, 'At most 100 add-ons.')
    .optional(),
  addOnIds: z
    .array(textField(64, 'Add-on'), { error: 'Add-ons must be a list.' })
    .max(100, 'At most 100 add-ons.')
    .optional(),
  status: textField(20, 'Status').optional(),
  customerTier: choice(TIERS, 'Customer tier'),
  bookingSource: choice(BOOKING_SOURCES, 'Booking source'),
  quotationId: text(64, 'Quotation'),
  // Staff fields (staff-fields.ts).
  priority: choice(PRIORITIES, 'Priority'),
  notes: textField(L.notes, 'Notes').optional(),
  bondRequired: flag('Bond required'),
  bondCents: z
    .number({ error: 'Bond must be 0 or more' })
    .int('Bond must be 0 or more')
    .min(0, 'Bond must be 0 or more')
    .max(MAX_BOND_CENTS, 'Bond is too large')
    .optional(),
  bondPaid: flag('Bond paid'),
  docs: z
    .object(
      { idVerified: flag('ID verified'), insuranceVerified: flag('Insurance verified') },
      { error: 'Documents must be an object.' },
    )
    .optional(),
  payment_details: z
    .object({ deposit_paid: flag('Deposit paid') }, { error: 'Payment details must be an object.' })
    .optional(),
});
export type BookingBody = z.output<typeof bookingBody>;

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
