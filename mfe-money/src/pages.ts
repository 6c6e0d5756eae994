import type { ComponentType } from 'react';
import { plannedPage } from '@venue/ui';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: Record<string, ComponentType> = {
  '/Invoices': plannedPage('/Invoices', 'Invoices, payments received and outstanding balances.'),
  '/Deposits': plannedPage('/Deposits', 'Deposits and bonds requested, paid and refunded.'),
  '/Quotations': plannedPage(
    '/Quotations',
    'Quotations sent to customers and their conversion into bookings.',
  ),
  '/Reports': plannedPage('/Reports', 'Revenue, occupancy and booking reports for chosen periods.'),
};
