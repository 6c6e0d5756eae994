/**
 * Answers of the internal routes services call on each other (`/internal/*`, internal secret),
 * checked by the service kit's `callService`. Public API shapes live in each domain's folder.
 */
import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { SESSION_END_REASONS, type PrincipalLookup } from '../identity.ts';

export const principalSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  tenantId: z.string(),
  parentUserId: z.string().nullable(),
  permissions: z.array(z.string()),
  tokenVersion: z.number().int(),
});

/** `GET /internal/principals/:userId?sid=…` (admin). */
export const principalLookupSchema: z.ZodType<PrincipalLookup> = z.discriminatedUnion('status', [
  z.object({ status: z.literal('live'), principal: principalSchema }),
  z.object({ status: z.literal('ended'), reason: z.enum(SESSION_END_REASONS) }),
]);

/** `GET /internal/resources/:tenantId` (catalogue): what bookings needs of each resource. */
export const internalResourceSchema = z.object({
  id: z.string(),
  name: z.string().default(''),
  capacity: z.number().finite().default(0),
  status: z.string().default('active'),
  setupBufferMinutes: z.number().finite().default(0),
  packdownBufferMinutes: z.number().finite().default(0),
  applyBuffers: z.boolean().default(true),
  /** Opening hours per weekday (`mon`…`sun`: open, close, closed); read by bookings' booking page rules (issue 25). */
  hours: z.record(z.string(), z.unknown()).optional(),
});
export type InternalResource = z.infer<typeof internalResourceSchema>;
export const internalResourcesSchema = z.union([
  z.array(internalResourceSchema),
  z.object({ resources: z.array(internalResourceSchema) }).transform((o) => o.resources),
]);

/** `POST /internal/price-quote` (catalogue): the quote bookings stores with a booking. */
export const internalPriceQuoteSchema = z
  .object({
    calculatedPriceCents: z.number().int(),
    addOns: z
      .array(
        z.object({ id: z.string(), name: z.string(), quantity: z.number(), priceCents: z.number().int() }),
      )
      .optional(),
  })
  .loose();
export type InternalPriceQuote = z.infer<typeof internalPriceQuoteSchema>;

/** `GET /internal/tenant-export/:tenantId` (every service but admin): its part of the export. */
export const tenantExportPartSchema = z.unknown();
