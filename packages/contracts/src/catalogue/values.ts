/**
 * The catalogue API's fixed values, without zod, so a screen can import them without bringing
 * the schemas along (the mfes take their types from responses.ts with `import type` only).
 */
export const RESOURCE_TYPES = ['hall', 'room', 'outdoor'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type ResourceStatus = 'active' | 'archived';
export type Visibility = 'public' | 'admin';

export const RATE_TYPES = ['hourly', 'daily'] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** Australian states and territories (holiday sync and scope). */
export const STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export const PRICING_RULES = ['PH-Std', 'PH-Religious', 'PH-AFL', 'PH-Local'] as const;
export type PricingRule = (typeof PRICING_RULES)[number];
export const SCOPES = ['statewide', 'local', 'custom'] as const;
export type HolidayScope = (typeof SCOPES)[number];

export const BLOCKOUT_REASONS = ['Maintenance', 'Private Event', 'Deep Cleaning', 'Other'] as const;
export type BlockoutReason = (typeof BLOCKOUT_REASONS)[number];

/** The surcharge a pricing rule starts with when the form leaves it out. */
export function defaultSurcharge(rule: string | null | undefined): number {
  return rule === 'PH-Std' ? 25 : 0;
}
