/**
 * The body of the admin booking form's create and edit (spec 02 §5.1): the types of its fields
 * and every rule that needs nothing but the field itself (lengths, ranges, choices). Every field
 * is optional: an edit sends what changes. What a create requires, and rules 1–6 of the form,
 * stay the shared rules' business (validation/booking-form.ts), answered with the spec's
 * messages in the spec's order: two of them need the venue's date and country, and the first
 * broken rule of the six is the one a user is told, so they cannot be split between here and
 * the service.
 */
import { z } from 'zod';
import { oneLineField, textField } from '../api/fields.ts';
import { BOOKING_TEXT_LIMITS, MAX_ESTIMATED_PRICE, MAX_GUEST_COUNT } from '../validation/booking-form.ts';
import { BOOKING_SOURCES, CUSTOMER_TIERS, PRIORITIES } from './values.ts';

/** A bond above a million dollars is a typo; the column is bigint cents. */
const MAX_BOND_CENTS = 100_000_000;
const QUANTITY_MESSAGE = 'Add-on quantity must be a whole number from 1 to 1000.';
const GUEST_COUNT_MESSAGE = 'Guest count must be a whole number of at least 1';
const PRICE_MESSAGE = 'Estimated price must be 0 or more';

/** Text or an empty box (null); the shared rules decide what is required and valid. */
const text = (max: number, label: string) => textField(max, label).nullish();
/** A name, an address, a phone number, an event type: one line (issue 24 item 15). */
const line = (max: number, label: string) => oneLineField(max, label).nullish();
const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` }).optional();
const choice = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}.` }).optional();
const L = BOOKING_TEXT_LIMITS;

export const bookingFormBody = z.object({
  customerName: line(L.customerName, 'Customer name'),
  customerEmail: line(L.customerEmail, 'Customer email'),
  customerPhone: line(L.customerPhone, 'Customer phone'),
  eventType: line(L.eventType, 'Event type'),
  selectedHall: text(64, 'Selected hall'),
  resourceId: text(64, 'Selected hall'),
  // The real calendar and HH:mm are rules 4 and 5, checked in the spec's order by the rules.
  bookingDate: text(20, 'Booking date'),
  startTime: text(10, 'Start time'),
  endTime: text(10, 'End time'),
  additionalDescription: text(L.additionalDescription, 'Additional description'),
  // JSON numbers only, in range, with the messages the dialog's rules give (bookingExtrasProblem);
  // only the hall's capacity needs the service. multipleOf(1), not int(): the document keeps
  // saying "number", as it always did, while a client learns that fractions are refused.
  estimatedPrice: z
    .number({ error: PRICE_MESSAGE })
    .min(0, PRICE_MESSAGE)
    .max(
      MAX_ESTIMATED_PRICE,
      `Estimated price cannot be more than $${MAX_ESTIMATED_PRICE.toLocaleString('en-AU')}`,
    )
    .nullish(),
  guestCount: z
    .number({ error: GUEST_COUNT_MESSAGE })
    .min(1, GUEST_COUNT_MESSAGE)
    .multipleOf(1, GUEST_COUNT_MESSAGE)
    .max(MAX_GUEST_COUNT, `Guest count cannot be more than ${MAX_GUEST_COUNT.toLocaleString('en-AU')}`)
    .nullish(),
  addOns: z
    .array(
      z.object({
        id: textField(64, 'Add-on'),
        quantity: z
          .number({ error: QUANTITY_MESSAGE })
          .int(QUANTITY_MESSAGE)
          .min(1, QUANTITY_MESSAGE)
          .max(1000, QUANTITY_MESSAGE)
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
  customerTier: choice(CUSTOMER_TIERS, 'Customer tier'),
  bookingSource: choice(BOOKING_SOURCES, 'Booking source'),
  quotationId: text(64, 'Quotation'),
  // Fields only staff set.
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
export type BookingFormBody = z.input<typeof bookingFormBody>;
/** An edit's body as the service receives it (PUT /api/bookings/{id}; the move sends part of it). */
export type BookingEdit = z.output<typeof bookingFormBody>;

/** The statuses a booking may be created with (`expired` only ever comes from a hold running out). */
export const CREATABLE_STATUSES = ['pending', 'tentative', 'confirmed', 'completed', 'cancelled'] as const;
export type CreatableStatus = (typeof CREATABLE_STATUSES)[number];
const CREATABLE_MESSAGE = 'Status must be pending, tentative, confirmed, completed or cancelled.';

/**
 * A create's body (POST /api/bookings/admin, a series, and the booking money's accepted
 * quotation makes): the form's, with `status` one of the creatable ones in any case ("Confirmed"
 * is confirmed) and `pending` when absent. An edit's `status` asks for a transition, which the
 * service allows or refuses from the booking's current status, so it keeps the plain text field.
 */
export const bookingCreateBody = bookingFormBody.extend({
  status: textField(20, 'Status')
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(CREATABLE_STATUSES, { error: CREATABLE_MESSAGE }))
    .default('pending'),
});
export type BookingCreate = z.output<typeof bookingCreateBody>;
export type BookingCreateInput = z.input<typeof bookingCreateBody>;
