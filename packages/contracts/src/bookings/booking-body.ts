/**
 * The body of the admin booking form's create and edit (spec 02 §5.1): the types of its fields.
 * Every field is optional: an edit sends what changes, and what a create requires, and which
 * values are valid, is the shared rules' business (validation/booking-form.ts), answered with
 * the spec's messages.
 */
import { z } from 'zod';
import { oneLineField, textField } from '../api/fields.ts';
import { BOOKING_TEXT_LIMITS, MAX_ESTIMATED_PRICE, MAX_GUEST_COUNT } from '../validation/booking-form.ts';
import { BOOKING_SOURCES, CUSTOMER_TIERS, PRIORITIES } from './values.ts';

/** A bond above a million dollars is a typo; the column is bigint cents. */
const MAX_BOND_CENTS = 100_000_000;
const QUANTITY_MESSAGE = 'Add-on quantity must be a whole number from 1 to 1000.';

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
