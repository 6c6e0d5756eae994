/**
 * Request bodies and queries of the bookings service, strictly: the wrong JSON type is a 400
 * naming the field, never converted (`"48"` is not 48, `[]` is not 0). Unknown fields are
 * stripped, as in every service. The service parses with these; the OpenAPI document shows them.
 * (The booking form's own bodies, create and edit, are in booking-body.ts.)
 */
import { z } from 'zod';
import {
  calendarDate,
  isUuid,
  limitParam,
  pageParam,
  pagingQueryFields,
  queryBoolean,
  queryChoice,
  queryDate,
  queryInteger,
  queryText,
  textField,
  wallTime,
} from '../api/fields.ts';
import { bookingCreateBody } from './booking-body.ts';
import { HOLD_EXPIRY_HOURS } from '../validation/availability-settings.ts';
import { MAX_SERIES_OCCURRENCES, REPEAT_FREQUENCIES } from '../validation/recurrence.ts';
import { SEGMENTS } from './values.ts';

// --- bodies of the hold, decline and status actions -------------------------------------------

export const HOLD_MESSAGE = 'Hold must be 24, 48, 72 or 168 hours.';
const SELECT_MESSAGE = 'Select at least one booking.';

/** One of the offered hold lengths (the settings' own list), as a JSON number. */
const holdHours = z
  .number({ error: HOLD_MESSAGE })
  .refine((n) => (HOLD_EXPIRY_HOURS as readonly number[]).includes(n), HOLD_MESSAGE)
  .meta({ enum: [...HOLD_EXPIRY_HOURS] })
  .optional();

const ids = z
  .array(textField(64, 'Booking id'), { error: SELECT_MESSAGE })
  .min(1, SELECT_MESSAGE)
  .max(500, 'At most 500 bookings at a time.');

const declineFields = {
  // The service checks it is one of the listed reasons, with the screen's message.
  reason: textField(40, 'Reason').optional(),
  note: textField(2000, 'Note').nullish(),
};

export const acceptBody = z.object({ holdHours });
export const bulkAcceptBody = z.object({ ids, holdHours });
export const declineBody = z.object(declineFields);
export const bulkDeclineBody = z.object({ ids, ...declineFields });
export const changesBody = z.object({ message: textField(5000, 'Message').nullish() });

export const statusBody = z.object({
  status: textField(20, 'Status', 'Status is required'),
  reason: textField(1000, 'Reason').nullish(),
  cancellationReason: textField(1000, 'Cancellation reason').nullish(),
  holdHours,
  payment_details: z
    .object(
      {
        tax_type: z
          .enum(['inclusive', 'exclusive'], { error: 'Tax type must be inclusive or exclusive.' })
          .optional(),
        deposit_type: z
          .enum(['None', 'Fixed', 'Percentage'], { error: 'Deposit type must be None, Fixed or Percentage.' })
          .optional(),
        deposit_value: z
          .number({ error: 'Deposit must be a number of 0 or more.' })
          .min(0, 'Deposit must be a number of 0 or more.')
          .max(100_000_000, 'Deposit is too large.')
          .nullish(),
      },
      { error: 'Payment details must be an object.' },
    )
    .optional(),
});
export type StatusBody = z.input<typeof statusBody>;

/** The confirm dialog's figures for the choices it has made so far. */
export const previewBody = z.object({ payment_details: statusBody.shape.payment_details });

// --- the availability check and the calendar's move -------------------------------------------

const CHECK_MESSAGE = 'Resource, date, start and end time are needed to check availability.';
const QUANTITY_MESSAGE = 'Add-on quantity must be a whole number from 1 to 1000.';

/** One add-on of a quote: its id and how many (1 when left out). */
const addOnLine = z.object(
  {
    id: textField(64, 'Add-on'),
    quantity: z
      .number({ error: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .min(1, QUANTITY_MESSAGE)
      .max(1000, QUANTITY_MESSAGE)
      .default(1),
  },
  { error: 'Each add-on must be an object with an id and a quantity.' },
);

export const checkBody = z
  .object({
    resourceId: textField(64, 'Resource').optional(),
    selectedHall: textField(64, 'Resource').optional(),
    bookingDate: calendarDate(CHECK_MESSAGE),
    startTime: wallTime(CHECK_MESSAGE),
    endTime: wallTime(CHECK_MESSAGE),
    addOnIds: z.array(textField(64, 'Add-on')).max(100).optional(),
    // With quantities, as the form sends them, so the quote it shows prices them.
    addOns: z.array(addOnLine).max(100, 'At most 100 add-ons.').optional(),
    excludeId: textField(64, 'Excluded booking').nullish(),
  })
  .superRefine((b, ctx) => {
    if (!b.resourceId && !b.selectedHall)
      ctx.addIssue({ code: 'custom', path: ['resourceId'], message: CHECK_MESSAGE });
    else if (b.endTime <= b.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after start time' });
  });
export type CheckBody = z.input<typeof checkBody>;

/** The calendar's drag: the form's rules run on the merged booking. */
export const moveBody = z.object({
  bookingDate: textField(20, 'Booking date').optional(),
  startTime: textField(10, 'Start time').optional(),
  endTime: textField(10, 'End time').optional(),
  resourceId: textField(64, 'Hall').optional(),
});
export type MoveBody = z.input<typeof moveBody>;

// --- recurring series -------------------------------------------------------------------------

const COUNT_MESSAGE = `Repeat count must be a whole number from 2 to ${MAX_SERIES_OCCURRENCES}.`;
const END_MESSAGE = 'Choose an end date or a number of times.';

/** How the booking repeats: a frequency and either a last day or a number of dates. */
export const repeatRule = z
  .object(
    {
      frequency: z.enum(REPEAT_FREQUENCIES, {
        error: 'Repeat frequency must be weekly, fortnightly or monthly.',
      }),
      count: z
        .number({ error: COUNT_MESSAGE })
        .int(COUNT_MESSAGE)
        .min(2, COUNT_MESSAGE)
        .max(MAX_SERIES_OCCURRENCES, COUNT_MESSAGE)
        .nullish(),
      until: calendarDate('Repeat until must be a real day written YYYY-MM-DD.').nullish(),
    },
    { error: 'Repeat must say how often (frequency) and until when (until or count).' },
  )
  .superRefine((r, ctx) => {
    if (r.count == null && r.until == null)
      ctx.addIssue({ code: 'custom', path: ['until'], message: END_MESSAGE });
    else if (r.count != null && r.until != null)
      ctx.addIssue({ code: 'custom', path: ['count'], message: `${END_MESSAGE} Not both.` });
  });
export type RepeatRule = z.output<typeof repeatRule>;

const SERIES_CHECK_MESSAGE = 'Resource, date, start and end time are needed to check the dates.';

/** The check needs the slot and the rule only: the form may not have a customer yet. */
export const seriesCheckBody = z
  .object({
    resourceId: textField(64, 'Resource').optional(),
    selectedHall: textField(64, 'Resource').optional(),
    bookingDate: calendarDate(SERIES_CHECK_MESSAGE),
    startTime: wallTime(SERIES_CHECK_MESSAGE),
    endTime: wallTime(SERIES_CHECK_MESSAGE),
    repeat: repeatRule,
  })
  .superRefine((b, ctx) => {
    if (!b.resourceId && !b.selectedHall)
      ctx.addIssue({ code: 'custom', path: ['resourceId'], message: SERIES_CHECK_MESSAGE });
    else if (b.endTime <= b.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after start time' });
  });
export type SeriesCheckBody = z.input<typeof seriesCheckBody>;

/** What a series adds to the single create's body: the rule and the dates chosen from the check. */
export const seriesFields = {
  repeat: repeatRule,
  dates: z
    .array(calendarDate('Each chosen date must be a real day written YYYY-MM-DD.'), {
      error: 'Dates must be a list of days.',
    })
    .min(1, 'Choose at least one date to book.')
    .max(MAX_SERIES_OCCURRENCES, `At most ${MAX_SERIES_OCCURRENCES} dates.`)
    .optional(),
};

/** POST /api/bookings/recurring: the single create's body with the series' fields. */
export const seriesCreateBody = bookingCreateBody.extend(seriesFields);
export type SeriesCreateBody = z.output<typeof seriesCreateBody>;

// --- queries ----------------------------------------------------------------------------------

/** A real calendar day as yyyy-MM-dd (2026-02-30 is not one). */
const isRealDay = (d: string) => {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T00:00:00Z`) : NaN;
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
};

export const BOOKING_SORTS = [
  'customer',
  'resource',
  'source',
  'start',
  'status',
  'value',
  'balance',
  'cancelledAt',
  'created',
] as const;
export const QUICK_FILTERS = ['today', 'tomorrow', 'thisWeek', 'overdue', 'highValue'] as const;

/**
 * The list filters, strictly: a date is a real day (2026-02-30 was a database error), a flag
 * is true/false/1/0, a sort is one the list has. Unknown parameters are ignored (stripped).
 */
export const bookingListQuery = z.object({
  status: queryText('status', 200),
  q: queryText('q', 200),
  from: queryDate('from'),
  to: queryDate('to'),
  cancelledFrom: queryDate('cancelledFrom'),
  // Ids compared as uuids (a text cast of the column would hide the tenant's resource index).
  resourceId: queryText('resourceId', 2000).refine((v) => v === undefined || v.split(',').every(isUuid), {
    error: 'resourceId must be resource ids, separated by commas.',
  }),
  source: queryText('source', 200),
  tier: queryText('tier', 200),
  priority: queryText('priority', 200),
  quick: queryChoice('quick', QUICK_FILTERS),
  balanceDue: queryBoolean('balanceDue'),
  bondRequired: queryBoolean('bondRequired'),
  docsMissing: queryBoolean('docsMissing'),
  withAddOns: queryBoolean('withAddOns'),
  recent30: queryBoolean('recent30'),
  // Days named by the caller: the Confirmed list's Public holiday toggle sends the catalogue's
  // holiday dates (the catalogue owns holidays); 'none' is the empty set (no holidays known).
  onDates: queryText('onDates', 4000).refine(
    (v) => v === undefined || v === 'none' || v.split(',').every(isRealDay),
    { error: "onDates must be dates (yyyy-MM-dd) separated by commas, or 'none'." },
  ),
  sort: queryChoice('sort', BOOKING_SORTS),
  order: queryChoice('order', ['asc', 'desc'] as const),
});

// The paged lists' `cursor` and `withTotal` (api/fields.ts), where the bookings lists read them.
export { pagingQueryFields };

export const pageQuery = z.object({ page: pageParam(), limit: limitParam(100, 25) });
export const searchQuery = z.object({ q: queryText('q', 200) });
export const conflictsQuery = z.object({ withConflicts: queryBoolean('withConflicts') });

/** GET /api/bookings: the filters, the page or cursor, and the conflicts column. */
export const bookingPageQuery = bookingListQuery.extend({
  ...pageQuery.shape,
  ...pagingQueryFields,
  ...conflictsQuery.shape,
});

/** Real days (2026-02-30 is a 400 naming it); a resource filter must be an id, not ignored junk. */
export const calendarQuery = z.object({
  from: queryDate('from'),
  to: queryDate('to'),
  resourceId: queryText('resourceId', 64).refine((v) => v === undefined || isUuid(v), {
    error: 'resourceId must be a resource id.',
  }),
  // The month grid shows 3 bookings a day and "+N more" (spec 02 §2.2): with perDay it gets just
  // those and each day's total, not every booking of six weeks.
  perDay: queryInteger('perDay', 1, 50),
});

export const CUSTOMER_SORTS = ['name', 'rfm', 'clv', 'lastActive', 'bookings', 'spend'] as const;
export const CUSTOMER_TAGS = ['VIP', 'NFP'] as const;

export const customerListQuery = z.object({
  search: queryText('search', 200),
  segment: queryChoice('segment', SEGMENTS),
  tag: queryChoice('tag', CUSTOMER_TAGS),
  sort: queryChoice('sort', CUSTOMER_SORTS).transform((v) => v ?? 'name'),
  order: queryChoice('order', ['asc', 'desc'] as const).transform((v) => v ?? 'asc'),
  page: pageParam(),
  limit: limitParam(100, 25),
  cursor: queryText('cursor', 4000),
});
