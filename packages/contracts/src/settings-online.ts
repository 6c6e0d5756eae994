/**
 * Settings → Online bookings (issue 25, decision 56): whether a venue's public booking page is
 * open, at which slug, for which resources, within which notice and window, with which questions
 * and which hire agreement. Admin owns and validates it (`GET/PUT /api/settings/online-bookings`,
 * owner only) and publishes it in the `tenant.settings_changed` snapshot as `onlineBookings`, so
 * catalogue and bookings read it from their copies and never ask admin on a visitor's request.
 */
import { z } from 'zod';
import { MAX_TEXT_LENGTH, oneLine, textField } from './api/fields.ts';

/** `harbourside-hall`: 3 to 60 of a-z, 0-9 and '-', starting and ending with a letter or digit. */
export const ONLINE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/;
export const SLUG_MESSAGE =
  'The address must be 3 to 60 lower-case letters, digits or hyphens, starting and ending with a letter or digit.';
export const SLUG_REQUIRED_MESSAGE =
  'Choose the address of your booking page before turning online bookings on.';
export const SLUG_TAKEN_MESSAGE = 'Another venue already uses this address. Please choose another.';
/** Slugs that would read as the product's own pages rather than a venue's. */
export const RESERVED_SLUGS: readonly string[] = [
  'api',
  'admin',
  'book',
  'my',
  'www',
  'venuedesk',
  'verify',
  'assets',
  'static',
];
export const SLUG_RESERVED_MESSAGE = 'This address is reserved. Please choose another.';
/** 404 of `GET /api/public/venues/{slug}/logo` when the venue has no picture. */
export const ONLINE_BOOKINGS_LOGO_MISSING = 'This venue has no logo.';

export const MAX_ONLINE_QUESTIONS = 10;
export const MAX_QUESTION_OPTIONS = 20;
export const MAX_ONLINE_RESOURCES = 200;
export const MIN_NOTICE_MAX_HOURS = 24 * 365;
export const WINDOW_MAX_DAYS = 3 * 365;
export const QUESTION_KINDS = ['text', 'choice', 'yesno'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const ONLINE_MODES = ['request', 'hold'] as const;
export type OnlineMode = (typeof ONLINE_MODES)[number];

export const MIN_NOTICE_MESSAGE = `Minimum notice must be a whole number of hours from 0 to ${MIN_NOTICE_MAX_HOURS}.`;
export const WINDOW_MESSAGE = `The booking window must be a whole number of days from 1 to ${WINDOW_MAX_DAYS}.`;
export const QUESTIONS_TOO_MANY = `At most ${MAX_ONLINE_QUESTIONS} questions.`;
export const QUESTION_IDS_REPEATED = 'Each question needs its own id.';
export const CHOICE_OPTIONS_MESSAGE = `A choice question needs 2 to ${MAX_QUESTION_OPTIONS} different options.`;
export const OPTIONS_ONLY_FOR_CHOICE = 'Only a choice question has options.';
export const RESOURCE_IDS_MESSAGE = 'Resources must be a list of resource ids.';
/** The agreement texts: the longest text fields of the product (terms and conditions). */
export const AGREEMENT_MAX_LENGTH = MAX_TEXT_LENGTH;

const QUESTION_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const slugField = oneLine(
  z
    .string({ error: SLUG_MESSAGE })
    .trim()
    .toLowerCase()
    .regex(ONLINE_SLUG_PATTERN, SLUG_MESSAGE)
    .refine((s) => !RESERVED_SLUGS.includes(s), SLUG_RESERVED_MESSAGE),
  'The address',
);

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const questionLabel = oneLine(
  textField(200, 'The question').pipe(z.string().trim().min(1, 'Write the question.')),
  'The question',
);
const optionLabel = oneLine(
  textField(100, 'An option').pipe(z.string().trim().min(1, 'An option cannot be empty.')),
  'An option',
);

/** One of the venue's own questions on the request form. */
export const onlineQuestionSchema = z.object({
  /** Stable across edits: stored answers are keyed by it. */
  id: z.string().regex(QUESTION_ID, 'A question id is 1 to 40 of a-z, 0-9 and hyphens.'),
  label: questionLabel,
  kind: z.enum(QUESTION_KINDS, { error: 'A question is text, choice or yes/no.' }),
  /** Choice questions only. */
  options: z.array(optionLabel).max(MAX_QUESTION_OPTIONS, CHOICE_OPTIONS_MESSAGE).optional(),
  required: z.boolean({ error: 'Say whether the question must be answered (true or false).' }),
});
export type OnlineQuestion = z.infer<typeof onlineQuestionSchema>;

function checkQuestions(questions: ReadonlyArray<Partial<OnlineQuestion>>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  questions.forEach((q, i) => {
    if (q.id !== undefined) {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: QUESTION_IDS_REPEATED });
      seen.add(q.id);
    }
    if (q.kind === 'choice') {
      const options = q.options ?? [];
      if (options.length < 2 || new Set(options.map((o) => o.toLowerCase())).size !== options.length)
        ctx.addIssue({ code: 'custom', path: [i, 'options'], message: CHOICE_OPTIONS_MESSAGE });
    } else if (q.options !== undefined && q.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: [i, 'options'], message: OPTIONS_ONLY_FOR_CHOICE });
    }
  });
}

/** The hire agreement and cancellation terms a visitor accepts; a change of either is a new version. */
export const onlineAgreementSchema = z.object({
  version: z.number().int().positive(),
  text: z.string().max(AGREEMENT_MAX_LENGTH),
  cancellationTerms: z.string().max(AGREEMENT_MAX_LENGTH),
  /** When this version was written (ISO instant). */
  updatedAt: z.iso.datetime({ offset: true }),
});
export type OnlineAgreement = z.infer<typeof onlineAgreementSchema>;

/**
 * The whole setting, as `GET /api/settings/online-bookings` answers it and as the
 * `tenant.settings_changed` snapshot carries it. `slug` is null until the owner chooses one.
 */
export const onlineBookingsSchema = z.object({
  enabled: z.boolean(),
  slug: z.string().regex(ONLINE_SLUG_PATTERN).nullable(),
  /** The resources that take requests (catalogue's ids; archived ones are left out by catalogue). */
  resourceIds: z.array(z.string()),
  minNoticeHours: z.number().int().min(0).max(MIN_NOTICE_MAX_HOURS),
  windowDays: z.number().int().min(1).max(WINDOW_MAX_DAYS),
  /** `request`: a pending booking for staff to act on; `hold`: an automatic 24 h hold on a free slot. */
  mode: z.enum(ONLINE_MODES),
  /** A request from an address not yet verified for this venue waits for the e-mailed link. */
  verifyEmail: z.boolean(),
  questions: z.array(onlineQuestionSchema).max(MAX_ONLINE_QUESTIONS),
  agreement: onlineAgreementSchema,
});
export type OnlineBookings = z.infer<typeof onlineBookingsSchema>;

/** What a tenant that never opened the page has: off, no slug, a day's notice, a year ahead. */
export const ONLINE_BOOKINGS_DEFAULTS: Omit<OnlineBookings, 'agreement'> & {
  agreement: Omit<OnlineAgreement, 'updatedAt'>;
} = {
  enabled: false,
  slug: null,
  resourceIds: [],
  minNoticeHours: 24,
  windowDays: 365,
  mode: 'request',
  verifyEmail: true,
  questions: [],
  agreement: { version: 1, text: '', cancellationTerms: '' },
};

/**
 * PUT /api/settings/online-bookings: the whole setting (the screen saves it as one form). The
 * server keeps the agreement's version and time: it adds one when either text changes. A
 * question without an id is new and gets one; a choice question needs its options.
 */
export const onlineBookingsUpdateSchema = z
  .object({
    enabled: z.boolean({ error: 'Say whether online bookings are on (true or false).' }),
    slug: slugField.nullable().optional(),
    resourceIds: z
      .array(z.string({ error: RESOURCE_IDS_MESSAGE }).regex(UUID, RESOURCE_IDS_MESSAGE), {
        error: RESOURCE_IDS_MESSAGE,
      })
      .max(MAX_ONLINE_RESOURCES, `At most ${MAX_ONLINE_RESOURCES} resources.`)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    minNoticeHours: wholeNumber(0, MIN_NOTICE_MAX_HOURS, MIN_NOTICE_MESSAGE),
    windowDays: wholeNumber(1, WINDOW_MAX_DAYS, WINDOW_MESSAGE),
    mode: z.enum(ONLINE_MODES, { error: 'Choose request only or an automatic 24 hour hold.' }),
    verifyEmail: z.boolean({ error: 'Say whether e-mail addresses are verified (true or false).' }),
    questions: z
      .array(onlineQuestionSchema.extend({ id: onlineQuestionSchema.shape.id.optional() }), {
        error: 'Questions must be a list.',
      })
      .max(MAX_ONLINE_QUESTIONS, QUESTIONS_TOO_MANY)
      .superRefine(checkQuestions),
    agreement: z.object({
      text: textField(AGREEMENT_MAX_LENGTH, 'The hire agreement'),
      cancellationTerms: textField(AGREEMENT_MAX_LENGTH, 'The cancellation terms'),
    }),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && !v.slug)
      ctx.addIssue({ code: 'custom', path: ['slug'], message: SLUG_REQUIRED_MESSAGE });
  });
export type OnlineBookingsUpdate = z.infer<typeof onlineBookingsUpdateSchema>;
