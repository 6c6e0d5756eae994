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

test('a complete booking passes', () => {
  assert.equal(validateBooking(valid, today), null);
});

test('the spec 5.1 rules apply in order, each with its message', () => {
  // every field wrong at once: the first rule wins, then the next once it is fixed
  const steps: [Partial<BookingFormValues>, string][] = [
    [{ customerName: ' ' }, 'Please fill in the customer name'],
    [{ customerEmail: '' }, 'Please fill in the customer email'],
    [{ endTime: '' }, 'Please fill in the end time'],
    [{ customerEmail: 'ann@' }, 'Please enter a valid email address'],
    [{ customerPhone: '0412' + '1'.repeat(14) }, 'Please enter a valid phone number'],
    [{ customerPhone: '0412 345 678' }, 'Please enter a valid phone number'],
    [{ bookingDate: '2029-12-31' }, 'Booking date cannot be in the past'],
    [{ startTime: '9:00' }, 'Please enter valid times in HH:MM format'],
    [{ endTime: '24:00' }, 'Please enter valid times in HH:MM format'],
    [{ endTime: '10:00' }, 'End time must be after start time'],
  ];
  for (const [change, message] of steps) {
    assert.equal(validateBooking({ ...valid, ...change }, today), message, JSON.stringify(change));
  }
  // earlier rules take precedence over later ones
  assert.equal(
    validateBooking({ ...valid, customerEmail: 'bad', bookingDate: '2000-01-01', endTime: '09:00' }, today),
    'Please enter a valid email address',
  );
});

test('phone numbers: optional plus, first digit 1–9, at most 16 digits', () => {
  assert.equal(validateBooking({ ...valid, customerPhone: '+61 412 345 678' }, today), null);
  assert.equal(validateBooking({ ...valid, customerPhone: '1234567890123456' }, today), null);
  assert.equal(
    validateBooking({ ...valid, customerPhone: '12345678901234567' }, today),
    'Please enter a valid phone number',
  );
});
