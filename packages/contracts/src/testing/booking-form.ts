import type { BookingFormFields } from '../validation/booking-form.ts';

/**
 * Spec 02 §5.1's booking form rules as one case table, for the contract's own test and the
 * booking dialog's pre-send check alike: both must answer each broken rule with the same field
 * and message, so the table is written once.
 */

/** A complete booking breaking no rule, on a day after `BOOKING_TODAY`. */
const validBookingForm: BookingFormFields = {
  customerName: 'Ann Lee',
  customerEmail: 'ann@example.com',
  customerPhone: '+61 (2) 9000-1234',
  eventType: 'Wedding',
  selectedHall: 'hall-1',
  bookingDate: '2030-01-10',
  startTime: '10:00',
  endTime: '12:00',
};

/** The venue's day the examples are checked on. */
const BOOKING_TODAY = '2030-01-01';

const AU_PHONE_MESSAGE = 'Enter a phone number such as 0412 345 678 or +61 412 345 678';

/** How an Australian venue types phone numbers (decision 28): all accepted for an AU venue. */
const AU_PHONES = ['0412 345 678', '(02) 9876 5432', '+61 412 345 678', '+44 20 7946 0958'];

/**
 * One change to `validBookingForm` breaking each rule, with the field and message it must get,
 * in the spec's order (each row also breaks no earlier rule, so only its own may answer).
 */
function bookingRuleExamples(): Array<
  [change: Partial<BookingFormFields>, field: keyof BookingFormFields, message: string]
> {
  return [
    [{ customerName: ' ' }, 'customerName', 'Please fill in the customer name'],
    [{ customerEmail: '' }, 'customerEmail', 'Please fill in the customer email'],
    [{ customerPhone: '' }, 'customerPhone', 'Please fill in the customer phone'],
    [{ eventType: '' }, 'eventType', 'Please fill in the event type'],
    [{ selectedHall: '' }, 'selectedHall', 'Please fill in the selected hall'],
    [{ bookingDate: '' }, 'bookingDate', 'Please fill in the booking date'],
    [{ startTime: '' }, 'startTime', 'Please fill in the start time'],
    [{ endTime: '' }, 'endTime', 'Please fill in the end time'],
    [{ customerEmail: 'ann@' }, 'customerEmail', 'Please enter a valid email address'],
    [{ customerPhone: '0412 345' }, 'customerPhone', AU_PHONE_MESSAGE],
    [{ bookingDate: '2030-02-30' }, 'bookingDate', 'Please enter a valid booking date'],
    [{ bookingDate: '2029-12-31' }, 'bookingDate', 'Booking date cannot be in the past'],
    [{ startTime: '9:00' }, 'startTime', 'Please enter valid times in HH:MM format'],
    [{ endTime: '24:00' }, 'endTime', 'Please enter valid times in HH:MM format'],
    [{ endTime: '10:00' }, 'endTime', 'End time must be after start time'],
  ];
}

/** Several fields broken at once, and each one's first broken rule in the form's order. */
const manyBrokenFields = {
  change: { customerName: ' ', customerEmail: 'bad', bookingDate: '2000-01-01', endTime: '09:00' },
  problems: [
    { path: 'customerName', message: 'Please fill in the customer name' },
    { path: 'customerEmail', message: 'Please enter a valid email address' },
    { path: 'bookingDate', message: 'Booking date cannot be in the past' },
    { path: 'endTime', message: 'End time must be after start time' },
  ],
} satisfies { change: Partial<BookingFormFields>; problems: Array<{ path: string; message: string }> };

/** The cases, as one name for the tests to import. */
export const bookingFormCases = {
  valid: validBookingForm,
  today: BOOKING_TODAY,
  auPhones: AU_PHONES,
  auPhoneMessage: AU_PHONE_MESSAGE,
  rules: bookingRuleExamples,
  manyBroken: manyBrokenFields,
};
