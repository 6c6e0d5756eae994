/** The catalogue service's calls (docs/api/catalogue.md): resources, rate cards, add-ons, holidays, block-outs. */
import type { RouteTable } from '../api/route-table.ts';
import { BLOCKOUT_ROUTES } from './blockout-routes.ts';
import { HOLIDAY_ROUTES } from './holiday-routes.ts';
import { PRICING_ROUTES } from './pricing-routes.ts';
import { PUBLIC_VENUE_ROUTES } from './public-routes.ts';
import { RESOURCE_ROUTES } from './resource-routes.ts';

// In this order: the OpenAPI document and the generated tests list the calls as the table does.
export const CATALOGUE_ROUTES = [
  ...RESOURCE_ROUTES,
  ...PRICING_ROUTES,
  ...HOLIDAY_ROUTES,
  ...BLOCKOUT_ROUTES,
  ...PUBLIC_VENUE_ROUTES,
] as const satisfies RouteTable;
