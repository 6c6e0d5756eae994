import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bookingFormCases as cases } from '@venue/contracts/testing';
import { bookingFieldErrors, type BookingFormValues } from './validate.ts';

const valid: BookingFormValues = {
  ...cases.valid,
  additionalDescription: '',
  estimatedPrice: '',
  guestCount: '',
  status: 'pending',
};
const today = cases.today;
const PHONE = cases.auPhoneMessage;
const errors = (change: Partial<BookingFormValues>, country: 'AU' | 'NZ' = 'AU', storedPhone?: string) =>
  bookingFieldErrors({ ...valid, ...change }, country, { today, storedPhone, capacity: 100 });

test('a complete booking passes', () => {
  assert.deepEqual(errors({}), {});
});

test('each spec 5.1 rule with its message, on its field', () => {
  // the service's rules, as the contract's own test checks them
  for (const [change, field, message] of cases.rules())
    assert.deepEqual(errors(change), { [field]: message }, JSON.stringify(change));
  // and the dialog's own: the optional fields' limits, a phone too long to be one
  const rows: [Partial<BookingFormValues>, keyof BookingFormValues, string][] = [
    [{ customerPhone: '0412' + '1'.repeat(14) }, 'customerPhone', PHONE],
    [{ guestCount: '0' }, 'guestCount', 'Guest count must be a whole number of at least 1'],
    [{ guestCount: '101' }, 'guestCount', "Guest count cannot be more than the hall's capacity of 100"],
    [{ estimatedPrice: '-1' }, 'estimatedPrice', 'Estimated price must be 0 or more'],
  ];
  for (const [change, field, message] of rows)
    assert.deepEqual(errors(change), { [field]: message }, JSON.stringify(change));
});

test('every broken field at once, each with its own message', () => {
  const fromRules = Object.fromEntries(cases.manyBroken.problems.map((p) => [p.path, p.message]));
  assert.deepEqual(errors({ ...cases.manyBroken.change, guestCount: '0', estimatedPrice: '-5' }), {
    ...fromRules,
    guestCount: 'Guest count must be a whole number of at least 1',
    estimatedPrice: 'Estimated price must be 0 or more',
  });
});

test('phone numbers as an Australian venue types them (decision 28)', () => {
  for (const customerPhone of cases.auPhones) assert.deepEqual(errors({ customerPhone }), {}, customerPhone);
  assert.deepEqual(errors({ customerPhone: '12345678901234567' }), { customerPhone: PHONE });
  assert.deepEqual(errors({ customerPhone: '021 123 4567' }, 'NZ'), {});
});

test('an edit sending back the stored phone does not check it again, nor the past date when it keeps its slot', () => {
  const legacy = { customerPhone: '1234567890123456' };
  assert.deepEqual(errors(legacy, 'AU', '1234567890123456'), {});
  assert.deepEqual(errors(legacy), { customerPhone: PHONE });
  assert.deepEqual(bookingFieldErrors({ ...valid, bookingDate: '2020-05-05' }, 'AU', { today: null }), {});
});
