/**
 * What the money lists' search and sort mean, in one place: the screens filter and sort with it,
 * and the service's CSV exports (issue 10 item 5) apply it so the file holds the rows the screen
 * shows.
 */
import type { Invoice } from './schemas.ts';
import type { Quotation } from './quotations.ts';

/** Invoices & Payments search (spec 03 §2.1): any of these fields contains the lower-case needle. */
export function invoiceMatchesSearch(inv: Invoice, needle: string): boolean {
  return [
    inv.invoiceNumber,
    inv.id,
    inv.customer.name,
    inv.customer.email,
    inv.customer.abn,
    inv.bookingCode,
    inv.bookingId,
    inv.resource,
    inv.eventType,
    inv.description,
    inv.type,
    inv.status,
  ].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
}

export type InvoiceSortKey = 'invoiceNumber' | 'issueDate' | 'dueDate' | 'total';
export interface InvoiceSort {
  key: InvoiceSortKey;
  order: 'asc' | 'desc';
}
export const DEFAULT_INVOICE_SORT: InvoiceSort = { key: 'issueDate', order: 'desc' };

function invoiceSortValue(inv: Invoice, key: InvoiceSortKey): string | number {
  switch (key) {
    case 'invoiceNumber':
      return inv.invoiceNumber ?? '';
    case 'issueDate':
      // A draft has no issue date yet: it is the newest work, above every issued invoice.
      return inv.issueDate ?? '9999-12-31';
    case 'dueDate':
      return inv.dueDate;
    case 'total':
      return inv.totalCents;
  }
}

export function sortInvoices(invoices: readonly Invoice[], sort: InvoiceSort): Invoice[] {
  const dir = sort.order === 'asc' ? 1 : -1;
  return [...invoices].sort((a, b) => {
    const x = invoiceSortValue(a, sort.key);
    const y = invoiceSortValue(b, sort.key);
    if (x < y) return -dir;
    if (x > y) return dir;
    // Stable across refreshes: newest created first.
    return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
  });
}

/** Quotations search (spec 03 §2.3): id, number, customer, e-mail, event type or resource contains it. */
export function quotationMatchesSearch(q: Quotation, needle: string): boolean {
  return [q.id, q.number ?? '', q.customerName, q.customerEmail, q.eventType, q.resourceName].some((v) =>
    v.toLowerCase().includes(needle),
  );
}

export type QuotationSortKey = 'id' | 'eventDate' | 'amount' | 'deposit' | 'validUntil' | 'created';

export const quotationSortValue = (q: Quotation, key: QuotationSortKey): string | number =>
  key === 'id'
    ? q.id
    : key === 'eventDate'
      ? q.eventDate
      : key === 'amount'
        ? q.totalCents
        : key === 'deposit'
          ? q.depositCents
          : key === 'validUntil'
            ? q.validUntil
            : q.createdAt;

export function sortQuotations(rows: readonly Quotation[], key: QuotationSortKey, dir: 1 | -1): Quotation[] {
  return [...rows].sort((a, b) => {
    const x = quotationSortValue(a, key);
    const y = quotationSortValue(b, key);
    return (x < y ? -1 : x > y ? 1 : 0) * dir;
  });
}
