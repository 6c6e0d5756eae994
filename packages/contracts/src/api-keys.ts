/**
 * API keys for a venue's other software (issue 10): a key acts for its tenant with the page
 * permissions it was given, exactly like a staff member, and is managed by the hall owner under
 * Settings → Integrations. Admin stores only a SHA-256 of each key; the gateway finds a key by
 * the public id written into it and asks admin to verify it.
 */
import { z } from 'zod';
import { oneLine } from './api/fields.ts';
import type { apiKeyViewSchema, createdApiKeySchema, replayedApiKeySchema } from './admin/responses.ts';
import { PERMISSION_KEYS } from './roles.ts';

/** Every key starts with this, so the gateway tells it from a JWT without trying to verify one. */
export const API_KEY_PREFIX = 'vd_live_';
/** The public id: 12 characters of lower-case base32 (60 bits), unique platform-wide. */
export const API_KEY_PUBLIC_ID = /^[a-z2-7]{12}$/;
/**
 * `vd_live_<public id>_<secret>`: the secret is 32 random bytes in base64url (43 characters,
 * which may themselves contain `_`, hence the fixed-length public id before it).
 */
export const API_KEY_FORMAT = /^vd_live_([a-z2-7]{12})_([A-Za-z0-9_-]{43})$/;

/** The public id of a well-formed key, else null. */
export function apiKeyPublicId(key: string): string | null {
  return API_KEY_FORMAT.exec(key)?.[1] ?? null;
}

export const API_KEY_NAME_MAX = 100;
export const API_KEY_MAX_DAYS = 365;

/** What the audit log shows as the actor of a change made with a key ("API key: Xero sync"). */
export const API_KEY_ACTOR_PREFIX = 'API key: ';
export function apiKeyActor(name: string): string {
  return `${API_KEY_ACTOR_PREFIX}${name}`;
}

export const API_KEY_NAME_REQUIRED = 'Name is required.';
export const API_KEY_NAME_TOO_LONG = `Name must be at most ${API_KEY_NAME_MAX} characters.`;
export const API_KEY_PERMISSIONS_REQUIRED = 'Choose at least one permission.';
export const API_KEY_EXPIRY_MESSAGE = `Expiry must be a whole number of days from 1 to ${API_KEY_MAX_DAYS}.`;

/**
 * `POST /api/integrations/api-keys`. Expiry is required and at most a year: a key that never
 * expires outlives the integration it was made for and is forgotten; renewing is one click.
 * No coercion: `"30"` is not a number of days.
 */
export const createApiKeySchema = z.object({
  name: oneLine(
    z
      .string({ error: API_KEY_NAME_REQUIRED })
      .trim()
      .min(1, API_KEY_NAME_REQUIRED)
      .max(API_KEY_NAME_MAX, API_KEY_NAME_TOO_LONG),
    'Name',
  ),
  permissions: z
    .array(z.enum(PERMISSION_KEYS, { error: 'Unknown permission.' }), {
      error: 'Permissions must be a list.',
    })
    .max(PERMISSION_KEYS.length * 2, 'Permissions must be a list of page permissions.')
    .transform((keys) => [...new Set(keys)])
    .refine((keys) => keys.length > 0, API_KEY_PERMISSIONS_REQUIRED),
  expiresInDays: z
    .number({ error: API_KEY_EXPIRY_MESSAGE })
    .int(API_KEY_EXPIRY_MESSAGE)
    .min(1, API_KEY_EXPIRY_MESSAGE)
    .max(API_KEY_MAX_DAYS, API_KEY_EXPIRY_MESSAGE),
});
export type CreateApiKeyBody = z.input<typeof createApiKeySchema>;

/** A key as listed, and the answer to a create (the key shown once): the API contract's. */
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export type ReplayedApiKey = z.infer<typeof replayedApiKeySchema>;

/** The answer (200) to a create repeated with the same Idempotency-Key: the record, never the key. */
export const API_KEY_SHOWN_ONCE =
  'This API key was already created by a request with the same Idempotency-Key. The key itself is shown only in that first answer and is kept nowhere; if it was lost, revoke this key and create a new one.';

/** Published by admin in the transaction that revokes a key; the gateway refuses it at once. */
export const API_KEY_REVOKED_EVENT = 'api_key.revoked';
export const apiKeyRevokedEventSchema = z.object({
  keyId: z.string().min(1),
  publicId: z.string().regex(API_KEY_PUBLIC_ID),
  tenantId: z.string().min(1),
});
export type ApiKeyRevokedEvent = z.infer<typeof apiKeyRevokedEventSchema>;

export const API_KEY_REFUSALS = ['unknown', 'revoked', 'expired', 'inactive'] as const;
export type ApiKeyRefusal = (typeof API_KEY_REFUSALS)[number];

/**
 * `POST /internal/api-keys/:publicId/verify {hash}` (admin, internal secret): the principal the
 * key acts as, or why not. `unknown` covers both an unknown public id and a wrong secret.
 */
export type ApiKeyVerification =
  | {
      status: 'live';
      apiKeyId: string;
      /** ISO time; the gateway never uses the answer past it. */
      expiresAt: string;
      principal: {
        userId: string;
        email: string;
        name: string | null;
        role: 'sub_user';
        tenantId: string;
        parentUserId: string;
        permissions: string[];
        tokenVersion: number;
      };
    }
  | { status: 'refused'; reason: ApiKeyRefusal };

export const INVALID_API_KEY_MESSAGE = 'Invalid, expired or revoked API key.';
export const INVALID_API_KEY_CODE = 'api_key_invalid';
export function apiKeyRateLimitMessage(retryAfterSeconds: number): string {
  return `Too many requests with this API key. Try again in ${retryAfterSeconds} s.`;
}
