/**
 * What a visitor of a venue's booking page asks of bookings (issue 25, decision 56): availability,
 * a quote, a booking request and its e-mail verification, and the answers. Public answers carry
 * nothing of other customers: availability is busy intervals only, a refused slot names the
 * reason and offers free times.
 */
import { z } from 'zod';
import { cents, day, hhmm, instant } from '../api/common.ts';
import {
  calendarDate,
  isUuid,
  oneLine,
  oneLineField,
  queryText,
  textField,
  wallTime,
} from '../api/fields.ts';
import { MAX_GUEST_COUNT } from '../validation/booking-form.ts';
import { MAX_SERIES_OCCURRENCES, REPEAT_FREQUENCIES } from '../validation/recurrence.ts';
import { EVENT_TYPES } from './values.ts';
import {
  AGREEMENT_NOT_ACCEPTED_MESSAGE,
  ANSWER_MAX_LENGTH,
  AVAILABILITY_MAX_DAYS,
  AVAILABILITY_RANGE_MESSAGE,
  NOTES_MAX_LENGTH,
  SLOT_REFUSALS,
  VERIFY_LINK_INVALID_MESSAGE,
} from './door-values.ts';

// --- public: availability -----------------------------------------------------------------------

const RESOURCE_ID_MESSAGE = 'Choose a space (resourceId must be a resource id).';

/** GET /api/public/venues/{slug}/availability?resourceId&from&to (≤ 62 days). */
export const availabilityQuery = z
  .object({
    resourceId: queryText('resourceId', 64).refine((v) => v !== undefined && isUuid(v), {
      error: RESOURCE_ID_MESSAGE,
    }),
    from: queryText('from', 10).refine((v) => v !== undefined && isRealDay(v), {
      error: 'from must be a real day written YYYY-MM-DD.',
    }),
    to: queryText('to', 10).refine((v) => v !== undefined && isRealDay(v), {
      error: 'to must be a real day written YYYY-MM-DD.',
    }),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to || !isRealDay(q.from) || !isRealDay(q.to)) return;
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
    if (days < 0 || days >= AVAILABILITY_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_RANGE_MESSAGE });
  });

function isRealDay(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || d.startsWith('0000')) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}

/** One venue day of the answer: the space's opening hours that weekday (null: closed). */
export const availabilityDaySchema = z.object({
  date: day(),
  open: hhmm().nullable(),
  close: hhmm().nullable(),
});

/** Busy, and nothing else: who, why and which status are never said. */
export const busyIntervalSchema = z.object({ start: instant(), end: instant() });

export const availabilitySchema = z
  .object({
    resourceId: z.string(),
    /** The venue's IANA zone: every day and wall time here is on its clock. */
    timezone: z.string(),
    from: day(),
    to: day(),
    days: z.array(availabilityDaySchema),
    /**
     * Times the space is not free (bookings, holds, block-outs, each widened by its setup and
     * pack-down buffers), merged, as instants at the venue's offset. A new booking's own buffers
     * must stay clear of them too.
     */
    busy: z.array(busyIntervalSchema),
    /** The first instant a request may start (now plus the venue's minimum notice). */
    earliestStart: instant(),
    /** The last venue day a request may fall on (the booking window). */
    lastDate: day(),
    minNoticeHours: z.number().int(),
    windowDays: z.number().int(),
  })
  .meta({ id: 'PublicAvailability' });
export type PublicAvailability = z.infer<typeof availabilitySchema>;

// --- public: quote and request ------------------------------------------------------------------

const QUANTITY_MESSAGE = 'Add-on quantity must be a whole number from 1 to 100.';
const GUESTS_MESSAGE = 'Guests must be a whole number of at least 1.';
const COUNT_MESSAGE = `Enter a number of dates from 2 to ${MAX_SERIES_OCCURRENCES}.`;

/** An add-on chosen on the form, by the catalogue's id. */
export const addOnChoiceSchema = z.object(
  {
    id: z.string({ error: 'Each add-on must be chosen from the list.' }).refine(isUuid, {
      error: 'Each add-on must be chosen from the list.',
    }),
    quantity: z
      .number({ error: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .min(1, QUANTITY_MESSAGE)
      .max(100, QUANTITY_MESSAGE)
      .default(1),
  },
  { error: 'Each add-on must be chosen from the list.' },
);

/** A weekly, fortnightly or monthly repeat of the slot, `count` dates in all (the first included). */
export const publicRepeatSchema = z.object(
  {
    frequency: z.enum(REPEAT_FREQUENCIES, { error: 'Repeat weekly, fortnightly or monthly.' }),
    count: z
      .number({ error: COUNT_MESSAGE })
      .int(COUNT_MESSAGE)
      .min(2, COUNT_MESSAGE)
      .max(MAX_SERIES_OCCURRENCES, COUNT_MESSAGE),
  },
  { error: 'Repeat must say how often and how many times.' },
);
export type PublicRepeat = z.infer<typeof publicRepeatSchema>;

const slotFields = {
  resourceId: z.string({ error: RESOURCE_ID_MESSAGE }).refine(isUuid, { error: RESOURCE_ID_MESSAGE }),
  date: calendarDate('Choose a real date (YYYY-MM-DD).'),
  startTime: wallTime('Choose a start time (HH:mm).'),
  endTime: wallTime('Choose an end time (HH:mm).'),
  addOns: z
    .array(addOnChoiceSchema, { error: 'Add-ons must be a list.' })
    .max(20, 'At most 20 add-ons.')
    .default([]),
  repeat: publicRepeatSchema.optional(),
};

const endAfterStart = (b: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  if (b.endTime <= b.startTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after start time.' });
};

/** POST /api/public/venues/{slug}/quote: the server's price of a slot and its add-ons. */
export const publicQuoteBody = z
  .object({
    ...slotFields,
    guests: z
      .number({ error: GUESTS_MESSAGE })
      .int(GUESTS_MESSAGE)
      .min(1, GUESTS_MESSAGE)
      .max(MAX_GUEST_COUNT, GUESTS_MESSAGE)
      .optional(),
  })
  .superRefine(endAfterStart);
export type PublicQuoteBody = z.input<typeof publicQuoteBody>;

/** One date of a repeat: free, or what keeps it (in words, never whose). */
export const occurrenceSchema = z.object({
  date: day(),
  free: z.boolean(),
  /** Why the date cannot be requested ("This time is taken.", "Closed on Sundays."), or null. */
  clash: z.string().nullable(),
  reason: z.enum(SLOT_REFUSALS).nullable(),
});
export type PublicOccurrence = z.infer<typeof occurrenceSchema>;

export const publicQuoteSchema = z
  .object({
    currency: z.string(),
    /** Whether the venue's prices include GST (`Inclusive`) or have it added (`Exclusive`). */
    taxType: z.enum(['Inclusive', 'Exclusive']),
    /** One date's price, GST included. */
    totalCents: cents(),
    gstCents: cents(),
    /** The price in lines (the rate, a holiday surcharge, each add-on), as the staff form shows them. */
    lines: z.array(z.object({ label: z.string(), amountCents: cents() })),
    /** With a repeat: every date, free or not. */
    occurrences: z.array(occurrenceSchema).optional(),
    /** With a repeat: the free dates' prices together (each date is priced on its own). */
    seriesTotalCents: cents().optional(),
    freeCount: z.number().int().optional(),
  })
  .meta({ id: 'PublicQuote' });
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

const EMAIL_MESSAGE = 'Please enter a valid email address.';

/**
 * POST /api/public/venues/{slug}/requests. `website` is the honeypot: people never see the
 * field, so anything in it was typed by a machine (answered 202, nothing stored).
 */
export const publicRequestBody = z
  .object({
    ...slotFields,
    guests: z
      .number({ error: GUESTS_MESSAGE })
      .int(GUESTS_MESSAGE)
      .min(1, GUESTS_MESSAGE)
      .max(MAX_GUEST_COUNT, GUESTS_MESSAGE),
    eventType: z.enum(EVENT_TYPES, { error: 'Choose the type of event from the list.' }),
    name: oneLine(
      textField(200, 'Your name', 'Please fill in your name.').pipe(
        z.string().trim().min(1, 'Please fill in your name.'),
      ),
      'Your name',
    ),
    email: oneLine(
      z.string({ error: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
      'Your e-mail address',
    ).meta({ format: 'email' }),
    /** Read by the venue's country (decision 28): the service answers which format it expects. */
    phone: oneLineField(40, 'Your phone number', 'Please fill in your phone number.'),
    notes: textField(NOTES_MAX_LENGTH, 'Notes').default(''),
    /** By question id: text, one of a choice's options, or true/false for yes/no. */
    answers: z
      .record(
        z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Answers are keyed by question id.'),
        z.union([textField(ANSWER_MAX_LENGTH, 'An answer'), z.boolean()], {
          error: 'An answer is text, or true/false for a yes/no question.',
        }),
        { error: 'Answers must be an object keyed by question id.' },
      )
      .default({}),
    /** The version of the hire agreement the visitor read (the page's `online.agreement.version`). */
    agreementVersion: z
      .number({ error: AGREEMENT_NOT_ACCEPTED_MESSAGE })
      .int(AGREEMENT_NOT_ACCEPTED_MESSAGE)
      .positive(AGREEMENT_NOT_ACCEPTED_MESSAGE),
    acceptedTerms: z.literal(true, { error: AGREEMENT_NOT_ACCEPTED_MESSAGE }),
    website: textField(500, 'website').default(''),
  })
  .superRefine(endAfterStart);
export type PublicRequestBody = z.input<typeof publicRequestBody>;
export type PublicRequest = z.output<typeof publicRequestBody>;

/** A booking a request made, as the visitor is told of it. */
export const madeBookingSchema = z.object({
  code: z.string(),
  date: day(),
  startTime: hhmm(),
  endTime: hhmm(),
  resourceName: z.string(),
});
export type MadeBooking = z.infer<typeof madeBookingSchema>;

/**
 * The answer of a request: `verify` (202: the e-mailed link sends it on; also the honeypot's
 * answer) or `received` (201: the booking(s) are with the venue, `hold` when the time is held
 * for 24 hours). With a repeat, the dates that were not free are `skipped`.
 */
export const publicRequestAnswerSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('verify'), message: z.string() }),
    z.object({
      status: z.literal('received'),
      message: z.string(),
      hold: z.boolean(),
      holdExpiresAt: instant().nullable(),
      bookings: z.array(madeBookingSchema),
      skipped: z.array(occurrenceSchema),
    }),
  ])
  .meta({ id: 'PublicRequestAnswer' });
export type PublicRequestAnswer = z.infer<typeof publicRequestAnswerSchema>;

/** A free start of the same length offered instead of a refused slot. */
export const alternativeSchema = z.object({ date: day(), startTime: hhmm(), endTime: hhmm() });
export type SlotAlternative = z.infer<typeof alternativeSchema>;

/** The 409 / 422 of a refused slot: the reason in words and as a code, and free times instead. */
export const slotRefusalSchema = z
  .object({
    message: z.string(),
    reason: z.enum(SLOT_REFUSALS),
    alternatives: z.array(alternativeSchema),
  })
  .meta({ id: 'SlotRefusal' });
export type SlotRefusalAnswer = z.infer<typeof slotRefusalSchema>;

/** POST /api/public/venues/{slug}/requests/verify: the token of the e-mailed link. */
export const verifyRequestBody = z.object({
  token: z
    .string({ error: VERIFY_LINK_INVALID_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{32,128}$/, VERIFY_LINK_INVALID_MESSAGE),
});

/** `received` the first time; `already` for every later click of the same link (the same booking). */
export const verifyAnswerSchema = z
  .object({
    status: z.enum(['received', 'already']),
    message: z.string(),
    booking: madeBookingSchema,
    bookings: z.array(madeBookingSchema),
    hold: z.boolean(),
    holdExpiresAt: instant().nullable(),
    skipped: z.array(occurrenceSchema),
  })
  .meta({ id: 'VerifyAnswer' });
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;
