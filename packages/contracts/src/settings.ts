import { z } from 'zod';
import { paymentSettingsSnapshotSchema } from './money-api/schemas.ts';
import { onlineBookingsSchema } from './settings-online.ts';
import {
  COUNTRIES,
  CURRENCIES,
  DATE_FORMATS,
  GST_MESSAGE,
  isValidGst,
  TAX_TYPES,
  TIME_FORMATS,
  TIMEZONES,
} from './settings-values.ts';

export * from './settings-values.ts';
export * from './settings-online.ts';

export const userSettingsSchema = z.object({
  timezone: z.enum(TIMEZONES),
  dateFormat: z.enum(DATE_FORMATS),
  timeFormat: z.enum(TIME_FORMATS),
  currency: z.enum(CURRENCIES),
  taxType: z.enum(TAX_TYPES),
  taxRate: z.number({ error: GST_MESSAGE }).refine(isValidGst, GST_MESSAGE),
  /** How phone numbers without a country code are read (decision 28); defaults from the time zone. */
  country: z.enum(COUNTRIES, { error: "Choose the venue's country from the list." }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const NOTHING_TO_UPDATE = 'Nothing to update: the body names none of the fields this page saves.';

/**
 * PUT /api/users/settings accepts any subset (the GST screen saves taxRate alone). Unknown
 * fields are stripped, as everywhere; a body left with none of the known ones is refused.
 */
export const userSettingsUpdateSchema = userSettingsSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, NOTHING_TO_UPDATE);

/** Event type admin publishes with every change of the figures below (decision 9). */
export const TENANT_SETTINGS_CHANGED = 'tenant.settings_changed';

function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Data of `tenant.settings_changed`: the whole snapshot other services keep a copy of (never a
 * diff, so one event is enough to start a copy). `version` grows by one with every publication
 * for the tenant; a consumer keeps the highest it has seen and ignores older ones, so a late or
 * redelivered event never undoes a newer one. `schemaVersion` changes only if the shape does.
 */
export const tenantSettingsSnapshotSchema = z.object({
  schemaVersion: z.literal(1),
  tenantId: z.uuid(),
  version: z.number().int().positive(),
  /** When admin published this version (ISO instant). */
  updatedAt: z.iso.datetime({ offset: true }),
  /** General: the venue's clock for every booking and block-out. */
  timezone: z.string().refine(isIanaZone, 'Unknown time zone.'),
  dateFormat: z.enum(DATE_FORMATS),
  timeFormat: z.enum(TIME_FORMATS),
  currency: z.enum(CURRENCIES),
  /**
   * General: the venue's country, which reads phone numbers typed without a country code
   * (decision 28). Optional only so snapshots published before it still parse; admin always
   * sends it, and a copy without it takes `countryForTimezone(timezone)`.
   */
  country: z.enum(COUNTRIES).optional(),
  /**
   * Taxes: the tenant's one GST rate (also shown and edited as Payments → Invoice Settings'
   * `gstRate`); what bookings apply when a booking is confirmed.
   */
  taxType: z.enum(TAX_TYPES),
  taxRatePercent: z.number().min(0).max(100),
  /**
   * Always equal to `taxRatePercent` since the two screens share one stored rate (issue 11);
   * kept so schema version 1 stays as it was. Read `taxRatePercent`.
   */
  invoiceGstRatePercent: z.number().min(0).max(100),
  /** Availability & Buffers. */
  holdExpiryHours: z.number().int().positive(),
  setupBufferMinutes: z.number().int().min(0),
  packdownBufferMinutes: z.number().int().min(0),
  /**
   * Payments: the seller, bank details, due days and accepted methods a tax invoice shows
   * (money-api `paymentSettingsSnapshotSchema`; issue 13). Optional only so snapshots
   * published before it still parse; admin always sends it. Money refuses to issue a tax
   * invoice while its copy has no seller name and ABN.
   */
  payment: paymentSettingsSnapshotSchema.optional(),
  /**
   * Settings → Online bookings (settings-online.ts; issue 25, decision 56): the public booking
   * page's slug, resources, notice, window, mode, verification, questions and agreement.
   * Optional only so snapshots published before it still parse; admin always sends it, and a
   * copy without it means the venue takes no online bookings.
   */
  onlineBookings: onlineBookingsSchema.optional(),
  /**
   * The venue's logo (the hall owner's profile picture) as its picture's id, or null when it has
   * none: catalogue's public profile offers a logo only when there is one, at an address that
   * changes with it. Optional only so snapshots published before it still parse; a copy without
   * it offers the logo's address as before (a 404 there when there is none).
   */
  logoVersion: z.uuid().nullable().optional(),
});
export type TenantSettingsSnapshot = z.infer<typeof tenantSettingsSnapshotSchema>;
