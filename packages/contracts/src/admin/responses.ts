/**
 * Answers of the admin service (users/serialise.ts, audit, api keys, sign-in), as it sends them.
 * Settings groups answer their own schema's output (settings.ts, validation/payment-settings.ts).
 */
import { z } from 'zod';
import { instant } from '../api/common.ts';
import { ROLES } from '../roles.ts';

const roleSchema = z.enum(ROLES);
const accountStatus = z.enum(['active', 'inactive']);

/** GET /api/users/profile: who is signed in (the shell's menu and guard read it). */
export const profileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    /** Page permissions of a sub-user; empty for owners and the super admin (who have all). */
    permissions: z.array(z.string()),
    parentUserId: z.string().nullable(),
    name: z.string().nullable(),
    profilePicture: z.string().nullable(),
    hallName: z.string().nullable(),
    /**
     * Present when the caller is an API key (which acts as staff of its venue, with its own id as
     * `id` and 'API key: <name>' as `email` and `name`): which key, and until when.
     */
    apiKey: z
      .object({ id: z.string(), name: z.string(), prefix: z.string(), expiresAt: instant() })
      .optional(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const parentDataSchema = z.object({
  id: z.string(),
  hallName: z.string().nullable(),
  name: z.string().nullable(),
});
export type ParentData = z.infer<typeof parentDataSchema>;

/** A card on the Roles & Permissions page; `createdAt` in seconds, as spec 01 §3 has it. */
export const subUserSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    role: roleSchema,
    parentUserId: z.string().nullable(),
    permissions: z.array(z.string()),
    status: accountStatus,
    createdAt: z.number().int(),
  })
  .meta({ id: 'SubUser' });
export type SubUser = z.infer<typeof subUserSchema>;

/** A row of the super admin's Users table (and of an owner's Check Sub-Users list). */
export const accountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    name: z.string().nullable(),
    hallName: z.string().nullable(),
    contactNumber: z.string().nullable(),
    address: z.object({
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      postcode: z.string().nullable(),
      state: z.string().nullable(),
    }),
    profilePicture: z.string().nullable(),
    status: accountStatus,
    parentUserId: z.string().nullable(),
    permissions: z.array(z.string()),
    createdAt: instant(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

/** A fresh access token (10 minutes) and the role; the refresh token travels as a cookie. */
export const sessionTokenSchema = z.object({ token: z.string(), role: roleSchema });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** POST /api/auth/refresh without a refresh cookie: nobody is signed in on this browser. */
export const refreshAnswerSchema = z.union([
  sessionTokenSchema,
  z.object({ authenticated: z.literal(false) }),
]);

export const passwordChangedSchema = sessionTokenSchema.extend({ message: z.string() });

export const pictureAnswerSchema = z.object({ message: z.string(), profilePicture: z.string().nullable() });

export const auditEntrySchema = z
  .object({
    id: z.string(),
    timestamp: instant(),
    userId: z.string().nullable(),
    userEmail: z.string().nullable(),
    userRole: z.string().nullable(),
    action: z.string(),
    target: z.string().nullable(),
    /** The target in words as the publishing service saw it; null on older entries. */
    targetLabel: z.string().nullable(),
    targetType: z.string(),
    ipAddress: z.string().nullable(),
    additionalInfo: z.string().nullable(),
    /** Field by field, `{field: {old, new}}`, where the publisher recorded them. */
    changes: z.record(z.string(), z.unknown()).nullable(),
    /** The service that recorded it. */
    source: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  auditLogs: z.array(auditEntrySchema),
  pagination: z.object({
    page: z.number().int().nullable(),
    limit: z.number().int(),
    total: z.number().int().nullable(),
    totalPages: z.number().int().nullable(),
    totalIsEstimate: z.boolean(),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditStatsSchema = z.object({
  totalLogs: z.number().int(),
  usersCount: z.record(z.string(), z.number().int()),
  actionsCount: z.record(z.string(), z.number().int()),
  targetTypesCount: z.record(z.string(), z.number().int()),
});
export type AuditStats = z.infer<typeof auditStatsSchema>;

export const auditActionsSchema = z.object({ actions: z.array(z.string()) });
export const auditTargetTypesSchema = z.object({ targetTypes: z.array(z.string()) });

export const chainReportSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  tenants: z.number().int(),
  problems: z.array(
    z.object({
      tenantId: z.string(),
      entryId: z.string().nullable(),
      seq: z.number().int().nullable(),
      reason: z.string(),
    }),
  ),
});
export type ChainReport = z.infer<typeof chainReportSchema>;

/** An API key as listed: never the key itself, only its recognisable start. */
export const apiKeyViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** `vd_live_<public id>`: enough to tell keys apart, useless without the secret. */
    prefix: z.string(),
    permissions: z.array(z.string()),
    createdAt: instant(),
    expiresAt: instant(),
    lastUsedAt: instant().nullable(),
    expired: z.boolean(),
  })
  .meta({ id: 'ApiKey' });

/** The answer to a create: the key (`vd_live_…`), shown this once. */
export const createdApiKeySchema = apiKeyViewSchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });

/**
 * A create repeated with the same `Idempotency-Key`: the key's record as it was created, without
 * the key, which exists only in the first answer (it is stored nowhere, not even for replays).
 */
export const replayedApiKeySchema = apiKeyViewSchema
  .extend({ message: z.string() })
  .meta({ id: 'ReplayedApiKey' });

/** Everything the tenant holds, per service (`unavailable` when one did not answer in time). */
export const tenantExportSchema = z.object({
  tenantId: z.string(),
  exportedAt: instant(),
  complete: z.boolean(),
  services: z.record(
    z.string(),
    z.object({
      status: z.enum(['included', 'no-export-endpoint', 'unavailable']),
      note: z.string().optional(),
      data: z.unknown().optional(),
    }),
  ),
});
export type TenantExport = z.infer<typeof tenantExportSchema>;
