/**
 * The money CSV exports (spec 03 §2.1, §7; issue 10 item 5), written by the kit's one CSV writer
 * (csv-stringify, formula-guarded) instead of a second writer in the browser:
 * - GET /api/invoices/export.csv — Invoices & Payments with the screen's filters, sort and
 *   selection, named `invoices_export.csv`;
 * - GET /api/quotations/export.csv — Quotations with the screen's search, selects and sort,
 *   named `quotations-{venue day}.csv`.
 * Figures are the stored cents as exact decimals; dates in the venue's format and time zone.
 * Capped like the lists the screens show (5,000 newest rows, the same cap as
 * `GET /api/invoices/hall-owner/{id}` and `my-quotations`), so the file holds what the screen
 * could show and no query is unbounded. Registered before `/api/…/:id` so `export.csv` is no id.
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { getInvoiceCsv } from './handlers/invoice-csv.ts';
import { getQuotationCsv } from './handlers/quotation-csv.ts';

const CSV_ROUTES = MONEY_ROUTES.filter((r) => r.path.endsWith('/export.csv'));

export function csvExportRoutes(router: AppRouter) {
  serveOperations(router, CSV_ROUTES, [getInvoiceCsv, getQuotationCsv]);
}
