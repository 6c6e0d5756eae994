import { lazyPage, type SectionPages } from '@venue/ui/remote-root';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: SectionPages = {
  '/Invoices': lazyPage(() => import('./invoices/InvoicesPage.tsx'), 'InvoicesPage'),
  '/Deposits': lazyPage(() => import('./deposits/DepositsPage.tsx'), 'DepositsPage'),
  '/Quotations': lazyPage(() => import('./quotations/QuotationsPage.tsx'), 'QuotationsPage'),
  '/Reports': lazyPage(() => import('./reports/ReportsPage.tsx'), 'ReportsPage'),
};
