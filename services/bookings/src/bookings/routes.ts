/**
 * The bookings' own calls: the lists, stats, search and export, one booking's create, read,
 * edit, move and the form's check, and recurring series. Each call of the contract's table is
 * one named handler in handlers/ (issue 28 item 2); create, check, edit, move and the series
 * open their own reads and writes around the catalogue's answers (`transaction: 'none'`).
 */
import type { AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { serveBookingOperations } from '../shared/operations.ts';
import { checkBooking } from './handlers/check.ts';
import { createAdminBooking, editBooking, getBooking, moveBooking } from './handlers/edit.ts';
import { exportBookings } from './handlers/export.ts';
import { bookingPage, hallOwnerBookings, searchBookings } from './handlers/list.ts';
import { checkSeries, createRecurring } from './handlers/recurring.ts';
import { bookingStats } from './handlers/stats.ts';

/** The lists; before holds' and the {id} routes, which would take stats or export.csv for an id. */
export function listRoutes(router: AppRouter, deps: Deps): void {
  serveBookingOperations(router, [
    hallOwnerBookings(deps),
    bookingPage(deps),
    bookingStats(deps),
    searchBookings,
    exportBookings(deps),
  ]);
}

export function editRoutes(router: AppRouter, deps: Deps): void {
  serveBookingOperations(router, [
    checkBooking(deps),
    createAdminBooking(deps),
    checkSeries(deps),
    createRecurring(deps),
    getBooking,
    editBooking(deps),
    moveBooking(deps),
  ]);
}
