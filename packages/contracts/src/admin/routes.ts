/**
 * The admin service's calls (docs/api/admin.md): sign-in and sessions, accounts and sub-users,
 * settings, pictures, the audit log, API keys, data and privacy. The internal ones
 * (`/internal/*`) are never routed by the gateway and are not here.
 */
import type { RouteTable } from '../api/route-table.ts';
import { PROFILE_ROUTES, SIGN_IN_ROUTES, STAFF_ROUTES } from './account-routes.ts';
import { AUDIT_ROUTES } from './audit-routes.ts';
import { PORTAL_ROUTES, PUBLIC_DOOR_ROUTES } from './portal-routes.ts';
import {
  API_KEY_ROUTES,
  ERASE_CUSTOMER_ROUTES,
  EXPORT_AND_ONLINE_BOOKING_ROUTES,
  USER_SETTINGS_ROUTES,
} from './settings-routes.ts';
import { WEBHOOK_ROUTES } from './webhooks-routes.ts';

// In this order: the OpenAPI document and the generated tests list the calls as the table does.
export const ADMIN_ROUTES = [
  ...SIGN_IN_ROUTES,
  ...PROFILE_ROUTES,
  ...USER_SETTINGS_ROUTES,
  ...STAFF_ROUTES,
  ...AUDIT_ROUTES,
  ...API_KEY_ROUTES,
  ...WEBHOOK_ROUTES,
  ...EXPORT_AND_ONLINE_BOOKING_ROUTES,
  ...PUBLIC_DOOR_ROUTES,
  ...PORTAL_ROUTES,
  ...ERASE_CUSTOMER_ROUTES,
] as const satisfies RouteTable;
