/**
 * Accounting exports (issue 26 item 4): a range of the venue's days as Xero's and MYOB's import
 * files, for the Invoices & Payments "Export for accounting" control and for automation:
 * - GET /api/invoices/export/xero — Xero's sales invoice import CSV (credit notes in the same file);
 * - GET /api/invoices/export/myob — MYOB AccountRight's service sales import;
 * - GET /api/payments/export/xero — Xero's bank statement import CSV;
 * - GET /api/payments/export/myob — MYOB AccountRight's customer payments import.
 * Written with the kit's one CSV writer (every cell quoted, formulas defused; a negative amount
 * stays a number). Amounts are stored cents as exact decimals, dates the venue's days in its
 * date format (what an AU Xero or MYOB file reads: DD/MM/YYYY). The rows are read a page at a
 * time by key (documents.ts), within the request's one transaction, and each page becomes CSV text as it
 * is read; the text is sent once the last page is in (the request's transaction ends before Koa
 * sends a body, so the answer is not streamed). A file covers at most 366 days, so one answer
 * holds at most a year of a venue's documents.
 *
 * The rows are rows.ts; each call of the contract's table is one handler in
 * `handlers/accounting-files.ts` (`serveOperations`).
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { getMyobPayments, getMyobSales, getXeroPayments, getXeroSales } from './handlers/accounting-files.ts';

const ACCOUNTING_EXPORT_ROUTES = MONEY_ROUTES.filter((r) =>
  /^\/api\/(invoices|payments)\/export\//.test(r.path),
);

export function accountingExportRoutes(router: AppRouter) {
  serveOperations(router, ACCOUNTING_EXPORT_ROUTES, [
    getXeroSales,
    getMyobSales,
    getXeroPayments,
    getMyobPayments,
  ]);
}
