import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bookingExtrasProblem,
  bookingFormProblem,
  bookingFormProblems,
  isValidDate,
  type BookingFormFields,
} from './booking-form.ts';
import { bookingFormCases as cases } from '../testing/booking-form.ts';

const valid = cases.valid;
const today = cases.today;
const AU = { country: 'AU' } as const;

test('a complete booking breaks no rule', () => {
  assert.equal(bookingFormProblem(valid, today, AU), null);
});

test('spec 02 §5.1: each rule with its field and message, in order', () => {
  for (const [change, path, message] of cases.rules()) {
    assert.deepEqual(
      bookingFormProblem({ ...valid, ...change }, today, AU),
      { path, message },
      JSON.stringify(change),
    );
  }
  assert.equal(
    bookingFormProblem(
      { ...valid, customerEmail: 'bad', bookingDate: '2000-01-01', endTime: '09:00' },
      today,
      AU,
    )?.message,
    'Please enter a valid email address',
  );
});

test('every field with a broken rule at once, each with its first broken rule, in the form’s order', () => {
  assert.deepEqual(bookingFormProblems(valid, today, AU), []);
  assert.deepEqual(
    bookingFormProblems({ ...valid, ...cases.manyBroken.change }, today, AU),
    cases.manyBroken.problems,
  );
  // An empty form: each field asks to be filled in (not also to be valid).
  const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as unknown as BookingFormFields;
  assert.deepEqual(
    bookingFormProblems(empty, today, AU).map((p) => p.message),
    [
      'Please fill in the customer name',
      'Please fill in the customer email',
      'Please fill in the customer phone',
      'Please fill in the event type',
      'Please fill in the selected hall',
      'Please fill in the booking date',
      'Please fill in the start time',
      'Please fill in the end time',
    ],
  );
  // The spec's first broken rule is still the one the service answers with.
  const broken = { ...valid, customerEmail: 'bad', eventType: '' };
  assert.equal(bookingFormProblem(broken, today, AU)?.path, 'eventType');
  assert.deepEqual(
    bookingFormProblems(broken, today, AU).map((p) => p.path),
    ['customerEmail', 'eventType'],
  );
});

test('the past-date rule is skipped when an edit keeps its slot', () => {
  assert.equal(
    bookingFormProblem({ ...valid, bookingDate: '2020-05-05' }, today, { ...AU, checkPast: false }),
    null,
  );
});

test('phone numbers are read by the venue country: national and international forms (decision 28)', () => {
  const phone = (customerPhone: string, country: 'AU' | 'NZ' = 'AU') =>
    bookingFormProblem({ ...valid, customerPhone }, today, { country })?.message ?? null;
  // What an Australian venue types first (issue 11: the spec's rule refused both).
  for (const customerPhone of cases.auPhones) assert.equal(phone(customerPhone), null, customerPhone);
  assert.equal(phone('021 123 4567', 'NZ'), null);
  assert.equal(phone('1234567890123456'), cases.auPhoneMessage);
  assert.equal(phone('0412 345'), cases.auPhoneMessage);
  assert.equal(phone('12', 'NZ'), 'Enter a phone number such as 021 123 4567 or +64 21 123 4567');
});

test('an edit that keeps a stored phone does not re-check it', () => {
  const legacy = { ...valid, customerPhone: '1234567890123456' };
  assert.equal(bookingFormProblem(legacy, today, { ...AU, checkPhone: false }), null);
  assert.equal(bookingFormProblem(legacy, today, AU)?.path, 'customerPhone');
});

test('dates must be real calendar days', () => {
  assert.ok(isValidDate('2028-02-29'));
  assert.ok(!isValidDate('2027-02-29'));
  assert.ok(!isValidDate('2030-1-10'));
});

test('guest count and estimated price, in order', () => {
  const rows: [
    { guestCount?: unknown; estimatedPrice?: unknown; additionalDescription?: unknown },
    number,
    string | null,
  ][] = [
    [{}, 0, null],
    [{ guestCount: '', estimatedPrice: null }, 10, null],
    [{ guestCount: 0 }, 0, 'Guest count must be a whole number of at least 1'],
    [{ guestCount: '2.5' }, 0, 'Guest count must be a whole number of at least 1'],
    [{ guestCount: 'many' }, 0, 'Guest count must be a whole number of at least 1'],
    [{ guestCount: 101 }, 100, "Guest count cannot be more than the hall's capacity of 100"],
    [{ guestCount: 5000 }, 0, null], // capacity 0: not set
    [{ guestCount: 100 }, 100, null],
    [{ estimatedPrice: -1 }, 0, 'Estimated price must be 0 or more'],
    [{ estimatedPrice: 'abc' }, 0, 'Estimated price must be 0 or more'],
    [{ guestCount: 0, estimatedPrice: -1 }, 0, 'Guest count must be a whole number of at least 1'],
    [{ guestCount: 3, estimatedPrice: 0 }, 0, null],
    // Number(true) is 1 and Number([]) is 0: neither is a count or a price.
    [{ guestCount: true }, 0, 'Guest count must be a whole number of at least 1'],
    [{ estimatedPrice: [] }, 0, 'Estimated price must be 0 or more'],
    [{ estimatedPrice: true }, 0, 'Estimated price must be 0 or more'],
    [{ guestCount: 100_001 }, 0, 'Guest count cannot be more than 100,000'],
    [{ estimatedPrice: 10_000_001 }, 0, 'Estimated price cannot be more than $10,000,000'],
    [
      { additionalDescription: 'x'.repeat(4001) },
      0,
      'Additional description is too long (at most 4000 characters).',
    ],
  ];
  for (const [input, capacity, message] of rows) {
    assert.equal(bookingExtrasProblem(input, capacity)?.message ?? null, message, JSON.stringify(input));
  }
});

test('text fields have a ceiling, and a bad end time names the end time', () => {
  assert.deepEqual(bookingFormProblem({ ...valid, eventType: 'x'.repeat(101) }, today, AU), {
    path: 'eventType',
    message: 'Event type is too long (at most 100 characters).',
  });
  assert.equal(bookingFormProblem({ ...valid, endTime: '24:61' }, today, AU)?.path, 'endTime');
  assert.equal(bookingFormProblem({ ...valid, startTime: '9:00' }, today, AU)?.path, 'startTime');
  assert.ok(!isValidDate('0000-01-01'), 'PostgreSQL has no year 0');
});
