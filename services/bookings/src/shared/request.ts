/**
 * Readers of the request shared by the route modules, and the bodies of the booking actions as
 * strict schemas: the wrong JSON type is a 400 naming the field, never converted (`"48"` is not
 * 48, `[]` is not 0). Unknown fields are stripped, as in every service.
 */
import { pageQuery } from '@venue/contracts/bookings';
import { parseQuery, type AppContext } from '@venue/service-kit';

export { isUuid, tenantOf } from '@venue/service-kit';

/**
 * `page` from 1 and `limit` 1–100 (default 25), as the list contracts define them. Anything
 * else (`limit=1e9`, `limit=-1`, `page=abc`) is a 400 naming the parameter, never capped.
 */
export function pageParams(query: AppContext['query']) {
  const { page, limit } = parseQuery({ query, request: {} }, pageQuery);
  return { page, limit, offset: (page - 1) * limit };
}

// The bodies of the booking actions are the API contract's (contracts bookings/requests.ts).
export {
  HOLD_MESSAGE,
  acceptBody,
  bulkAcceptBody,
  declineBody,
  bulkDeclineBody,
  changesBody,
  statusBody,
  checkBody,
  moveBody,
} from '@venue/contracts/bookings';
