/**
 * `@venue/contracts/privacy-requests`: the two bodies the Data & Privacy page sends (the retention
 * period and an erasure request) and the retention message, written here once: admin/requests.ts
 * re-exports them, so the service parses with these very schemas and the OpenAPI document shows
 * them.
 *
 * Why a sub-path of its own: that page checks its forms with these schemas, and importing them
 * from `@venue/contracts/admin` brings the whole requests module (its schemas are built at load,
 * ~12 kB gz) to a page within ~2 kB of the 350 kB budget. Only zod here.
 */
import { z } from 'zod';

export const RETENTION_MESSAGE = 'Retention must be a whole number of months from 1 to 120.';

/** `PUT /api/tenant-settings/privacy`. */
export const privacySchema = z.object({
  retentionMonths: z
    .number({ error: RETENTION_MESSAGE })
    .int(RETENTION_MESSAGE)
    .min(1, RETENTION_MESSAGE)
    .max(120, RETENTION_MESSAGE),
});

/**
 * A required e-mail address, compared trimmed and lower-cased: the erasure's and the accounts'
 * (admin/accounts.ts, admin/requests.ts). Here, in the light module, so the page gets it too.
 */
export const requiredEmail = () =>
  z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address.'));

/** `POST /api/tenant-settings/privacy/erase-customer`: the address compared trimmed and lower-cased. */
export const eraseCustomerBody = z.object({ email: requiredEmail() });
