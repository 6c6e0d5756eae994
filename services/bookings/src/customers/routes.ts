/** /api/customers: the directory with RFM, one customer's data, exports and anonymisation. */
import type { AppRouter } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { serveBookingOperations } from '../shared/operations.ts';
import { anonymise, getCustomer, listCustomerDirectory } from './handlers/customer.ts';
import { customerCsv, customerPdfExport } from './handlers/exports.ts';

export function customerRoutes(router: AppRouter, deps: Deps): void {
  serveBookingOperations(router, [
    listCustomerDirectory(deps),
    getCustomer(deps),
    customerCsv(deps),
    customerPdfExport(deps),
    anonymise(deps),
  ]);
}
