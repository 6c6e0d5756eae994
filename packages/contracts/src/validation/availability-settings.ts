import { z } from 'zod';

/** Availability & Buffers (spec 01 §2): one rule for the settings screen and the admin service. */
export const BUFFER_MESSAGE = 'Buffers must be whole minutes from 0 to 480.';
export const HOLD_EXPIRY_MESSAGE = 'Hold expiry must be 24, 48, 72 or 168 hours.';
export const HOLD_EXPIRY_HOURS = [24, 48, 72, 168] as const;

const bufferMinutes = z
  .number({ error: BUFFER_MESSAGE })
  .int(BUFFER_MESSAGE)
  .min(0, BUFFER_MESSAGE)
  .max(480, BUFFER_MESSAGE);

export const availabilitySchema = z.object({
  setupBufferMinutes: bufferMinutes,
  packdownBufferMinutes: bufferMinutes,
  holdExpiryHours: z
    .number({ error: HOLD_EXPIRY_MESSAGE })
    .refine((n) => (HOLD_EXPIRY_HOURS as readonly number[]).includes(n), HOLD_EXPIRY_MESSAGE),
});
