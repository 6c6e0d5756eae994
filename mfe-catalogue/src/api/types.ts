/** Wire shapes of the catalogue API (docs/api/catalogue.md). Money is integer cents. */

export { WEEKDAYS, WEEKDAY_NAMES } from '@venue/contracts';
import type { BlockoutSpan, DayHours, Weekday } from '@venue/contracts';

// Weekdays and their names are the resource rules' own (their messages name the day).
export type { DayHours, Weekday };

export type ResourceType = 'hall' | 'room' | 'outdoor';
export type ResourceStatus = 'active' | 'archived';
export type Visibility = 'public' | 'admin';

export interface Equipment {
  name: string;
  quantity: number;
}

export interface Resource {
  id: string;
  code: string;
  name: string;
  type: ResourceType;
  capacity: number;
  description: string;
  internalNotes: string;
  visibility: Visibility;
  status: ResourceStatus;
  calendarColour: string;
  colourName: string;
  hours: Record<Weekday, DayHours>;
  setupBufferMinutes: number;
  packdownBufferMinutes: number;
  applyBuffers: boolean;
  equipment: Equipment[];
  icsEnabled: boolean;
  /** A secret feed URL exists; the URL itself is only shown when (re)generated. */
  icsFeedActive?: boolean;
  publicCalendar: boolean;
  lastUpdated: string;
  createdAt: string;
}

/** What the forms send: the resource without server-owned fields. */
export type ResourceInput = Omit<Resource, 'id' | 'code' | 'lastUpdated' | 'createdAt' | 'icsFeedActive'>;

export type RateType = 'hourly' | 'daily';

export interface Pricing {
  id: string;
  resourceId: string;
  resourceName: string;
  resourceType?: ResourceType;
  rateType: RateType;
  weekdayRateCents: number;
  weekendRateCents: number;
  description: string;
  capacity?: number;
}

export interface PricingInput {
  resourceId: string;
  resourceName: string;
  rateType: RateType;
  weekdayRateCents: number;
  weekendRateCents: number;
  description: string;
}

export interface Addon {
  id: string;
  name: string;
  priceCents: number;
  description: string;
}

export type AddonInput = Omit<Addon, 'id'>;

export type HolidayScope = 'statewide' | 'local' | 'custom';
export const PRICING_RULES = ['PH-Std', 'PH-Religious', 'PH-AFL', 'PH-Local'] as const;
export type PricingRule = (typeof PRICING_RULES)[number];
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;

export interface Holiday {
  id: string;
  name: string;
  date: string;
  scope: HolidayScope;
  state: string | null;
  pricingRule: PricingRule | null;
  surchargePercent: number;
  blockOut: boolean;
  restrictedTrading: boolean;
  notes: string;
  provenance: 'official' | 'manual';
  sourceUrl: string;
  substitutes: string | null;
}

export type HolidayInput = Omit<Holiday, 'id' | 'provenance'>;

export interface SyncResult {
  added: number;
  updated: number;
  holidays: Holiday[];
}

export const BLOCKOUT_REASONS = ['Maintenance', 'Private Event', 'Deep Cleaning', 'Other'] as const;
export type BlockoutReason = (typeof BLOCKOUT_REASONS)[number];

export interface Blockout {
  id: string;
  resourceIds: string[];
  resources: Array<{ id: string; name: string }>;
  dateFrom: string;
  dateTo: string;
  timeFrom: string;
  timeTo: string;
  reason: BlockoutReason;
  notes: string;
}

export interface BlockoutInput {
  resourceIds: string[];
  dateFrom: string;
  dateTo: string;
  timeFrom: string;
  timeTo: string;
  reason: BlockoutReason;
  notes?: string;
  /** New block-outs over several days: one per day (the default) or one continuous period. */
  span?: BlockoutSpan;
}

export interface PriceQuote {
  calculatedPriceCents: number;
  durationHours: number;
  rateCents: number;
  rateType: RateType | null;
  isWeekend: boolean;
  baseCents: number;
  holiday: { name: string; surchargePercent: number; surchargeCents: number } | null;
  addOns: Array<{ id: string; name: string; quantity: number; priceCents: number }>;
  addOnsCents: number;
  breakdown: Array<{ label: string; amountCents: number }>;
}

export interface PriceQuoteInput {
  resourceId: string;
  date: string;
  startTime: string;
  endTime: string;
  addOnIds?: string[];
}
