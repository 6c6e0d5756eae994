/** The admin booking form's checks (spec 02 §5.1), in the spec's order, with its messages. */
import { badRequest } from '@venue/service-kit';
import { toCents } from '../status/payment.ts';

export interface BookingForm {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  eventType: string;
  selectedHall: string;
  bookingDate: string;
  startTime: string;
  endTime: string;
}

const REQUIRED: Array<[keyof BookingForm, string]> = [
  ['customerName', 'customer name'],
  ['customerEmail', 'customer email'],
  ['customerPhone', 'customer phone'],
  ['eventType', 'event type'],
  ['selectedHall', 'selected hall'],
  ['bookingDate', 'booking date'],
  ['startTime', 'start time'],
  ['endTime', 'end time'],
];

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function fail(path: string, message: string): never {
  throw badRequest(message, { errors: [{ path, message }] });
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function isValidDate(s: string): boolean {
  if (!DATE_PATTERN.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const isValidTime = (s: string) => TIME_PATTERN.test(s);

/**
 * Rules 1–6. `today` is the venue's date; `checkPast` is false when an edit leaves the date
 * and times alone (an old booking can still get its notes fixed). Rule 7 (conflicts) needs
 * the database and runs after.
 */
export function validateBookingForm(
  input: Record<string, unknown>,
  today: string,
  checkPast = true,
): BookingForm {
  const form = Object.fromEntries(REQUIRED.map(([k]) => [k, text(input[k])])) as unknown as BookingForm;
  if (!form.selectedHall) form.selectedHall = text(input.resourceId);
  for (const [key, label] of REQUIRED) if (!form[key]) fail(key, `Please fill in the ${label}`);
  if (!EMAIL_PATTERN.test(form.customerEmail)) fail('customerEmail', 'Please enter a valid email address');
  if (!PHONE_PATTERN.test(form.customerPhone.replace(/[\s\-()]/g, '')))
    fail('customerPhone', 'Please enter a valid phone number');
  if (!isValidDate(form.bookingDate)) fail('bookingDate', 'Please enter a valid booking date');
  if (checkPast && form.bookingDate < today) fail('bookingDate', 'Booking date cannot be in the past');
  if (!isValidTime(form.startTime) || !isValidTime(form.endTime))
    fail('startTime', 'Please enter valid times in HH:MM format');
  if (form.endTime <= form.startTime) fail('endTime', 'End time must be after start time');
  return form;
}

/** Field-level constraints of the form (after rule 6, before the conflict check). */
export function validateExtras(input: Record<string, unknown>, capacity: number) {
  let guestCount: number | null = null;
  if (input.guestCount !== undefined && input.guestCount !== null && input.guestCount !== '') {
    const n = Number(input.guestCount);
    if (!Number.isInteger(n) || n < 1) fail('guestCount', 'Guest count must be a whole number of at least 1');
    // capacity 0 in the catalogue means "not set", not "nobody fits"
    if (capacity > 0 && n > capacity)
      fail('guestCount', `Guest count cannot be more than the hall's capacity of ${capacity}`);
    guestCount = n;
  }
  let estimatedPriceCents: number | null = null;
  if (input.estimatedPrice !== undefined && input.estimatedPrice !== null && input.estimatedPrice !== '') {
    const n = Number(input.estimatedPrice);
    if (!Number.isFinite(n) || n < 0) fail('estimatedPrice', 'Estimated price must be 0 or more');
    estimatedPriceCents = toCents(n);
  }
  return { guestCount, estimatedPriceCents };
}
