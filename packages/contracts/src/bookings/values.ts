/**
 * The bookings API's fixed values, without zod, so a screen can import them without bringing
 * the schemas along (the mfes take their types from responses.ts with `import type` only).
 */
export const BOOKING_STATUSES = [
  'pending',
  'tentative',
  'confirmed',
  'completed',
  'cancelled',
  'expired',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const EVENT_TYPES = [
  'Wedding',
  'Birthday Party',
  'Corporate Event',
  'Conference',
  'Meeting',
  'Anniversary',
  'Graduation',
  'Baby Shower',
  'Bridal Shower',
  'Funeral',
  'Community Event',
  'Other',
] as const;

export const DEPOSIT_TYPES = ['None', 'Fixed', 'Percentage'] as const;
export const TAX_TYPES = ['inclusive', 'exclusive'] as const;
export const PRIORITIES = ['high', 'medium', 'normal'] as const;
export const BOOKING_SOURCES = ['website', 'admin', 'quotation'] as const;
export const CUSTOMER_TIERS = ['premium', 'business', 'standard', 'nonprofit'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];
export type TaxType = (typeof TAX_TYPES)[number];
export type Priority = (typeof PRIORITIES)[number];
export type BookingSource = (typeof BOOKING_SOURCES)[number];
export type CustomerTier = (typeof CUSTOMER_TIERS)[number];

/** RFM segments of the customer directory. */
export const SEGMENTS = ['Champions', 'Loyal', 'New', 'At-Risk', 'Lost'] as const;
export type Segment = (typeof SEGMENTS)[number];
