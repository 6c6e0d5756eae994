/**
 * Wire shapes of the catalogue API: every type is inferred from the API contract's schemas in
 * @venue/contracts (the ones the catalogue answers by and the OpenAPI document shows), imported
 * as types only so zod stays out of this bundle. Money is integer cents.
 */
import type { z } from 'zod';
import type { BlockoutSpan } from '@venue/contracts';
import type { Addon, Blockout, Holiday, Pricing, Resource, quoteRequest } from '@venue/contracts/catalogue';

export { WEEKDAYS, WEEKDAY_NAMES } from '@venue/contracts';
// Weekdays and their names are the resource rules' own (their messages name the day).
export type { DayHours, Weekday } from '@venue/contracts';

export {
  BLOCKOUT_REASONS,
  PRICING_RULES,
  STATES as AU_STATES,
  type BlockoutReason,
  type HolidayScope,
  type PricingRule,
  type RateType,
  type ResourceStatus,
  type ResourceType,
  type Visibility,
} from '@venue/contracts/catalogue';

export type {
  Addon,
  Blockout,
  Equipment,
  Holiday,
  PriceQuote,
  Pricing,
  Resource,
  SyncResult,
} from '@venue/contracts/catalogue';

/** What the resource forms send: the resource without server-owned fields. */
export type ResourceInput = Omit<Resource, 'id' | 'code' | 'lastUpdated' | 'createdAt' | 'icsFeedActive'>;

/** What the rate-card form sends. */
export type PricingInput = Pick<
  Pricing,
  'resourceId' | 'resourceName' | 'rateType' | 'weekdayRateCents' | 'weekendRateCents' | 'description'
>;

/** What the add-on form sends. */
export type AddonInput = Pick<Addon, 'name' | 'priceCents' | 'description'>;

/** What the holiday form sends (provenance is the server's). */
export type HolidayInput = Omit<Holiday, 'id' | 'provenance' | 'updatedAt'>;

/**
 * What the block-out form sends; new block-outs over several days: one per day (default) or one
 * period. `overBookings` is sent only after the venue saw the bookings a first try clashed with
 * and chose "Block out over these bookings" (decision 55).
 */
export type BlockoutInput = Pick<
  Blockout,
  'resourceIds' | 'dateFrom' | 'dateTo' | 'timeFrom' | 'timeTo' | 'reason'
> & { notes?: string; span?: BlockoutSpan; overBookings?: boolean };

/** A booking that holds part of a block-out's time (the 409 `blockout_over_bookings` lists them). */
export type { BlockoutClash } from '@venue/contracts/bookings';

/** POST /api/price-quote. */
export type PriceQuoteInput = z.input<typeof quoteRequest>;
