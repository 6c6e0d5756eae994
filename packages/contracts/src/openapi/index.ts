/**
 * `@venue/contracts/openapi`: the product's OpenAPI 3.1 document, built from every route table.
 * Kept apart from `@venue/contracts/api` (which every service loads for its field helpers) so
 * only the gateway and the scripts build the whole document.
 */
import { buildOpenApi } from '../api/openapi.ts';
import { API_ROUTE_TABLES } from './tables.ts';

export { API_ROUTE_TABLES, type ApiEntry } from './tables.ts';

/** The document as the gateway serves it and docs/api/openapi.json keeps it. */
export function venueOpenApi(): Record<string, unknown> {
  return buildOpenApi(API_ROUTE_TABLES);
}
