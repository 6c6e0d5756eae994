/**
 * Serving a feature's operations from the contract's route table (issue 28 item 2): each
 * feature's registrar gives its handlers, and the table's entries they name are served in the
 * table's order (`serveOperations` refuses a handler whose key the table lacks).
 */
import { BOOKING_ROUTES } from '@venue/contracts/bookings';
import { serveOperations, type AppRouter, type Operation } from '@venue/service-kit';

export function serveBookingOperations(router: AppRouter, operations: readonly Operation[]): void {
  const keys = new Set<string>(operations.map((op) => op.key));
  serveOperations(
    router,
    BOOKING_ROUTES.filter((entry) => keys.has(`${entry.method} ${entry.path}`)),
    operations,
  );
}
