/**
 * The money service's calls (spec 03 §7; issue 13, decisions 31 and 32): invoices, payments,
 * credit notes, deposits and bonds. Quotations (decision 33).
 */
import type { RouteTable } from '../api/route-table.ts';
import { DEPOSIT_ROUTES } from './deposit-routes.ts';
import { INVOICE_ROUTES } from './invoice-routes.ts';
import { PAYLINK_ROUTES } from './paylinks.ts';
import { PORTAL_MONEY_ROUTES } from './portal.ts';
import { QUOTATION_DEPOSIT_ROUTES } from './quotation-deposits.ts';
import { QUOTATION_ROUTES } from './quotation-routes.ts';

// In this order: the OpenAPI document and the generated tests list the calls as the table does.
export const MONEY_ROUTES = [
  ...INVOICE_ROUTES,
  ...DEPOSIT_ROUTES,
  ...QUOTATION_ROUTES,
  ...QUOTATION_DEPOSIT_ROUTES,
  ...PAYLINK_ROUTES,
  ...PORTAL_MONEY_ROUTES,
] as const satisfies RouteTable;
