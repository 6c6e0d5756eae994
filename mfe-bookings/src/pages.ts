import { lazyPage, type SectionPages } from '@venue/ui/remote-root';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: SectionPages = {
  '/Calendar': lazyPage(() => import('./pages/calendar/CalendarPage.tsx'), 'CalendarPage'),
  '/BookingsAll': lazyPage(() => import('./pages/all/BookingsAllPage.tsx'), 'BookingsAllPage'),
  '/BookingsPending': lazyPage(() => import('./pages/pending/PendingPage.tsx'), 'PendingPage'),
  '/BookingsHolds': lazyPage(() => import('./pages/holds/HoldsPage.tsx'), 'HoldsPage'),
  '/BookingsConfirmed': lazyPage(() => import('./pages/history/pages.tsx'), 'ConfirmedPage'),
  '/BookingsCompleted': lazyPage(() => import('./pages/history/pages.tsx'), 'CompletedPage'),
  '/BookingsCancelled': lazyPage(() => import('./pages/history/pages.tsx'), 'CancelledPage'),
  '/Customers': lazyPage(() => import('./pages/customers/CustomersPage.tsx'), 'CustomersPage'),
};
