import { lazyPage, type SectionPages } from '@venue/ui/remote-root';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: SectionPages = {
  '/Calendar': lazyPage(() => import('./calendar/CalendarPage.tsx'), 'CalendarPage'),
  '/BookingsAll': lazyPage(() => import('./all-bookings/BookingsAllPage.tsx'), 'BookingsAllPage'),
  '/BookingsPending': lazyPage(() => import('./pending/PendingPage.tsx'), 'PendingPage'),
  '/BookingsHolds': lazyPage(() => import('./holds/HoldsPage.tsx'), 'HoldsPage'),
  '/BookingsConfirmed': lazyPage(() => import('./history/pages.tsx'), 'ConfirmedPage'),
  '/BookingsCompleted': lazyPage(() => import('./history/pages.tsx'), 'CompletedPage'),
  '/BookingsCancelled': lazyPage(() => import('./history/pages.tsx'), 'CancelledPage'),
  '/Customers': lazyPage(() => import('./customers/CustomersPage.tsx'), 'CustomersPage'),
};
