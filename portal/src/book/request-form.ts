/**
 * The request form's values, its rules and the bodies it sends, without React, so the rules
 * are tested on their own. The rules repeat the server's for comfort (the bookings service
 * decides, decision 56): every field's message at once, in the form's order.
 */
import { EMAIL_PATTERN, isValidDate, MAX_SERIES_OCCURRENCES, phoneMessage, toE164 } from '@venue/contracts';
import type { Country } from '@venue/contracts';
import {
  AGREEMENT_NOT_ACCEPTED_MESSAGE,
  ANSWER_REQUIRED_MESSAGE,
  NOTES_MAX_LENGTH,
} from '@venue/contracts/bookings';
import { ApiError, fieldErrorsOf } from '@venue/ui/light';
import type { Alternative, PublicResource, Question, QuoteRequest, RequestBody } from '../api/types.ts';
import { toMinutes } from '../lib/dates.ts';

export interface RequestFormValues {
  resourceId: string;
  date: string;
  startTime: string;
  endTime: string;
  guests: string;
  eventType: string;
  addOns: string[];
  repeat: boolean;
  frequency: 'weekly' | 'fortnightly' | 'monthly';
  count: string;
  /** By question id: the text, the choice, or 'yes' / 'no'. */
  answers: Record<string, string>;
  name: string;
  email: string;
  phone: string;
  notes: string;
  accepted: boolean;
  /** The honeypot (hidden from people). */
  website: string;
}

export type FormErrors = Partial<Record<string, string>>;

export const NOTES_MAX = NOTES_MAX_LENGTH;

export interface RuleContext {
  today: string;
  lastDate: string;
  country: Country;
  resource: PublicResource | undefined;
  questions: Question[];
}

/** Every field's first broken rule, keyed by field (a question by `answers.<id>`), in form order. */
export function formProblems(v: RequestFormValues, ctx: RuleContext): FormErrors {
  const errors: FormErrors = {};
  if (!ctx.resource) errors.resourceId = 'Choose a space.';
  if (!v.date) errors.date = 'Choose a date.';
  else if (!isValidDate(v.date)) errors.date = 'Enter a real date.';
  else if (v.date < ctx.today) errors.date = 'Choose a date from today on.';
  else if (v.date > ctx.lastDate)
    errors.date = 'That date is further ahead than the venue takes requests for.';
  if (!v.startTime) errors.startTime = 'Choose a start time.';
  if (!v.endTime) errors.endTime = 'Choose an end time.';
  else if (v.startTime && toMinutes(v.endTime) <= toMinutes(v.startTime))
    errors.endTime = 'End time must be after start time.';
  const guests = v.guests.trim();
  if (!guests) errors.guests = 'Enter how many guests.';
  else if (!/^\d+$/.test(guests) || Number(guests) < 1)
    errors.guests = 'Guests must be a whole number of at least 1.';
  else if (ctx.resource && ctx.resource.capacity > 0 && Number(guests) > ctx.resource.capacity)
    errors.guests = `${ctx.resource.name} holds at most ${ctx.resource.capacity} guests.`;
  if (!v.eventType) errors.eventType = 'Choose the type of event.';
  if (v.repeat) {
    const n = Number(v.count);
    if (!Number.isInteger(n) || n < 2 || n > MAX_SERIES_OCCURRENCES)
      errors.count = `Enter a number of dates from 2 to ${MAX_SERIES_OCCURRENCES}.`;
  }
  for (const q of ctx.questions)
    if (q.required && !(v.answers[q.id] ?? '').trim()) errors[`answers.${q.id}`] = ANSWER_REQUIRED_MESSAGE;
  if (!v.name.trim()) errors.name = 'Please fill in your name.';
  const email = v.email.trim();
  if (!email) errors.email = 'Please fill in your e-mail address.';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Please enter a valid email address.';
  if (!v.phone.trim()) errors.phone = 'Please fill in your phone number.';
  else if (toE164(v.phone, ctx.country) === null) errors.phone = phoneMessage(ctx.country);
  if (v.notes.length > NOTES_MAX) errors.notes = `At most ${NOTES_MAX} characters.`;
  if (!v.accepted) errors.accepted = AGREEMENT_NOT_ACCEPTED_MESSAGE;
  return errors;
}

/** The slot and its extras, as the quote takes them; null until the slot can be priced. */
export function quoteBody(v: RequestFormValues): QuoteRequest | null {
  if (!v.resourceId || !isValidDate(v.date) || !v.startTime || !v.endTime) return null;
  if (toMinutes(v.endTime) <= toMinutes(v.startTime)) return null;
  const guests = Number(v.guests);
  const count = Number(v.count);
  return {
    resourceId: v.resourceId,
    date: v.date,
    startTime: v.startTime,
    endTime: v.endTime,
    ...(Number.isInteger(guests) && guests > 0 ? { guests } : {}),
    addOns: v.addOns.map((id) => ({ id, quantity: 1 })),
    ...(v.repeat && Number.isInteger(count) && count >= 2
      ? { repeat: { frequency: v.frequency, count } }
      : {}),
  };
}

export function requestBody(
  v: RequestFormValues,
  questions: Question[],
  agreementVersion: number,
): RequestBody {
  const answers: Record<string, string | boolean> = {};
  for (const q of questions) {
    const a = (v.answers[q.id] ?? '').trim();
    if (!a) continue;
    answers[q.id] = q.kind === 'yesno' ? a === 'yes' : a;
  }
  return {
    ...quoteBody(v)!,
    guests: Number(v.guests),
    // one of the list's values: the form offers nothing else, and the server checks
    eventType: v.eventType as RequestBody['eventType'],
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    notes: v.notes.trim(),
    answers,
    agreementVersion,
    // sent only once the box is ticked (formProblems)
    acceptedTerms: true,
    website: v.website,
  };
}

/**
 * The field messages of a refusal: `errors: [{path, message}]`, a question's answer keyed
 * `answers.<id>` like the form's own, every other field by its first path segment. A path that
 * names no field the form shows (`constructor`, `addOns`) is left out, so a refusal naming only
 * such paths shows as the form's headline instead of a message beside no field.
 */
export function serverProblems(error: unknown): FormErrors {
  return fieldErrorsOf(error, ([first = '', id]) => {
    if (first === 'answers' && id) return `answers.${id}`;
    const field = FIELD_OF.get(first) ?? first;
    return SHOWN.has(field) ? field : '';
  });
}

/**
 * The server's names for the form's fields, where they differ (the staff booking body's). A Map,
 * not an object: a server path such as `constructor` or `toString` is no key of it.
 */
const FIELD_OF = new Map([
  ['bookingDate', 'date'],
  ['guestCount', 'guests'],
  ['customerName', 'name'],
  ['customerEmail', 'email'],
  ['customerPhone', 'phone'],
  ['additionalDescription', 'notes'],
  ['agreementVersion', 'accepted'],
  ['acceptedTerms', 'accepted'],
]);

/** The fields that show a message beside them (a question's answer aside). */
const SHOWN = new Set<string>([
  'resourceId',
  'date',
  'startTime',
  'endTime',
  'guests',
  'eventType',
  'count',
  'name',
  'email',
  'phone',
  'notes',
  'accepted',
]);

/** A refused slot: the server's message and the nearest free times it offers instead. */
export function slotRefusal(error: unknown): { message: string; alternatives: Alternative[] } | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const alternatives = (error.body as { alternatives?: unknown }).alternatives;
  if (!Array.isArray(alternatives)) return null;
  return {
    message: error.message,
    alternatives: alternatives.filter(
      (a): a is Alternative =>
        !!a && typeof a.date === 'string' && typeof a.startTime === 'string' && typeof a.endTime === 'string',
    ),
  };
}
