/**
 * The Invoices & Payments CSV export (spec 03 §2.1, §7): the service writes the file with the
 * kit's one CSV writer (issue 10 item 5); the screen sends what it is showing — the filters, the
 * tab, the sort, or the selected invoices — so the file holds the rows on the screen.
 */
import { MONEY_CSV_PATHS } from '@venue/contracts/money-api';
import type { InvoiceFilters, InvoiceSort } from './invoice-filters.ts';
import { rangeDays, venueToday } from '../shared/venue-day.ts';

export { INVOICE_CSV_FILE } from '@venue/contracts/money-api';
export const NO_INVOICES_TO_EXPORT =
  'No invoices to export. Please adjust your filters or create some invoices first.';

export type InvoiceExport =
  | { kind: 'list'; tab: 'invoices' | 'paid'; filters: InvoiceFilters; sort: InvoiceSort }
  | { kind: 'selected'; ids: readonly string[]; sort: InvoiceSort };

/** The export call for what the screen shows. */
export function invoicesCsvPath(what: InvoiceExport, timezone: string, now: Date = new Date()): string {
  const { sort } = what;
  if (what.kind === 'selected')
    return MONEY_CSV_PATHS.invoices({ ids: what.ids, sort: sort.key, order: sort.order });
  const f = what.filters;
  const days = f.range ? rangeDays(f.range, venueToday(timezone, now)) : null;
  // The Paid tab is the filtered list's paid invoices (the caller has checked there are some).
  const status = what.tab === 'paid' ? ['PAID'] : f.statuses;
  return MONEY_CSV_PATHS.invoices({
    search: f.search.trim(),
    from: days?.from,
    to: days?.to,
    resource: f.resource ?? undefined,
    status,
    type: f.types,
    sort: sort.key,
    order: sort.order,
  });
}
