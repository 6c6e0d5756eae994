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
  '/Invoices': lazyPage(() => import('./invoices/InvoicesPage.tsx'), 'InvoicesPage'),
  '/Deposits': lazyPage(() => import('./deposits/DepositsPage.tsx'), 'DepositsPage'),
  '/Quotations': lazyPage(() => import('./quotations/QuotationsPage.tsx'), 'QuotationsPage'),
  '/Reports': lazyPage(() => import('./reports/ReportsPage.tsx'), 'ReportsPage'),
};
