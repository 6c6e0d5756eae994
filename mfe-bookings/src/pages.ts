import type { ComponentType } from 'react';
import { BookingsAllPage } from './pages/all/BookingsAllPage.tsx';
import { CalendarPage } from './pages/calendar/CalendarPage.tsx';
import { CustomersPage } from './pages/customers/CustomersPage.tsx';
import { CancelledPage, CompletedPage, ConfirmedPage } from './pages/history/pages.tsx';
import { HoldsPage } from './pages/holds/HoldsPage.tsx';
import { PendingPage } from './pages/pending/PendingPage.tsx';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: Record<string, ComponentType> = {
  '/Calendar': CalendarPage,
  '/BookingsAll': BookingsAllPage,
  '/BookingsPending': PendingPage,
  '/BookingsHolds': HoldsPage,
  '/BookingsConfirmed': ConfirmedPage,
  '/BookingsCompleted': CompletedPage,
  '/BookingsCancelled': CancelledPage,
  '/Customers': CustomersPage,
};
