/** Requests and holds: accept (tentative hold), decline, request changes, their bulk forms, expiring holds. */
import type { AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { serveBookingOperations } from '../shared/operations.ts';
import { acceptBooking, bulkAccept } from './handlers/accept.ts';
import { bulkDecline, declineBooking } from './handlers/decline.ts';
import { holdsExpiring } from './handlers/holds-expiring.ts';
import { requestChanges } from './handlers/request-changes.ts';

export function holdRoutes(router: AppRouter, deps: Deps): void {
  serveBookingOperations(router, [
    holdsExpiring(deps),
    bulkAccept(deps),
    bulkDecline(deps),
    acceptBooking(deps),
    declineBooking(deps),
    requestChanges(deps),
  ]);
}
