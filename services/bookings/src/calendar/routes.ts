/** GET /api/calendar: a compact month of bookings and block-outs. */
import type { AppRouter } from '@venue/service-kit';
import { serveBookingOperations } from '../shared/operations.ts';
import { getCalendar } from './handlers/calendar.ts';

export function calendarRoutes(router: AppRouter): void {
  serveBookingOperations(router, [getCalendar]);
}
