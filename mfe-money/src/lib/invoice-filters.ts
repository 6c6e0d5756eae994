/**
 * The Invoices & Payments filters (spec 03 §2.1), as pure functions so they are tested without a
 * screen. The list is the tenant's whole invoice array (`GET /api/invoices/hall-owner/{id}`);
 * the spec left the date-range and resource selects dead — here they filter.
 */
import {
  DEFAULT_INVOICE_SORT,
  invoiceMatchesSearch,
  type Invoice,
  type InvoiceStatus,
  type InvoiceType,
} from '@venue/contracts/money-api';
import { rangeDays, venueToday, type DateRange } from './venue-day.ts';

export interface InvoiceFilters {
  search: string;
  range: DateRange | null;
  /** A resource name, or null for All Resources. */
  resource: string | null;
  /** More Filters: statuses and types kept (empty = all). */
  statuses: InvoiceStatus[];
  types: InvoiceType[];
}

export const NO_FILTERS: InvoiceFilters = {
  search: '',
  range: null,
  resource: null,
  statuses: [],
  types: [],
};

export function hasFilters(f: InvoiceFilters): boolean {
  return (
    Boolean(f.search.trim()) ||
    f.range !== null ||
    f.resource !== null ||
    f.statuses.length > 0 ||
    f.types.length > 0
  );
}

/** The venue day an invoice belongs to for the date range: its issue date, a draft's creation day. */
export function invoiceDay(inv: Invoice, timezone: string): string {
  return inv.issueDate ?? venueToday(timezone, new Date(inv.createdAt));
}

export function filterInvoices(
  invoices: readonly Invoice[],
  f: InvoiceFilters,
  timezone: string,
  now: Date = new Date(),
): Invoice[] {
  const needle = f.search.trim().toLowerCase();
  const days = f.range ? rangeDays(f.range, venueToday(timezone, now)) : null;
  return invoices.filter((inv) => {
    if (needle && !invoiceMatchesSearch(inv, needle)) return false;
    if (f.resource !== null && inv.resource !== f.resource) return false;
    if (f.statuses.length > 0 && !f.statuses.includes(inv.status)) return false;
    if (f.types.length > 0 && !f.types.includes(inv.type)) return false;
    if (days) {
      const day = invoiceDay(inv, timezone);
      if (day < days.from || day > days.to) return false;
    }
    return true;
  });
}

// Search and sort are shared with the service's CSV export (contracts money-api list-filters).
export { sortInvoices, type InvoiceSort, type InvoiceSortKey } from '@venue/contracts/money-api';
export const DEFAULT_SORT = DEFAULT_INVOICE_SORT;

/** The distinct resources of the tenant's invoices, for the resource select. */
export function resourcesOf(invoices: readonly Invoice[]): string[] {
  return [...new Set(invoices.map((i) => i.resource).filter((r): r is string => Boolean(r)))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** Row-menu eligibility (spec 03 §2.1), matching what the service allows. */
export const can = {
  /** DRAFT issues it (status SENT); SENT and OVERDUE e-mail it again as a reminder. */
  send: (i: Invoice) => i.status === 'DRAFT' || i.status === 'SENT' || i.status === 'OVERDUE',
  /** A payment needs an issued, open invoice. */
  recordPayment: (i: Invoice) => i.status === 'SENT' || i.status === 'OVERDUE' || i.status === 'PARTIAL',
  markPaid: (i: Invoice) => i.status === 'SENT' || i.status === 'OVERDUE' || i.status === 'PARTIAL',
  void: (i: Invoice) =>
    i.status === 'DRAFT' ||
    ((i.status === 'SENT' || i.status === 'OVERDUE') && i.paidCents === 0 && i.creditedCents === 0),
  refund: (i: Invoice) => i.status === 'PAID' || i.status === 'PARTIAL',
  receipt: (i: Invoice) =>
    i.paidCents > 0 || i.status === 'PAID' || i.status === 'PARTIAL' || i.status === 'REFUNDED',
  remind: (i: Invoice) => i.status === 'SENT' || i.status === 'OVERDUE' || i.status === 'PARTIAL',
};
