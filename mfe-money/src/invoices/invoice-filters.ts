/**
 * The Invoices & Payments filters (spec 03 §2.1) as the screen holds them, and the row menu's
 * rules. The service filters and pages (`GET /api/invoices`, decision 52); the spec left the
 * date-range and resource selects dead — here they filter.
 */
import {
  DEFAULT_INVOICE_SORT,
  type Invoice,
  type InvoiceStatus,
  type InvoiceType,
} from '@venue/contracts/money-api';
import type { DateRange } from '../shared/venue-day.ts';

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

// Search and sort are shared with the service's CSV export (contracts money-api list-filters).
export { sortInvoices, type InvoiceSort, type InvoiceSortKey } from '@venue/contracts/money-api';
export const DEFAULT_SORT = DEFAULT_INVOICE_SORT;

/** Row-menu eligibility (spec 03 §2.1), matching what the service allows. */
export const can = {
  /**
   * Send to customer: a DRAFT is issued; any invoice issued before, paid or refunded ones too,
   * can always be sent again, as a copy marked as such (issue 24 item 14). Only a void one cannot.
   */
  send: (i: Invoice) => i.status !== 'VOID',
  /** Whether Send to customer sends a copy of an invoice issued before. */
  sendsCopy: (i: Invoice) => i.status !== 'DRAFT' && i.status !== 'VOID',
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
