/** The bookings service's calls (docs/api/bookings.md): bookings, holds, calendar and customers. */
import type { RouteTable } from '../api/route-table.ts';
import { STAFF_BOOKING_ROUTES } from './booking-routes.ts';
import { CUSTOMER_ROUTES } from './customer-routes.ts';
import { PORTAL_ROUTES, PUBLIC_DOOR_ROUTES } from './door-routes.ts';

// In this order: the OpenAPI document and the generated tests list the calls as the table does.
export const BOOKING_ROUTES = [
  ...STAFF_BOOKING_ROUTES,
  ...CUSTOMER_ROUTES,
  ...PUBLIC_DOOR_ROUTES,
  ...PORTAL_ROUTES,
] as const satisfies RouteTable;
