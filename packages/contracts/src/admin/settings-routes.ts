/**
 * Admin's Settings calls: the user's settings, the settings groups (one GET and one PUT each),
 * API keys, the privacy export and erasure, and the online bookings settings.
 */
import { z } from 'zod';
import { messageSchema } from '../api/common.ts';
import type { ApiRoute, RouteTable } from '../api/route-table.ts';
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
import { eraseCustomerBody, policiesSchema, privacySchema } from './requests.ts';
import {
  apiKeyViewSchema,
  createdApiKeySchema,
  replayedApiKeySchema,
  tenantExportSchema,
} from './responses.ts';
import { idParams, missing, ok, settings } from './route-parts.ts';

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

export const USER_SETTINGS_ROUTES = [
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
] as const satisfies RouteTable;

export const API_KEY_ROUTES = [
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
] as const satisfies RouteTable;

/** The venue's data export and the online bookings settings. */
export const EXPORT_AND_ONLINE_BOOKING_ROUTES = [
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
] as const satisfies RouteTable;

export const ERASE_CUSTOMER_ROUTES = [
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
] as const satisfies RouteTable;
