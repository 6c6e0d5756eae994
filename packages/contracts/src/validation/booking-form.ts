/**
 * The admin booking form's rules (spec 02 §5.1), in the spec's order and with its messages,
 * except the phone rule, which reads numbers by the venue's country (decision 28).
 * The bookings service enforces them; the booking dialog runs the same ones before sending.
 */
import type { Country } from '../settings-values.ts';
import type { FieldProblem } from './field-problem.ts';
import { phoneMessage, toE164 } from './phone.ts';

export interface BookingFormFields {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  eventType: string;
  selectedHall: string;
  bookingDate: string;
  startTime: string;
  endTime: string;
}

export const BOOKING_REQUIRED_FIELDS: ReadonlyArray<readonly [keyof BookingFormFields, string]> = [
  ['customerName', 'customer name'],
  ['customerEmail', 'customer email'],
  ['customerPhone', 'customer phone'],
  ['eventType', 'event type'],
  ['selectedHall', 'selected hall'],
  ['bookingDate', 'booking date'],
  ['startTime', 'start time'],
  ['endTime', 'end time'],
];

/** The longest each text of the form may be; the dialog and the service refuse longer ones. */
export const BOOKING_TEXT_LIMITS = {
  customerName: 200,
  customerEmail: 254,
  customerPhone: 40,
  eventType: 100,
  additionalDescription: 4000,
  notes: 5000,
} as const;
const TEXT_LABELS: Record<keyof typeof BOOKING_TEXT_LIMITS, string> = {
  customerName: 'Customer name',
  customerEmail: 'Customer email',
  customerPhone: 'Customer phone',
  eventType: 'Event type',
  additionalDescription: 'Additional description',
  notes: 'Notes',
};
/** Past these the number is a typo (and would not fit the database's columns). */
export const MAX_GUEST_COUNT = 100_000;
export const MAX_ESTIMATED_PRICE = 10_000_000;

/** The problem of one text field of the form that is too long, with its label. */
export function bookingTextTooLong(
  field: keyof typeof BOOKING_TEXT_LIMITS,
  value: unknown,
): FieldProblem | null {
  const max = BOOKING_TEXT_LIMITS[field];
  return typeof value === 'string' && value.length > max
    ? { path: field, message: `${TEXT_LABELS[field]} is too long (at most ${max} characters).` }
    : null;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day written yyyy-MM-dd (2030-02-30 is not). Year 0000 is refused too: the
 * proleptic calendar PostgreSQL uses has no year 0, so it would fail in the database instead.
 */
export function isValidDate(s: unknown): s is string {
  if (typeof s !== 'string' || !DATE_PATTERN.test(s) || s.startsWith('0000')) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const isValidTime = (s: string) => TIME_PATTERN.test(s);

export interface BookingRuleOptions {
  /** The venue's country: how a phone number without a country code is read. */
  country: Country;
  /** False when an edit leaves the date and times alone, so an old booking can still get its notes fixed. */
  checkPast?: boolean;
  /**
   * False when an edit leaves the phone as stored: a number stored before numbers were read by
   * country (decision 28) that cannot be read now must not stop the booking's other edits.
   */
  checkPhone?: boolean;
}

/**
 * Rules 1–6; the first broken one wins. `today` is the venue's date (yyyy-MM-dd). Rule 7
 * (conflicts) needs the bookings database and is the service's alone.
 */
export function bookingFormProblem(
  input: BookingFormFields,
  today: string,
  options: BookingRuleOptions,
): FieldProblem | null {
  for (const problem of brokenRules(input, today, options)) return problem;
  return null;
}

/**
 * Every field's first broken rule (rules 1–6), so a form can show them all at once beside their
 * fields; in the order of BOOKING_REQUIRED_FIELDS, the form's own order.
 */
export function bookingFormProblems(
  input: BookingFormFields,
  today: string,
  options: BookingRuleOptions,
): FieldProblem[] {
  const byField = new Map<string, FieldProblem>();
  for (const problem of brokenRules(input, today, options))
    if (!byField.has(problem.path)) byField.set(problem.path, problem);
  return BOOKING_REQUIRED_FIELDS.flatMap(([path]) => byField.get(path) ?? []);
}

/**
 * The broken rules in the spec's order (a rule of every field before the next rule). A rule is
 * asked of a field only when the earlier rules let it be read (no e-mail check of an empty box),
 * so the first one yielded is the spec's first broken rule.
 */
function* brokenRules(
  input: BookingFormFields,
  today: string,
  { country, checkPast = true, checkPhone = true }: BookingRuleOptions,
): Generator<FieldProblem> {
  const form = Object.fromEntries(
    BOOKING_REQUIRED_FIELDS.map(([k]) => [k, String(input[k] ?? '').trim()]),
  ) as unknown as BookingFormFields;
  for (const [path, label] of BOOKING_REQUIRED_FIELDS)
    if (!form[path]) yield { path, message: `Please fill in the ${label}` };
  for (const path of ['customerName', 'customerEmail', 'customerPhone', 'eventType'] as const) {
    const tooLong = form[path] ? bookingTextTooLong(path, form[path]) : null;
    if (tooLong) yield tooLong;
  }
  if (form.customerEmail && !EMAIL_PATTERN.test(form.customerEmail))
    yield { path: 'customerEmail', message: 'Please enter a valid email address' };
  if (checkPhone && form.customerPhone && toE164(form.customerPhone, country) === null)
    yield { path: 'customerPhone', message: phoneMessage(country) };
  const date = form.bookingDate && isValidDate(form.bookingDate);
  if (form.bookingDate && !date) yield { path: 'bookingDate', message: 'Please enter a valid booking date' };
  if (date && checkPast && form.bookingDate < today)
    yield { path: 'bookingDate', message: 'Booking date cannot be in the past' };
  const start = form.startTime && isValidTime(form.startTime);
  const end = form.endTime && isValidTime(form.endTime);
  if (form.startTime && !start)
    yield { path: 'startTime', message: 'Please enter valid times in HH:MM format' };
  if (form.endTime && !end) yield { path: 'endTime', message: 'Please enter valid times in HH:MM format' };
  if (start && end && form.endTime <= form.startTime)
    yield { path: 'endTime', message: 'End time must be after start time' };
}

/** Absent means not given at all; the form sends '' or null for an empty box. */
const given = (v: unknown) => v !== undefined && v !== null && v !== '';
/** A number, or the digits the dialog's box holds; `true`, `[]` or `{}` are not (Number() says 1 and 0). */
const numeric = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;

/**
 * The optional fields' limits, checked after rule 6. `capacity` is the hall's; 0 in the
 * catalogue means "not set", not "nobody fits".
 */
export function bookingExtrasProblem(
  input: { guestCount?: unknown; estimatedPrice?: unknown; additionalDescription?: unknown },
  capacity: number,
): FieldProblem | null {
  if (given(input.guestCount)) {
    const n = numeric(input.guestCount);
    if (!Number.isInteger(n) || n < 1)
      return { path: 'guestCount', message: 'Guest count must be a whole number of at least 1' };
    if (capacity > 0 && n > capacity)
      return {
        path: 'guestCount',
        message: `Guest count cannot be more than the hall's capacity of ${capacity}`,
      };
    if (n > MAX_GUEST_COUNT)
      return {
        path: 'guestCount',
        message: `Guest count cannot be more than ${MAX_GUEST_COUNT.toLocaleString('en-AU')}`,
      };
  }
  if (given(input.estimatedPrice)) {
    const n = numeric(input.estimatedPrice);
    if (!Number.isFinite(n) || n < 0)
      return { path: 'estimatedPrice', message: 'Estimated price must be 0 or more' };
    if (n > MAX_ESTIMATED_PRICE)
      return {
        path: 'estimatedPrice',
        message: `Estimated price cannot be more than $${MAX_ESTIMATED_PRICE.toLocaleString('en-AU')}`,
      };
  }
  return bookingTextTooLong('additionalDescription', input.additionalDescription);
}
