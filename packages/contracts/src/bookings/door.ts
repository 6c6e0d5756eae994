/**
 * The customer's door in the bookings service (issue 25, decision 56): what a visitor of a
 * venue's booking page asks (availability, a quote, a request, its e-mail verification), what a
 * signed-in customer asks of their own bookings (portal), and the staff calls beside them (the
 * booking's documents, the side menu's count of waiting requests). The service parses with these
 * schemas and answers their types; the portal app takes its types from here.
 *
 * Public answers carry nothing of other customers: availability is busy intervals only (no ids,
 * names, statuses or amounts), a refused slot names the reason and offers free times.
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
import { BOOKING_SOURCES, EVENT_TYPES } from './values.ts';

// --- limits and messages ------------------------------------------------------------------------

/** A visitor reads at most this many days of one resource's availability at once (two months). */
export const AVAILABILITY_MAX_DAYS = 62;
/** How long the "Verify your e-mail" link works. */
export const VERIFY_LINK_HOURS = 24;
/** A hold made online (the venue's `hold` mode) lasts this long. */
export const ONLINE_HOLD_HOURS = 24;
/** An uploaded ID or insurance document: a PDF or an image, at most this big. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_KINDS = ['id', 'insurance'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = { id: 'ID', insurance: 'Insurance' };
/** What an uploaded document may be, by its content (never its name). */
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
/** Alternatives offered with a refused slot: nearest first on its day, then the next days. */
export const MAX_ALTERNATIVES = 5;
export const NOTES_MAX_LENGTH = 4000;
export const ANSWER_MAX_LENGTH = 2000;
export const CUSTOMER_MESSAGE_MAX_LENGTH = 2000;

export const AVAILABILITY_RANGE_MESSAGE = `Ask for at most ${AVAILABILITY_MAX_DAYS} days at a time, "to" on or after "from".`;
export const RESOURCE_NOT_ONLINE_MESSAGE = 'This space does not take online requests.';
export const AGREEMENT_NOT_ACCEPTED_MESSAGE = 'Please accept the hire agreement and the cancellation terms.';
export const AGREEMENT_CHANGED_MESSAGE =
  'The hire agreement has changed since the page was opened. Please read it again and accept it.';
export const ANSWER_REQUIRED_MESSAGE = 'Please answer this question.';
export const ANSWER_CHOICE_MESSAGE = 'Please choose one of the options.';
export const ANSWER_YESNO_MESSAGE = 'Please answer yes or no.';
export const VERIFY_LINK_INVALID_MESSAGE =
  'This link is not valid any more (it works once, within 24 hours). Please send your request again from the booking page.';
export const VERIFY_SENT_MESSAGE =
  'Almost done: we have e-mailed you a link. Your request reaches the venue when you open it.';
export const REQUEST_RECEIVED_MESSAGE = 'Your request is with the venue. You will hear from them by e-mail.';
export const HOLD_RECEIVED_MESSAGE =
  'The time is held for you for 24 hours while the venue confirms it. You will hear from them by e-mail.';
export const PRICE_UNAVAILABLE_MESSAGE =
  'The price could not be worked out just now, so nothing was sent. Please try again in a minute.';
export const PORTAL_CANCEL_ONLY_REQUESTS =
  'Only a request the venue has not confirmed can be cancelled here. Please contact the venue.';
export const CHANGES_SENT_MESSAGE = 'Sent. The venue will answer by e-mail.';
export const CHANGES_EMPTY_MESSAGE = 'Please say what you would like to change.';
export const DOCUMENT_TYPE_MESSAGE = 'Upload a PDF or a photo (JPEG, PNG, WebP or HEIC).';
export const DOCUMENT_TOO_LARGE_MESSAGE = 'The file is larger than 10 MB.';
export const DOCUMENT_MISSING_MESSAGE = 'Choose a file to upload.';
export const DOCUMENT_KIND_MESSAGE = 'Say whether the document is your ID or your insurance.';
export const DOCUMENT_NOT_FOUND_MESSAGE = 'No such document on this booking.';
export const DOCUMENTS_CLOSED_MESSAGE =
  'Documents can only be added to a booking that is not cancelled or over.';

/**
 * Why a slot is refused: `taken` (409: a booking, a hold or a block-out holds the time, buffers
 * included), and 422 for the venue's own rules: `closed` (the space is closed that day),
 * `outside_hours` (before opening or after closing), `too_soon` (inside the minimum notice),
 * `outside_window` (past the booking window, or in the past).
 */
export const SLOT_REFUSALS = ['taken', 'closed', 'outside_hours', 'too_soon', 'outside_window'] as const;
export type SlotRefusal = (typeof SLOT_REFUSALS)[number];

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

// --- portal ---------------------------------------------------------------------------------------

export const PORTAL_STATUSES = [
  'pending',
  'tentative',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
] as const;

/** A customer's own booking, as the portal shows it. */
export const portalBookingSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    status: z.enum(PORTAL_STATUSES),
    resourceName: z.string(),
    date: day(),
    startTime: hhmm(),
    endTime: hhmm(),
    /** The event's start and end at the venue's offset. */
    startsAt: instant(),
    endsAt: instant(),
    guests: z.number().int().nullable(),
    eventType: z.string(),
    /** The price, GST included (the stored total once priced). */
    totalCents: cents(),
    currency: z.string(),
    addOns: z.array(z.object({ name: z.string(), quantity: z.number().int(), priceCents: cents() })),
    holdExpiresAt: instant().nullable(),
    source: z.enum(BOOKING_SOURCES),
    /** A request the venue has not confirmed yet (pending, or held): the customer may withdraw it. */
    canCancel: z.boolean(),
    /** What the venue still needs: documents neither verified nor uploaded yet. */
    documentsNeeded: z.array(z.enum(DOCUMENT_KINDS)),
    docs: z.object({ idVerified: z.boolean(), insuranceVerified: z.boolean() }),
    cancellationReason: z.string().nullable(),
    createdAt: instant(),
  })
  .meta({ id: 'PortalBooking' });
export type PortalBooking = z.infer<typeof portalBookingSchema>;

export const portalBookingListSchema = z.object({ bookings: z.array(portalBookingSchema) });

/** POST /api/portal/bookings/{id}/cancel: an optional reason in the customer's words. */
export const portalCancelBody = z.object({ reason: textField(1000, 'Reason').optional() });

/** POST /api/portal/bookings/{id}/changes. */
export const portalChangesBody = z.object({
  message: textField(CUSTOMER_MESSAGE_MAX_LENGTH, 'Your message', CHANGES_EMPTY_MESSAGE).pipe(
    z.string().trim().min(1, CHANGES_EMPTY_MESSAGE),
  ),
});

/** A document uploaded for a booking (ID or insurance); the file is fetched on its own. */
export const bookingDocumentSchema = z
  .object({
    id: z.string(),
    bookingId: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    uploadedAt: instant(),
    verified: z.boolean(),
    verifiedAt: instant().nullable(),
  })
  .meta({ id: 'BookingDocument' });
export type BookingDocument = z.infer<typeof bookingDocumentSchema>;

export const bookingDocumentListSchema = z.object({ documents: z.array(bookingDocumentSchema) });

/** The multipart form of an upload: `kind` and `file` (documented; the service reads the parts). */
export const documentUploadBody = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: DOCUMENT_KIND_MESSAGE }),
  file: z.string().meta({ format: 'binary', description: 'A PDF or an image, at most 10 MB.' }),
});

// --- staff ----------------------------------------------------------------------------------------

/** GET /api/bookings/requests/waiting: the side menu's count of requests waiting for staff. */
export const waitingRequestsSchema = z
  .object({
    /** Pending bookings (requests staff have not acted on). */
    count: z.number().int(),
    /** Of those, the ones sent from the venue's booking page. */
    website: z.number().int(),
  })
  .meta({ id: 'WaitingRequests' });
export type WaitingRequests = z.infer<typeof waitingRequestsSchema>;

/** What a staff member sees of a document: who checked it as well. */
export const staffDocumentSchema = bookingDocumentSchema.extend({ verifiedBy: z.string().nullable() });
export const staffDocumentListSchema = z.object({ documents: z.array(staffDocumentSchema) });

/**
 * The answer to the venue's questions, the agreement and where the request came from, stored
 * with a booking made online and shown to staff on it (`onlineRequest` of a booking).
 */
export const onlineRequestInfoSchema = z
  .object({
    answers: z.array(
      z.object({
        questionId: z.string(),
        /** The question as it read when answered. */
        label: z.string(),
        /** The answer in words ("Yes", "No", the option, the text). */
        answer: z.string(),
      }),
    ),
    agreementVersion: z.number().int(),
    acceptedAt: instant(),
    /** The visitor's address as the gateway saw it. */
    clientAddress: z.string(),
  })
  .meta({ id: 'OnlineRequestInfo' });
export type OnlineRequestInfo = z.infer<typeof onlineRequestInfoSchema>;

export const documentVerifiedSchema = z.object({
  document: staffDocumentSchema,
  docs: z.object({ idVerified: z.boolean(), insuranceVerified: z.boolean() }),
});
