import { lazy, type ComponentType } from 'react';

/**
 * Each page is its own chunk, loaded when first shown: a visit downloads that page's code and
 * the libraries only it uses, not every screen of the section.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: Record<string, ComponentType> = {
  '/Calendar': lazyPage(() => import('./pages/calendar/CalendarPage.tsx'), 'CalendarPage'),
  '/BookingsAll': lazyPage(() => import('./pages/all/BookingsAllPage.tsx'), 'BookingsAllPage'),
  '/BookingsPending': lazyPage(() => import('./pages/pending/PendingPage.tsx'), 'PendingPage'),
  '/BookingsHolds': lazyPage(() => import('./pages/holds/HoldsPage.tsx'), 'HoldsPage'),
  '/BookingsConfirmed': lazyPage(() => import('./pages/history/pages.tsx'), 'ConfirmedPage'),
  '/BookingsCompleted': lazyPage(() => import('./pages/history/pages.tsx'), 'CompletedPage'),
  '/BookingsCancelled': lazyPage(() => import('./pages/history/pages.tsx'), 'CancelledPage'),
  '/Customers': lazyPage(() => import('./pages/customers/CustomersPage.tsx'), 'CustomersPage'),
};
