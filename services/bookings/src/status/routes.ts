/**
 * PUT /api/bookings/{id}/status: any allowed transition. POST /api/bookings/{id}/confirm-preview:
 * the figures a confirmation would store, without changing anything (the confirm dialog).
 */
import type { AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { serveBookingOperations } from '../shared/operations.ts';
import { confirmPreview, putStatus } from './handlers/status.ts';

export function statusRoutes(router: AppRouter, deps: Deps): void {
  serveBookingOperations(router, [putStatus(deps), confirmPreview]);
}
