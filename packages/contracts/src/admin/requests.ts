/**
 * Request bodies and queries of the admin service that live nowhere else in contracts: sub-users
 * and passwords, the audit log's filters, the settings groups only admin keeps (policies,
 * privacy), the erasure request and sign-in. Admin parses with these; the OpenAPI document
 * shows them. (Payment, availability and general settings are in settings.ts and validation/.)
 */
import { z } from 'zod';
import { requiredEmail } from '../privacy-requests.ts';
import { isUuid, limitParam, oneLine, pageParam, pagingQueryFields } from '../api/fields.ts';
import { AUDIT_ROLES, PERMISSION_KEYS } from '../roles.ts';
import {
  OWN_PASSWORD_REQUIRED,
  SUB_USER_PASSWORD_REQUIRED,
  newSubUserPasswordField,
  MAX_PASSWORD_LENGTH,
  ownPasswordChangeProblem,
  subUserPasswordProblem,
} from '../validation/passwords.ts';
import { isValidDate } from '../validation/booking-form.ts';

export {
  OWN_PASSWORD_REQUIRED,
  OWN_PASSWORD_TOO_SHORT,
  OWN_PASSWORD_UNCHANGED,
  OWN_PASSWORDS_DIFFER,
  SUB_USER_PASSWORD_REQUIRED,
  SUB_USER_PASSWORD_TOO_SHORT,
} from '../validation/passwords.ts';

// --- sign-in ----------------------------------------------------------------------------------

/**
 * POST /api/login. Admin answers a failure with a sign-in error code, never a field message
 * (and never whether the e-mail exists): a bad `email` is `invalid-email`, a bad `password`
 * `invalid-credential` (`loginFailureCode`). The e-mail is compared trimmed and lower-cased.
 */
export const loginBody = z.object({
  email: z
    .string()
    .meta({ format: 'email' })
    .transform((email) => email.trim().toLowerCase())
    .pipe(z.email()),
  // No stored password is longer: refusing early keeps argon2 from hashing megabytes.
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

/**
 * The sign-in error code for a body `loginBody` refused: the e-mail's shape first, as the form
 * checks it; a body that is not an object has no e-mail either.
 */
export function loginFailureCode(error: z.ZodError): 'invalid-email' | 'invalid-credential' {
  const noEmail = error.issues.some((issue) => issue.path.length === 0 || issue.path[0] === 'email');
  return noEmail ? 'invalid-email' : 'invalid-credential';
}

// --- sub-users and passwords ------------------------------------------------------------------

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

const permissions = z
  .array(z.enum(PERMISSION_KEYS, { error: 'Unknown permission.' }), { error: 'Permissions must be a list.' })
  .transform((keys) => [...new Set(keys)]);

const status = z.enum(['active', 'inactive'], { error: 'Status must be active or inactive.' });

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const createSubUserSchema = z.object({
  name: oneLine(requiredText('Name is required.').max(200, 'Name is too long.'), 'Name'),
  email: requiredEmail(),
  password: newSubUserPasswordField,
  role: z.literal('sub_user', { error: 'Hall owners can only add sub-users.' }).default('sub_user'),
  parentUserId: z.string().max(64).optional(),
  permissions: permissions.default([]),
  status: status.default('active'),
});

export const updateSubUserSchema = z.object({
  name: oneLine(requiredText('Name is required.').max(200, 'Name is too long.'), 'Name'),
  // the edit dialog sends the (disabled) e-mail along; it may not differ
  email: z.string().max(320).optional(),
  permissions: permissions.optional(),
  status: status.optional(),
});

export const changeSubUserPasswordSchema = z.object({
  subUserId: z.string({ error: 'Sub-user is required.' }).min(1, 'Sub-user is required.').max(64),
  newPassword: z.string({ error: SUB_USER_PASSWORD_REQUIRED }).superRefine((p, ctx) => {
    const message = subUserPasswordProblem(p);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
});

/**
 * Own password change. Spec 01 §5 lists the checks in order and the screen shows one message,
 * so the first failing rule is the only error reported.
 */
export const changeOwnPasswordSchema = z
  .object({
    currentPassword: z.string({ error: OWN_PASSWORD_REQUIRED }).optional().default(''),
    newPassword: z.string({ error: OWN_PASSWORD_REQUIRED }).optional().default(''),
    confirmPassword: z.string({ error: OWN_PASSWORD_REQUIRED }).optional().default(''),
  })
  .superRefine((b, ctx) => {
    const problem = ownPasswordChangeProblem(b);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });

// --- audit log ------------------------------------------------------------------------------

/**
 * Spec 01 §3, plus what the services publish besides: `login_failed` (a failed sign-in on an
 * account, shown to its tenant so the owner sees who is guessing, issue 8), every booking status
 * move (bookings' status/transition.ts), a request's changes asked for (holds/hold-routes.ts) and
 * a customer anonymised (customers/). `GET /api/audit/actions` adds any other action found in the
 * caller's entries, so the filter never hides one.
 */
export const AUDIT_ACTIONS = [
  'user_created',
  'user_updated',
  'user_deleted',
  'user_login',
  'user_logout',
  'login_failed',
  'booking_created',
  'booking_updated',
  'booking_accepted',
  'booking_changes_requested',
  'booking_confirmed',
  'booking_completed',
  'booking_cancelled',
  'booking_expired',
  'hall_settings_updated',
  'pricing_updated',
  'resource_created',
  'resource_updated',
  'resource_deleted',
  'customer_created',
  'customer_updated',
  'customer_anonymised',
  'invoice_created',
  'invoice_paid',
  'report_generated',
  'settings_updated',
  'role_assigned',
  'permission_granted',
  'permission_revoked',
  'system_config_changed',
  'deposit_marked_paid',
  'deposit_marked_unpaid',
] as const;

export const AUDIT_TARGET_TYPES = [
  'user',
  'booking',
  'hall',
  'resource',
  'customer',
  'invoice',
  'report',
  'settings',
  'pricing',
  'system',
] as const;

export const AUDIT_PAGE_SIZE = 50;

const DATE_MESSAGE = 'Dates must be YYYY-MM-DD or an ISO timestamp.';
const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

/**
 * A real calendar day, or an ISO instant on one. `Date.parse` alone lets 2026-02-30 through
 * (it rolls over to March), which PostgreSQL then refuses with a 500.
 */
export function isAuditDate(v: string): boolean {
  if (isValidDate(v)) return true;
  const m = ISO_INSTANT.exec(v);
  return m !== null && isValidDate(m[1]) && !Number.isNaN(Date.parse(v));
}

const date = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .max(40, DATE_MESSAGE)
  .refine((v) => v === '' || isAuditDate(v), DATE_MESSAGE)
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

export const auditFilterSchema = z.object({
  startDate: date,
  endDate: date,
  action: optionalText,
  targetType: optionalText,
  userId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUuid(v), 'userId must be a user id.'),
  userRole: z
    .enum(AUDIT_ROLES, { error: 'Unknown role.' })
    .or(z.literal(''))
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const auditListSchema = auditFilterSchema.extend({
  page: pageParam(),
  // Outside 1–100 is a 400, never capped: the answer's `limit` is always the one asked for.
  limit: limitParam(100, AUDIT_PAGE_SIZE),
  sortBy: z.enum(['timestamp'], { error: 'Entries can only be sorted by timestamp.' }).default('timestamp'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc.' }).default('desc'),
  ...pagingQueryFields,
});

// --- settings groups kept by admin alone -------------------------------------------------------

export const BOND_MESSAGE = 'The default bond must be a whole number of cents, zero or more.';

const text = (max: number) =>
  z.string({ error: 'Must be text.' }).trim().max(max, `At most ${max} characters.`);
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const policiesSchema = z.object({
  cancellationPolicy: text(10000),
  refundRules: text(10000),
  defaultBondCents: wholeNumber(0, 100_000_000, BOND_MESSAGE),
  termsAndConditions: text(20000),
});

// --- privacy and data -------------------------------------------------------------------------

// The retention period and the erasure request are written once in the light sub-path the Data &
// Privacy page imports (privacy-requests.ts: zod only, so the page need not load this module);
// admin parses with them from here as before.
export { RETENTION_MESSAGE, eraseCustomerBody, privacySchema } from '../privacy-requests.ts';
