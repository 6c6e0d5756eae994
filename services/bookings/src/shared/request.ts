/**
 * Readers of the request shared by the route modules, and the bodies of the booking actions as
 * strict schemas: the wrong JSON type is a 400 naming the field, never converted (`"48"` is not
 * 48, `[]` is not 0). Unknown fields are stripped, as in every service.
 */
import { z } from 'zod';
import { HOLD_EXPIRY_HOURS } from '@venue/contracts';
import {
  calendarDate,
  limitParam,
  pageParam,
  parseQuery,
  textField,
  wallTime,
  type AppContext,
} from '@venue/service-kit';

/** The raw body, for the few readers that take no fields from it. */
export const body = (ctx: AppContext) => (ctx.request.body ?? {}) as Record<string, unknown>;
export const tenantOf = (ctx: AppContext) => ctx.state.principal!.tenantId;

export { isUuid } from '@venue/service-kit';

const pageQuery = z.object({ page: pageParam(), limit: limitParam(100, 25) });

/**
 * `page` from 1 and `limit` 1–100 (default 25), as the list contracts define them. Anything
 * else (`limit=1e9`, `limit=-1`, `page=abc`) is a 400 naming the parameter, never capped.
 */
export function pageParams(query: AppContext['query']) {
  const { page, limit } = parseQuery({ query, request: {} }, pageQuery);
  return { page, limit, offset: (page - 1) * limit };
}

/** Strings of an array field (ids, add-on ids); undefined when the field is not an array. */
export const stringList = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? (v as unknown[]).map(String) : undefined;

/** `v` when it is one of `allowed`, else the default. */
export const oneOf = <T extends string>(v: unknown, allowed: readonly string[], d: T): T =>
  typeof v === 'string' && allowed.includes(v) ? (v as T) : d;

// --- bodies of the hold, decline and status actions -------------------------------------------

export const HOLD_MESSAGE = 'Hold must be 24, 48, 72 or 168 hours.';
const SELECT_MESSAGE = 'Select at least one booking.';

/** One of the offered hold lengths (the settings' own list), as a JSON number. */
const holdHours = z
  .number({ error: HOLD_MESSAGE })
  .refine((n) => (HOLD_EXPIRY_HOURS as readonly number[]).includes(n), HOLD_MESSAGE)
  .optional();

const ids = z
  .array(textField(64, 'Booking id'), { error: SELECT_MESSAGE })
  .min(1, SELECT_MESSAGE)
  .max(500, 'At most 500 bookings at a time.');

const declineFields = {
  // declineReason() checks it is one of the listed reasons, with the screen's message.
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

/** The calendar's drag: the form's rules run on the merged booking (update-booking.ts). */
export const moveBody = z.object({
  bookingDate: textField(20, 'Booking date').optional(),
  startTime: textField(10, 'Start time').optional(),
  endTime: textField(10, 'End time').optional(),
  resourceId: textField(64, 'Hall').optional(),
});
