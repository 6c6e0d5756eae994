/**
 * The venue's public profile (issue 25, decision 56): what a visitor of `/book/<slug>` reads
 * before choosing a time. The catalogue answers it from its own data (resources, rate cards,
 * add-ons) and its copy of admin's settings (the venue's formats, contact and Online bookings),
 * never asking admin on the visitor's request. Nothing private: no internal notes, no feed
 * secrets, no staff-only fields.
 */
import { z } from 'zod';
import { cents } from '../api/common.ts';
import { onlineAgreementSchema, onlineQuestionSchema } from '../settings-online.ts';
import { COUNTRIES, CURRENCIES, DATE_FORMATS, TIME_FORMATS } from '../settings-values.ts';

/** A photo of a resource: checked by content, re-encoded to WebP of at most this many pixels a side. */
export const RESOURCE_PHOTO_MAX_EDGE_PX = 1600;
export const RESOURCE_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const RESOURCE_PHOTO_PART = 'photo';
export const PHOTO_NOT_AN_IMAGE = 'Please select an image file (JPEG, PNG, WebP or GIF).';
export const PHOTO_TOO_LARGE = 'Image size must be less than 8MB';
export const PHOTO_PROCESSING_FAILED = 'Failed to process image';
export const PHOTO_NOT_FOUND = 'This space has no photo.';

/** Opening hours of one weekday on the venue's clock; both null when the space is closed. */
export const publicOpeningHoursSchema = z.object({
  open: z.string().nullable(),
  close: z.string().nullable(),
});

/** The rate card as figures: hourly, or a daily (flat) rate charged in full from 8 hours, half below. */
export const publicRateSchema = z.object({
  type: z.enum(['hourly', 'daily']),
  weekdayCents: cents(),
  weekendCents: cents(),
});

export const publicResourceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['hall', 'room', 'outdoor']),
    capacity: z.number().int(),
    description: z.string(),
    /** `/api/public/venues/{slug}/resources/{id}/photo?v=…`, or null without one. */
    photoUrl: z.string().nullable(),
    equipment: z.array(z.string()),
    /** By weekday, 0 = Sunday … 6 = Saturday. */
    openingHours: z.array(publicOpeningHoursSchema).length(7),
    /** The buffers a booking of it keeps clear before and after (0 when it applies none). */
    setupMinutes: z.number().int(),
    packdownMinutes: z.number().int(),
    /** The rate card in words: "$160 an hour weekdays, $200 weekends"; '' without one. */
    rateInWords: z.string(),
    rate: publicRateSchema.nullable(),
  })
  .meta({ id: 'PublicResource' });
export type PublicResource = z.infer<typeof publicResourceSchema>;

export const publicAddOnSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    priceCents: cents(),
    /** How the price applies, in words. */
    unit: z.string(),
  })
  .meta({ id: 'PublicAddOn' });
export type PublicAddOn = z.infer<typeof publicAddOnSchema>;

/** What the request form needs from Settings → Online bookings. */
export const publicOnlineSettingsSchema = z.object({
  questions: z.array(onlineQuestionSchema),
  agreement: onlineAgreementSchema,
  minNoticeHours: z.number().int(),
  windowDays: z.number().int(),
  mode: z.enum(['request', 'hold']),
  verifyEmail: z.boolean(),
});

export const publicVenueSchema = z
  .object({
    slug: z.string(),
    /** The venue's name as it trades (Settings → Payments: business name). */
    name: z.string(),
    /** `/api/public/venues/{slug}/logo` (admin serves it; 404 when the venue has none). */
    logoUrl: z.string().nullable(),
    contact: z.object({
      phone: z.string().nullable(),
      email: z.string().nullable(),
      address: z.string().nullable(),
    }),
    timezone: z.string(),
    dateFormat: z.enum(DATE_FORMATS),
    timeFormat: z.enum(TIME_FORMATS),
    currency: z.enum(CURRENCIES),
    country: z.enum(COUNTRIES),
    /** Whether the venue's prices include GST. */
    taxType: z.enum(['Inclusive', 'Exclusive']),
    taxRatePercent: z.number(),
    /** The spaces that take requests (active ones only), by name. */
    resources: z.array(publicResourceSchema),
    addOns: z.array(publicAddOnSchema),
    online: publicOnlineSettingsSchema,
  })
  .meta({ id: 'PublicVenue' });
export type PublicVenue = z.infer<typeof publicVenueSchema>;
