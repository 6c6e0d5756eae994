import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateBooking, type BookingFormValues } from './validate.ts';

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

test('a complete booking passes', () => {
  assert.equal(validateBooking(valid, 'AU', today), null);
});

test('the spec 5.1 rules apply in order, each with its message', () => {
  // every field wrong at once: the first rule wins, then the next once it is fixed
  const steps: [Partial<BookingFormValues>, string][] = [
    [{ customerName: ' ' }, 'Please fill in the customer name'],
    [{ customerEmail: '' }, 'Please fill in the customer email'],
    [{ endTime: '' }, 'Please fill in the end time'],
    [{ customerEmail: 'ann@' }, 'Please enter a valid email address'],
    [{ customerPhone: '0412' + '1'.repeat(14) }, PHONE],
    [{ customerPhone: '0412 345' }, PHONE],
    [{ bookingDate: '2029-12-31' }, 'Booking date cannot be in the past'],
    [{ startTime: '9:00' }, 'Please enter valid times in HH:MM format'],
    [{ endTime: '24:00' }, 'Please enter valid times in HH:MM format'],
    [{ endTime: '10:00' }, 'End time must be after start time'],
  ];
  for (const [change, message] of steps) {
    assert.equal(validateBooking({ ...valid, ...change }, 'AU', today), message, JSON.stringify(change));
  }
  // earlier rules take precedence over later ones
  assert.equal(
    validateBooking(
      { ...valid, customerEmail: 'bad', bookingDate: '2000-01-01', endTime: '09:00' },
      'AU',
      today,
    ),
    'Please enter a valid email address',
  );
});

test('phone numbers as an Australian venue types them (decision 28)', () => {
  for (const customerPhone of ['0412 345 678', '(02) 9876 5432', '+61 412 345 678', '+44 20 7946 0958'])
    assert.equal(validateBooking({ ...valid, customerPhone }, 'AU', today), null, customerPhone);
  assert.equal(validateBooking({ ...valid, customerPhone: '12345678901234567' }, 'AU', today), PHONE);
  assert.equal(validateBooking({ ...valid, customerPhone: '021 123 4567' }, 'NZ', today), null);
});

test('an edit sending back the stored phone does not check it again', () => {
  const legacy = { ...valid, customerPhone: '1234567890123456' };
  assert.equal(validateBooking(legacy, 'AU', today, '1234567890123456'), null);
  assert.equal(validateBooking(legacy, 'AU', today), PHONE);
});
