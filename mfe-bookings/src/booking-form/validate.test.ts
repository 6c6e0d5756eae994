import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bookingFieldErrors, type BookingFormValues } from './validate.ts';

const valid: BookingFormValues = {
  customerName: 'Ann Lee',
  customerEmail: 'ann@example.com',
  customerPhone: '+61 (2) 9000-1234',
  eventType: 'Wedding',
  selectedHall: 'hall-1',
  bookingDate: '2030-01-10',
  startTime: '10:00',
  endTime: '12:00',
  additionalDescription: '',
  estimatedPrice: '',
  guestCount: '',
  status: 'pending',
};
const today = '2030-01-01';
const PHONE = 'Enter a phone number such as 0412 345 678 or +61 412 345 678';
const errors = (change: Partial<BookingFormValues>, country: 'AU' | 'NZ' = 'AU', storedPhone?: string) =>
  bookingFieldErrors({ ...valid, ...change }, country, { today, storedPhone, capacity: 100 });

test('a complete booking passes', () => {
  assert.deepEqual(errors({}), {});
});

test('each spec 5.1 rule with its message, on its field', () => {
  const rows: [Partial<BookingFormValues>, keyof BookingFormValues, string][] = [
    [{ customerName: ' ' }, 'customerName', 'Please fill in the customer name'],
    [{ customerEmail: '' }, 'customerEmail', 'Please fill in the customer email'],
    [{ endTime: '' }, 'endTime', 'Please fill in the end time'],
    [{ customerEmail: 'ann@' }, 'customerEmail', 'Please enter a valid email address'],
    [{ customerPhone: '0412' + '1'.repeat(14) }, 'customerPhone', PHONE],
    [{ customerPhone: '0412 345' }, 'customerPhone', PHONE],
    [{ bookingDate: '2029-12-31' }, 'bookingDate', 'Booking date cannot be in the past'],
    [{ startTime: '9:00' }, 'startTime', 'Please enter valid times in HH:MM format'],
    [{ endTime: '24:00' }, 'endTime', 'Please enter valid times in HH:MM format'],
    [{ endTime: '10:00' }, 'endTime', 'End time must be after start time'],
    [{ guestCount: '0' }, 'guestCount', 'Guest count must be a whole number of at least 1'],
    [{ guestCount: '101' }, 'guestCount', "Guest count cannot be more than the hall's capacity of 100"],
    [{ estimatedPrice: '-1' }, 'estimatedPrice', 'Estimated price must be 0 or more'],
  ];
  for (const [change, field, message] of rows)
    assert.deepEqual(errors(change), { [field]: message }, JSON.stringify(change));
});

test('every broken field at once, each with its own message', () => {
  assert.deepEqual(
    errors({
      customerName: '',
      customerEmail: 'bad',
      bookingDate: '2000-01-01',
      endTime: '09:00',
      guestCount: '0',
      estimatedPrice: '-5',
    }),
    {
      customerName: 'Please fill in the customer name',
      customerEmail: 'Please enter a valid email address',
      bookingDate: 'Booking date cannot be in the past',
      endTime: 'End time must be after start time',
      guestCount: 'Guest count must be a whole number of at least 1',
      estimatedPrice: 'Estimated price must be 0 or more',
    },
  );
});

test('phone numbers as an Australian venue types them (decision 28)', () => {
  for (const customerPhone of ['0412 345 678', '(02) 9876 5432', '+61 412 345 678', '+44 20 7946 0958'])
    assert.deepEqual(errors({ customerPhone }), {}, customerPhone);
  assert.deepEqual(errors({ customerPhone: '12345678901234567' }), { customerPhone: PHONE });
  assert.deepEqual(errors({ customerPhone: '021 123 4567' }, 'NZ'), {});
});

test('an edit sending back the stored phone does not check it again, nor the past date when it keeps its slot', () => {
  const legacy = { customerPhone: '1234567890123456' };
  assert.deepEqual(errors(legacy, 'AU', '1234567890123456'), {});
  assert.deepEqual(errors(legacy), { customerPhone: PHONE });
  assert.deepEqual(bookingFieldErrors({ ...valid, bookingDate: '2020-05-05' }, 'AU', { today: null }), {});
});
