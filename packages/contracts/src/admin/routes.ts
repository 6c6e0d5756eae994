/**
 * The admin service's calls (docs/api/admin.md): sign-in and sessions, accounts and sub-users,
 * settings, pictures, the audit log, API keys, data and privacy. The internal ones
 * (`/internal/*`) are never routed by the gateway and are not here.
 */
import { z } from 'zod';
import { messageSchema } from '../api/common.ts';
import type { ApiResponse, ApiRoute, RouteTable } from '../api/route-table.ts';
import { createApiKeySchema } from '../api-keys.ts';
import { userSettingsSchema, userSettingsUpdateSchema } from '../settings.ts';
import { onlineBookingsSchema, onlineBookingsUpdateSchema } from '../settings-online.ts';
import { availabilitySchema } from '../validation/availability-settings.ts';
import {
  bankDetailsSchema,
  businessDetailsSchema,
  invoiceSettingsSchema,
  paymentMethodsSchema,
  paymentTermsSchema,
  stripeAccountSchema,
} from '../validation/payment-settings.ts';
import { accountCreateBody, accountUpdateBody } from './accounts.ts';
import { portalLinkBody, portalMeSchema, portalSessionBody, portalTokenSchema } from './portal.ts';
import { WEBHOOK_ROUTES } from './webhooks-routes.ts';
import {
  auditFilterSchema,
  auditListSchema,
  changeOwnPasswordSchema,
  changeSubUserPasswordSchema,
  createSubUserSchema,
  eraseCustomerBody,
  loginBody,
  policiesSchema,
  privacySchema,
  updateSubUserSchema,
} from './requests.ts';
import {
  accountSchema,
  apiKeyViewSchema,
  auditActionsSchema,
  auditPageSchema,
  auditStatsSchema,
  auditTargetTypesSchema,
  chainReportSchema,
  createdApiKeySchema,
  parentDataSchema,
  replayedApiKeySchema,
  passwordChangedSchema,
  pictureAnswerSchema,
  profileSchema,
  refreshAnswerSchema,
  sessionTokenSchema,
  subUserSchema,
  tenantExportSchema,
} from './responses.ts';

const base = { service: 'admin' } as const;
const auth = { ...base, tag: 'Sign-in and sessions' } as const;
const users = { ...base, tag: 'Accounts and staff' } as const;
const settings = { ...base, tag: 'Settings' } as const;
const audit = { ...base, tag: 'Audit log', access: 'audit' } as const;
/** The customer's door (decision 56): a venue's public page and the customer portal. */
const publicDoor = { ...base, tag: 'Public', access: 'public' } as const;
const portal = { ...base, tag: 'Portal' } as const;
const slugParams = z.object({
  slug: z.string().meta({ description: "The venue's address on its booking page (`harbourside-hall`)." }),
});
const ok = (schema: z.ZodType, description = 'OK'): Record<number, ApiResponse> => ({
  200: { description, schema },
});
const missing = (what: string): Record<number, ApiResponse> => ({ 404: { description: `No such ${what}.` } });
const idParams = (name: string) =>
  z.object({ [name]: z.string().meta({ description: 'A user id (uuid).' }) });

/**
 * The settings groups (admin's tenant-settings-routes.ts): GET answers the whole group, PUT
 * takes any subset of its fields. Payment methods and bank details are wrapped as the spec's
 * answers are (`{paymentMethods}`, `{bankDetails}`).
 */
const SETTINGS_GROUPS: Array<{
  path: string;
  label: string;
  schema: z.ZodObject;
  wrap?: string;
  writers: 'owner' | 'settings';
  spec?: string;
}> = [
  {
    path: '/api/users/stripe-account',
    label: 'Stripe account',
    schema: stripeAccountSchema,
    writers: 'owner',
    spec: '01 §7',
  },
  {
    path: '/api/users/payment-methods',
    label: 'Accepted payment methods',
    schema: paymentMethodsSchema,
    wrap: 'paymentMethods',
    writers: 'owner',
    spec: '01 §7; 03 §7 (deposits)',
  },
  {
    path: '/api/users/bank-details',
    label: 'Bank details',
    schema: bankDetailsSchema,
    wrap: 'bankDetails',
    writers: 'owner',
    spec: '01 §7; 03 §7 (deposits)',
  },
  {
    path: '/api/tenant-settings/invoice',
    label: 'Invoice settings',
    schema: invoiceSettingsSchema,
    writers: 'owner',
  },
  {
    path: '/api/tenant-settings/business',
    label: 'Business details',
    schema: businessDetailsSchema,
    writers: 'owner',
  },
  {
    path: '/api/tenant-settings/terms',
    label: 'Terms & policies (payment terms)',
    schema: paymentTermsSchema,
    writers: 'owner',
  },
  {
    path: '/api/tenant-settings/availability',
    label: 'Availability & buffers',
    schema: availabilitySchema,
    writers: 'settings',
  },
  { path: '/api/tenant-settings/policies', label: 'Policies', schema: policiesSchema, writers: 'settings' },
  {
    path: '/api/tenant-settings/privacy',
    label: 'Data & privacy',
    schema: privacySchema,
    writers: 'settings',
  },
];

const settingsRoutes: ApiRoute[] = SETTINGS_GROUPS.flatMap((g) => {
  const answer = g.wrap ? z.object({ [g.wrap]: g.schema }) : g.schema;
  return [
    {
      ...settings,
      access: 'signed-in',
      method: 'get' as const,
      path: g.path,
      summary: `${g.label}`,
      responses: ok(answer),
      ...(g.spec ? { spec: g.spec } : {}),
    },
    {
      ...settings,
      access: g.writers === 'owner' ? 'owner' : 'settings',
      method: 'put' as const,
      path: g.path,
      summary: `Change ${g.label.toLowerCase()} (any subset of the fields)`,
      body: g.schema.partial(),
      responses: ok(answer, 'The whole group after the change'),
      ...(g.spec ? { spec: g.spec } : {}),
    },
  ];
});

export const ADMIN_ROUTES: RouteTable = [
  {
    ...auth,
    access: 'public',
    method: 'post',
    path: '/api/login',
    summary: 'Sign in with e-mail and password',
    description:
      'Answers an access token (10 minutes) and sets the rotating refresh cookie. Failures never say whether the e-mail exists; repeated failures answer 429 with `Retry-After`.',
    body: loginBody,
    responses: {
      ...ok(sessionTokenSchema),
      401: {
        description: 'Wrong e-mail or password (`code` says which kind of failure, never which field).',
      },
      429: {
        description: 'Too many sign-in attempts from this address; `Retry-After` says when to try again.',
      },
    },
    spec: '01 §7',
  },
  {
    ...auth,
    access: 'public',
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'A new access token from the refresh cookie (the cookie rotates)',
    responses: {
      ...ok(refreshAnswerSchema, 'A new token, or `{authenticated: false}` when no cookie was sent'),
      401: { description: 'The session ended (`code: session_ended`, `reason`).' },
    },
  },
  {
    ...auth,
    access: 'public',
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out this session (the refresh cookie names it)',
    responses: ok(messageSchema),
  },
  {
    ...auth,
    access: 'public',
    method: 'post',
    path: '/api/logout',
    summary: "Sign out (the spec's path; browsers send the cookie only to /api/auth/logout)",
    responses: ok(messageSchema),
  },
  {
    ...users,
    access: 'signed-in',
    method: 'get',
    path: '/api/users/profile',
    summary: 'Who is signed in: role, permissions, hall',
    responses: ok(profileSchema),
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'get',
    path: '/api/users/parent-data/{parentUserId}',
    summary: "A sub-user's hall owner (hall name)",
    params: idParams('parentUserId'),
    responses: { ...ok(parentDataSchema), ...missing('hall owner') },
    spec: '01 §7',
  },
  {
    ...settings,
    access: 'signed-in',
    method: 'get',
    path: '/api/users/settings',
    summary: 'General and tax settings: time zone, formats, currency, GST, country',
    responses: ok(userSettingsSchema),
    spec: '01 §7',
  },
  {
    ...settings,
    access: 'settings',
    method: 'put',
    path: '/api/users/settings',
    summary: 'Change general or tax settings (any subset; the GST screen saves taxRate alone)',
    body: userSettingsUpdateSchema,
    responses: ok(userSettingsSchema, 'The settings after the change'),
    spec: '01 §7',
  },
  ...settingsRoutes,
  {
    ...users,
    access: 'signed-in',
    method: 'post',
    path: '/api/users/log-password-change',
    summary: 'The settings screen reports a password change (audited unless the server saw it)',
    responses: { 204: { description: 'Recorded' } },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'post',
    path: '/api/users/change-password',
    summary: 'Change your own password (other sessions end; this one gets fresh tokens)',
    body: changeOwnPasswordSchema,
    responses: ok(passwordChangedSchema),
  },
  {
    ...users,
    access: 'super-admin or owner',
    method: 'get',
    path: '/api/users',
    summary: "Accounts: every hall owner and super admin (super admin), or the owner's sub-users",
    responses: ok(z.array(accountSchema)),
    spec: '01 §7',
  },
  {
    ...users,
    access: 'super-admin or owner',
    method: 'post',
    path: '/api/users',
    summary: 'Create an account (super admin) or a sub-user (hall owner)',
    body: z.union([accountCreateBody, createSubUserSchema]),
    responses: {
      201: { description: 'Created', schema: z.union([accountSchema, subUserSchema]) },
      409: { description: 'The e-mail is already in use.' },
    },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'super-admin',
    method: 'put',
    path: '/api/users/{id}',
    summary: 'Edit an account, or deactivate / reactivate it with `{status}` alone',
    params: idParams('id'),
    body: accountUpdateBody,
    responses: { ...ok(accountSchema), ...missing('account') },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'super-admin or owner',
    method: 'delete',
    path: '/api/users/{id}',
    summary: 'Delete an account (super admin) or a sub-user (its hall owner)',
    params: idParams('id'),
    responses: { ...ok(messageSchema), ...missing('account') },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'owner',
    method: 'get',
    path: '/api/users/sub-users/{userId}',
    summary: "The owner's sub-users (Roles & Permissions)",
    params: z.object({ userId: z.string().meta({ description: "The hall owner's id (your own)." }) }),
    responses: ok(z.array(subUserSchema)),
    spec: '01 §7',
  },
  {
    ...users,
    access: 'owner',
    method: 'put',
    // The spec writes {subUserId}; the parameter has GET's name, since two paths that differ only
    // by a parameter's name are one path to OpenAPI (and to a generated client).
    path: '/api/users/sub-users/{userId}',
    summary: "Edit a sub-user's name, permissions or status",
    params: z.object({ userId: z.string().meta({ description: "The sub-user's id." }) }),
    body: updateSubUserSchema,
    responses: { ...ok(subUserSchema), ...missing('sub-user') },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'owner',
    method: 'put',
    path: '/api/users/change-sub-user-password',
    summary: "Set a sub-user's password (their sessions end)",
    body: changeSubUserPasswordSchema,
    responses: { ...ok(messageSchema), ...missing('sub-user') },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'post',
    path: '/api/users/upload-profile-picture',
    summary: 'Upload a profile picture (checked by content, 5 MB, re-encoded without metadata)',
    bodyType: 'multipart',
    body: z.object({ profilePicture: z.string().meta({ format: 'binary', description: 'The image file.' }) }),
    responses: { ...ok(pictureAnswerSchema), 413: { description: 'Larger than 5 MB.' } },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'delete',
    path: '/api/users/delete-profile-picture',
    summary: 'Remove the profile picture',
    responses: ok(pictureAnswerSchema),
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'get',
    path: '/api/files/profile-pictures/{file}',
    summary: 'A profile picture (of the caller, their venue, or any for the super admin)',
    params: z.object({ file: z.string() }),
    responses: { 200: { description: 'The image', contentType: 'image/webp' }, ...missing('picture') },
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit',
    summary: 'Audit entries, newest first (super admin: all; owner: the venue; staff: their own)',
    query: auditListSchema,
    responses: ok(auditPageSchema),
    spec: '01 §7',
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit/stats',
    summary: 'Counts per user, action and target type',
    query: auditFilterSchema.pick({ startDate: true, endDate: true }),
    responses: ok(auditStatsSchema),
    spec: '01 §7',
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit/actions',
    summary: 'The actions to filter by',
    responses: ok(auditActionsSchema),
    spec: '01 §7',
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit/target-types',
    summary: 'The target types to filter by',
    responses: ok(auditTargetTypesSchema),
    spec: '01 §7',
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit/export.csv',
    summary: 'The filtered entries as CSV (safe against spreadsheet formulas)',
    query: auditFilterSchema,
    responses: { 200: { description: 'CSV file', contentType: 'text/csv' } },
  },
  {
    ...audit,
    access: 'owner or super-admin',
    method: 'get',
    path: '/api/audit/verify',
    summary: 'Re-walk the hash chains: finds an entry edited or removed in the database',
    responses: ok(chainReportSchema),
  },
  {
    ...settings,
    access: 'owner',
    method: 'get',
    path: '/api/integrations/api-keys',
    summary: "The venue's API keys (never the keys themselves)",
    responses: ok(z.array(apiKeyViewSchema)),
  },
  {
    ...settings,
    access: 'owner',
    method: 'post',
    path: '/api/integrations/api-keys',
    summary: 'Create an API key: a name, page permissions, 1–365 days; the key is shown once',
    description:
      'The key is in the 201 answer only: it is stored nowhere, so a retry with the same `Idempotency-Key` answers 200 with the key’s record and a `message` instead (revoke it and create another if the first answer was lost).',
    body: createApiKeySchema,
    responses: {
      201: { description: 'Created (the only time `key` is shown)', schema: createdApiKeySchema },
      200: {
        description: 'Already created by a request with the same Idempotency-Key: the record without the key',
        schema: replayedApiKeySchema,
      },
    },
  },
  {
    ...settings,
    access: 'owner',
    method: 'delete',
    path: '/api/integrations/api-keys/{id}',
    summary: 'Revoke an API key (refused from its next request)',
    params: idParams('id'),
    responses: { ...ok(messageSchema), ...missing('API key') },
  },
  ...WEBHOOK_ROUTES,
  {
    ...settings,
    access: 'owner',
    method: 'get',
    path: '/api/tenant-settings/privacy/export',
    summary: 'Everything the venue holds, from every service, as one JSON file',
    responses: ok(tenantExportSchema),
  },
  {
    ...settings,
    access: 'owner',
    method: 'get',
    path: '/api/settings/online-bookings',
    summary: 'Settings → Online bookings: the public booking page, its questions and hire agreement',
    responses: ok(onlineBookingsSchema),
  },
  {
    ...settings,
    access: 'owner',
    method: 'put',
    path: '/api/settings/online-bookings',
    summary: 'Change Settings → Online bookings (the whole setting)',
    description:
      'The slug is unique across venues (409 naming `slug` when another venue has it). A change of the agreement or cancellation terms is the next agreement version; questions without an id get one.',
    body: onlineBookingsUpdateSchema,
    responses: {
      ...ok(onlineBookingsSchema, 'The setting after the change'),
      409: { description: 'Another venue already uses this address (`errors` names `slug`).' },
    },
  },
  {
    ...publicDoor,
    method: 'get',
    path: '/api/public/venues/{slug}/logo',
    summary: "The venue's logo (the hall owner's profile picture)",
    params: slugParams,
    responses: {
      200: { description: 'The image', contentType: 'image/webp' },
      404: { description: 'The venue has no logo (or takes no online bookings).' },
    },
  },
  {
    ...publicDoor,
    method: 'post',
    path: '/api/public/venues/{slug}/portal-link',
    summary: "E-mail a sign-in link to the venue's customer portal",
    description:
      'Always 202 with the same message, whether or not the address has booked here: nothing says which. The link (`/my/sign-in?token=…`) works once, within 30 minutes.',
    params: slugParams,
    body: portalLinkBody,
    responses: { 202: { description: 'Accepted (known address or not)', schema: messageSchema } },
  },
  {
    ...portal,
    access: 'public',
    method: 'post',
    path: '/api/portal/session',
    summary: 'Start a portal session with the e-mailed link (spent once)',
    description:
      'Answers a customer access token (10 minutes, refused on every staff call) and sets the rotating refresh cookie `venue_portal_refresh` (path /api/portal/session); the session lasts 30 days.',
    body: portalSessionBody,
    responses: {
      ...ok(portalTokenSchema),
      401: { description: 'The link is unknown, already used or older than 30 minutes.' },
    },
  },
  {
    ...portal,
    access: 'public',
    method: 'post',
    path: '/api/portal/session/refresh',
    summary: 'A new customer access token from the refresh cookie (the cookie rotates)',
    responses: {
      ...ok(portalTokenSchema),
      401: { description: 'No session: no cookie, or the session ended (`code: portal_session_ended`).' },
    },
  },
  {
    ...portal,
    access: 'public',
    method: 'delete',
    path: '/api/portal/session',
    summary: 'Sign out of the portal (the refresh cookie, or the access token, names the session)',
    responses: ok(messageSchema),
  },
  {
    ...portal,
    access: 'customer',
    method: 'get',
    path: '/api/portal/me',
    summary: 'Who is signed in to the portal, at which venue',
    responses: ok(portalMeSchema),
  },
  {
    ...settings,
    access: 'owner',
    method: 'post',
    path: '/api/tenant-settings/privacy/erase-customer',
    summary: "Erase one customer's personal data (by e-mail)",
    body: eraseCustomerBody,
    responses: {
      202: { description: 'Requested; bookings anonymises the customer shortly', schema: messageSchema },
    },
  },
];
