/**
 * Answers of the catalogue service, as it sends them (resource-model.ts, pricing-routes.ts,
 * holiday-model.ts, blockout-store.ts, price-quote.ts). Money in cents; the dollar fields beside
 * them are the specification's names.
 */
import { z } from 'zod';
import { cents, day, hhmm, instant } from '../api/common.ts';
import { WEEKDAYS } from '../validation/resource.ts';
import { BLOCKOUT_REASONS, PRICING_RULES, RATE_TYPES, RESOURCE_TYPES, SCOPES, STATES } from './values.ts';

const dayHoursSchema = z.object({ open: hhmm(), close: hhmm(), closed: z.boolean() });
export const openingHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<
      (typeof WEEKDAYS)[number],
      typeof dayHoursSchema
    >,
  )
  .meta({ id: 'OpeningHours' });

export const equipmentSchema = z.object({ name: z.string(), quantity: z.number().int() });
export type Equipment = z.infer<typeof equipmentSchema>;

export const resourceSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    type: z.enum(RESOURCE_TYPES),
    capacity: z.number().int(),
    description: z.string(),
    internalNotes: z.string(),
    visibility: z.enum(['public', 'admin']),
    status: z.enum(['active', 'archived']),
    calendarColour: z.string(),
    colourName: z.string(),
    hours: openingHoursSchema,
    setupBufferMinutes: z.number().int(),
    packdownBufferMinutes: z.number().int(),
    applyBuffers: z.boolean(),
    equipment: z.array(equipmentSchema),
    icsEnabled: z.boolean(),
    /** A secret feed URL exists; the URL itself is only shown when (re)generated. */
    icsFeedActive: z.boolean(),
    publicCalendar: z.boolean(),
    /**
     * The photo the public booking page shows (`/api/resources/{id}/photo?v=…`), or null (issue
     * 25). Always sent; optional so forms built from this type need not carry it.
     */
    photoUrl: z.string().nullable().optional(),
    lastUpdated: instant(),
    createdAt: instant(),
  })
  .meta({ id: 'Resource' });
export type Resource = z.infer<typeof resourceSchema>;

/**
 * A resource as the booking form and the calendar show it to staff without the Resources key:
 * what booking needs, never the internal notes or the feed's state.
 */
export const bookableResourceSchema = resourceSchema
  .pick({
    id: true,
    code: true,
    name: true,
    type: true,
    capacity: true,
    description: true,
    status: true,
    calendarColour: true,
    colourName: true,
    hours: true,
    setupBufferMinutes: true,
    packdownBufferMinutes: true,
    applyBuffers: true,
    equipment: true,
  })
  .meta({ id: 'BookableResource' });
export type BookableResource = z.infer<typeof bookableResourceSchema>;

/** GET /api/resources: the full resource with the Resources key, the bookable view with bookings or calendar. */
export const resourceListSchema = z.union([z.array(resourceSchema), z.array(bookableResourceSchema)]);

export const pricingSchema = z
  .object({
    id: z.string(),
    resourceId: z.string(),
    resourceName: z.string(),
    resourceType: z.enum(RESOURCE_TYPES),
    capacity: z.number().int(),
    rateType: z.enum(RATE_TYPES),
    weekdayRateCents: cents(),
    weekendRateCents: cents(),
    /** Dollars (the spec's field). */
    weekdayRate: z.number(),
    weekendRate: z.number(),
    description: z.string(),
    updatedAt: instant(),
  })
  .meta({ id: 'RateCard' });
export type Pricing = z.infer<typeof pricingSchema>;

export const addonSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    priceCents: cents(),
    /** Dollars. */
    price: z.number(),
    description: z.string(),
    updatedAt: instant(),
  })
  .meta({ id: 'AddOn' });
export type Addon = z.infer<typeof addonSchema>;

export const holidaySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    date: day(),
    scope: z.enum(SCOPES),
    state: z.enum(STATES).nullable(),
    pricingRule: z.enum(PRICING_RULES).nullable(),
    surchargePercent: z.number().int(),
    blockOut: z.boolean(),
    restrictedTrading: z.boolean(),
    notes: z.string(),
    provenance: z.enum(['official', 'manual']),
    sourceUrl: z.string().nullable(),
    /** The holiday this one stands in for (a Monday after a weekend holiday). */
    substitutes: z.string().nullable(),
    updatedAt: instant(),
  })
  .meta({ id: 'Holiday' });
export type Holiday = z.infer<typeof holidaySchema>;

export const holidaySyncResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  holidays: z.array(holidaySchema),
});
export type SyncResult = z.infer<typeof holidaySyncResultSchema>;

export const holidayImportResultSchema = z.object({ imported: z.number().int(), skipped: z.number().int() });
export type HolidayImportResult = z.infer<typeof holidayImportResultSchema>;

export const blockoutSchema = z
  .object({
    id: z.string(),
    resourceIds: z.array(z.string()),
    resources: z.array(z.object({ id: z.string(), name: z.string() })),
    dateFrom: day(),
    dateTo: day(),
    timeFrom: hhmm(),
    timeTo: hhmm(),
    /** The venue's zone the period was entered in. */
    timeZone: z.string(),
    startsAt: instant(),
    endsAt: instant(),
    reason: z.enum(BLOCKOUT_REASONS),
    notes: z.string(),
    updatedAt: instant(),
  })
  .meta({ id: 'Blockout' });
export type Blockout = z.infer<typeof blockoutSchema>;

export const blockoutBulkResultSchema = z.object({ blockouts: z.array(blockoutSchema) });

export const priceQuoteSchema = z
  .object({
    calculatedPriceCents: cents(),
    /** Dollars. */
    calculatedPrice: z.number(),
    durationHours: z.number(),
    rateCents: cents(),
    rate: z.number(),
    rateType: z.enum(RATE_TYPES).nullable(),
    isWeekend: z.boolean(),
    baseCents: cents(),
    holiday: z.object({ name: z.string(), surchargePercent: z.number(), surchargeCents: cents() }).nullable(),
    addOns: z.array(
      z.object({ id: z.string(), name: z.string(), quantity: z.number().int(), priceCents: cents() }),
    ),
    addOnsCents: cents(),
    breakdown: z.array(z.object({ label: z.string(), amountCents: cents() })),
  })
  .meta({ id: 'CataloguePriceQuote' });
export type PriceQuote = z.infer<typeof priceQuoteSchema>;

export const archivedCountSchema = z.object({ archived: z.number().int() });
export const icsUrlSchema = z.object({ icsUrl: z.string() });
