/**
 * Every route table the OpenAPI document is built from. An area adds its table here (one line):
 * comms and money add theirs from packages/contracts/src/comms and src/money-api when their
 * services are built.
 */
import { ADMIN_ROUTES } from '../admin/routes.ts';
import { BOOKING_ROUTES } from '../bookings/routes.ts';
import { CATALOGUE_ROUTES } from '../catalogue/routes.ts';
import { COMMS_ROUTES } from '../comms/routes.ts';
import { INSIGHTS_ROUTES } from '../insights/routes.ts';
import { MONEY_ROUTES } from '../money-api/routes.ts';
import type { RouteTable } from '../api/route-table.ts';

export const API_ROUTE_TABLES = [
  ADMIN_ROUTES,
  CATALOGUE_ROUTES,
  BOOKING_ROUTES,
  INSIGHTS_ROUTES,
  COMMS_ROUTES,
  MONEY_ROUTES,
] as const satisfies readonly RouteTable[];

/**
 * Every entry of the tables with its own literal type (its method, path and the very schemas it
 * parses with), so the kit's `operation('post /api/invoices', …)` types a handler's query and body
 * from the entry its key names (issue 28 item 1). Entries made in a loop (the settings groups)
 * are plain `ApiRoute`s here; their handlers get `unknown` and parse for themselves.
 */
export type ApiEntry = (typeof API_ROUTE_TABLES)[number][number];
