/**
 * Request bodies and queries of the catalogue service (resources, holidays, block-outs, the price
 * quote). The service parses with these; the OpenAPI document shows them. Resource, rate-card and
 * add-on forms share their rules with the screens in validation/ (resourceInput, pricingInput,
 * addonInput).
 */
import { z } from 'zod';
import { calendarDate, oneLine, queryDate, queryInteger, queryText, textField } from '../api/fields.ts';
import {
  BLOCKOUT_SPANS,
  END_DATE_MESSAGE,
  SELECT_RESOURCE_MESSAGE,
  START_DATE_MESSAGE,
  blockoutPeriodProblem,
  type BlockoutPeriod,
  type BlockoutSpan,
} from '../validation/blockout.ts';
import { isValidDate } from '../validation/booking-form.ts';
import { BLOCKOUT_REASONS, PRICING_RULES, SCOPES, STATES, defaultSurcharge } from './values.ts';

// --- resources ---------------------------------------------------------------------------------

export const resourceListQuery = z.object({
  search: queryText('search'),
  type: z.enum(['hall', 'room', 'outdoor'], { error: 'Type must be hall, room or outdoor' }).optional(),
  status: z.enum(['active', 'archived'], { error: 'Status must be active or archived' }).optional(),
  minCapacity: queryInteger('minCapacity', 0, 1_000_000),
  sort: z.enum(['name', 'capacity', 'status']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const bulkArchiveBody = z.object({
  ids: z
    .array(z.uuid({ error: 'Please select at least one resource' }), {
      error: 'Please select at least one resource',
    })
    .min(1, { error: 'Please select at least one resource' }),
});

export const resourceExportQuery = z.object({ ids: queryText('ids', 20_000) });

// --- holidays ----------------------------------------------------------------------------------

/** An ICS file, sent as the file or as `{ics}` JSON (the catalogue lifts the kit's text ceiling for it). */
export const ICS_MAX = 1024 * 1024;

export const holidayImportBody = z.object({
  ics: textField(ICS_MAX, 'The ICS file', 'Please choose an ICS file').min(1, {
    error: 'Please choose an ICS file',
  }),
});

export const holidayExportQuery = z.object({ year: queryInteger('year', 1900, 2200) });

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const upper = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().toUpperCase() : v === '' ? null : v;

export const holidayInput = z
  .object({
    // One line (issue 24 item 15), checked after the trim so a pasted trailing newline is dropped.
    name: oneLine(
      textField(200, 'Holiday name', 'Holiday name is required')
        .trim()
        .min(1, { error: 'Holiday name is required' }),
      'Holiday name',
    ),
    // A real calendar day: 2026-02-30 or an empty box is a 400 naming `date`, never a database error.
    date: z
      .string({ error: 'Date is required' })
      .min(1, { error: 'Date is required' })
      .refine(isValidDate, { error: 'Date is required', abort: true }),
    scope: z
      .preprocess(lower, z.enum(SCOPES, { error: 'Scope must be statewide, local or custom' }))
      .default('custom'),
    state: z
      .preprocess(
        upper,
        z.enum(STATES, { error: 'State must be an Australian state or territory' }).nullable(),
      )
      .default(null),
    pricingRule: z
      .preprocess(
        (v) => (v === '' ? null : v),
        z
          .enum(PRICING_RULES, { error: 'Pricing rule must be PH-Std, PH-Religious, PH-AFL or PH-Local' })
          .nullable(),
      )
      .default(null),
    surchargePercent: z
      .number({ error: 'Surcharge must be a whole percentage from 0 to 500' })
      .int({ error: 'Surcharge must be a whole percentage from 0 to 500' })
      .min(0, { error: 'Surcharge must be a whole percentage from 0 to 500' })
      .max(500, { error: 'Surcharge must be a whole percentage from 0 to 500' })
      .optional(),
    blockOut: z.boolean().default(false),
    restrictedTrading: z.boolean().default(false),
    notes: textField(2000, 'Notes')
      .nullish()
      .transform((n) => n ?? ''),
    // Absent on edit keeps the stored provenance (an edited official holiday stays official).
    provenance: z.enum(['official', 'manual']).optional(),
    sourceUrl: textField(500, 'Source URL')
      .nullish()
      .transform((u) => (u ? u : null))
      .refine((u) => u === null || /^https?:\/\//i.test(u), {
        error: 'Source URL must start with http:// or https://',
      }),
    substitutes: z
      .uuid({ error: 'Substituted holiday not found' })
      .nullish()
      .transform((s) => s ?? null),
  })
  .transform((h) => ({ ...h, surchargePercent: h.surchargePercent ?? defaultSurcharge(h.pricingRule) }));
export type HolidayInput = z.output<typeof holidayInput>;

export const HOLIDAY_IMPACTS = ['surcharge', 'blockout', 'restricted'] as const;

/** Chips allow several values: `scope=statewide,local`. */
const list = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: message })))
    .optional();

export const holidayListQuery = z.object({
  year: queryInteger('year', 1900, 2200),
  search: queryText('search'),
  scope: list(SCOPES, 'Scope must be statewide, local or custom'),
  impact: list(HOLIDAY_IMPACTS, 'Impact must be surcharge, blockout or restricted'),
  sort: z.enum(['date', 'name', 'scope']).default('date'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const holidaySyncInput = z.object({
  state: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(STATES, { error: 'Please choose a state or territory' }),
  ),
  year: z
    .number({ error: 'Year must be between 2024 and 2027' })
    .int({ error: 'Year must be between 2024 and 2027' })
    .min(2024, { error: 'Year must be between 2024 and 2027' })
    .max(2027, { error: 'Year must be between 2024 and 2027' }),
});

// --- block-outs -------------------------------------------------------------------------------

const BLOCKOUT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const validDate = (message: string) =>
  z
    .string({ error: message })
    .min(1, { error: message })
    .refine(isValidDate, { error: 'Dates must be real days written yyyy-MM-dd', abort: true });

/** The bulk form's fields; the single form sends the same, possibly with one `resourceId`. */
export const blockoutFields = z.preprocess(
  (v) => {
    if (v && typeof v === 'object' && !('resourceIds' in v) && 'resourceId' in v) {
      const one = (v as { resourceId?: unknown }).resourceId;
      return { ...v, resourceIds: one ? [one] : [] };
    }
    return v;
  },
  z.object({
    resourceIds: z
      .array(z.uuid({ error: SELECT_RESOURCE_MESSAGE }), { error: SELECT_RESOURCE_MESSAGE })
      .min(1, { error: SELECT_RESOURCE_MESSAGE })
      .max(500)
      .transform((ids) => [...new Set(ids)]),
    dateFrom: validDate(START_DATE_MESSAGE),
    dateTo: validDate(END_DATE_MESSAGE),
    timeFrom: z.string().regex(BLOCKOUT_TIME, { error: 'Start time must be HH:mm' }).default('09:00'),
    timeTo: z.string().regex(BLOCKOUT_TIME, { error: 'End time must be HH:mm' }).default('17:00'),
    reason: z
      .enum(BLOCKOUT_REASONS, {
        error: 'Reason must be Maintenance, Private Event, Deep Cleaning or Other',
      })
      .default('Maintenance'),
    notes: textField(2000, 'Notes').default(''),
    /**
     * Block out over bookings that hold part of the time (decision 13, amended by 55): without
     * it such a block-out is refused (409 naming the bookings); with it, it is stored over them,
     * flagged on the calendar, and waits for their time.
     */
    overBookings: z.boolean({ error: 'overBookings must be true or false' }).default(false),
    // Read by the bulk route only; the others store one period (stripped there, like any
    // unknown field, by the schemas below).
    span: z.enum(BLOCKOUT_SPANS, { error: 'Span must be daily or continuous' }).default('daily'),
  }),
);

function periodRule(b: BlockoutPeriod, ctx: z.RefinementCtx): void {
  const problem = blockoutPeriodProblem(b);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
}

/** POST /api/blockouts and PUT: one period from the start date and time to the end ones. */
export const blockoutInput = blockoutFields
  .transform((b) => ({ ...b, span: 'continuous' as BlockoutSpan }))
  .superRefine(periodRule);
/**
 * POST /api/blockouts/bulk: `span` daily (the default) makes one block-out per day for the
 * times given; continuous makes the one period.
 */
export const blockoutBulkInput = blockoutFields.superRefine(periodRule);
export type BlockoutInput = z.output<typeof blockoutInput>;

export const blockoutListQuery = z.object({
  resourceId: z.uuid({ error: 'Unknown resource' }).optional(),
  from: queryDate('from'),
  to: queryDate('to'),
});

// --- the price quote ---------------------------------------------------------------------------

/** The quote also takes 24:00, the end of the day. */
const QUOTE_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const quoteRequest = z.object({
  resourceId: z.uuid({ error: 'Resource is required' }),
  date: calendarDate('Event date is required'),
  startTime: z
    .string({ error: 'Start time is required' })
    .regex(QUOTE_TIME, { error: 'Start time is required' }),
  endTime: z.string({ error: 'End time is required' }).regex(QUOTE_TIME, { error: 'End time is required' }),
  addOnIds: z
    .array(z.uuid({ error: 'Add-on not found' }))
    .max(100)
    .default([]),
  addOns: z
    .array(
      z.object({
        id: z.uuid({ error: 'Add-on not found' }),
        quantity: z
          .number()
          .int()
          .min(1, { error: 'Add-on quantity must be at least 1' })
          .max(1000)
          .default(1),
      }),
    )
    .max(100)
    .default([]),
});
export type QuoteRequest = z.output<typeof quoteRequest>;
