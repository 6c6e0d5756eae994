/**
 * The Invoices & Payments list as the server pages it (decision 52): the screen's filters, sort
 * and page go to `GET /api/invoices`, the header figures and tab counts come from
 * `GET /api/invoices/summary`. The keys start with keys.invoices, so every money write that
 * refreshes the invoices refreshes these too.
 */
import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import {
  MONEY_PAGE_PATHS,
  pageQueryString,
  type Invoice,
  type InvoicePage,
  type InvoiceStatus,
  type InvoiceSummary,
} from '@venue/contracts/money-api';
import { keys } from '../api/keys.ts';
import type { InvoiceFilters, InvoiceSort } from './invoice-filters.ts';
import { rangeDays, venueToday } from '../shared/venue-day.ts';

export const INVOICE_PAGE_SIZE = 25;

/** The filters as the server takes them (the date range as the venue's days). */
export function serverFilters(f: InvoiceFilters, timezone: string, now: Date = new Date()) {
  const days = f.range ? rangeDays(f.range, venueToday(timezone, now)) : null;
  return {
    search: f.search.trim(),
    from: days?.from,
    to: days?.to,
    resource: f.resource,
    status: f.statuses,
    type: f.types,
  };
}

/** The Paid tab: the filters' statuses narrowed to PAID (none left: the tab is empty). */
export function paidStatuses(f: InvoiceFilters): InvoiceStatus[] {
  return f.statuses.length === 0 || f.statuses.includes('PAID') ? ['PAID'] : [];
}

/**
 * One page of the list. The total comes from the summary (counted once per filter change), so
 * a page asks for no count (`withTotal=0`).
 */
export function useInvoicePage(
  filters: ReturnType<typeof serverFilters>,
  sort: InvoiceSort,
  page: number,
  enabled = true,
) {
  const { api } = useSession();
  const path =
    MONEY_PAGE_PATHS.invoices +
    pageQueryString({
      ...filters,
      sort: sort.key,
      order: sort.order,
      page,
      limit: INVOICE_PAGE_SIZE,
      withTotal: 0,
    });
  return useQuery({
    queryKey: [...keys.invoices, 'page', path] as const,
    queryFn: () => api.request<InvoicePage>('fetch invoices', 'GET', path),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvoiceSummary(filters: ReturnType<typeof serverFilters>) {
  const { api } = useSession();
  const path =
    MONEY_PAGE_PATHS.invoiceSummary +
    pageQueryString({
      search: filters.search,
      from: filters.from,
      to: filters.to,
      resource: filters.resource,
      status: filters.status,
      type: filters.type,
    });
  return useQuery({
    queryKey: [...keys.invoices, 'summary', path] as const,
    queryFn: () => api.request<InvoiceSummary>('fetch invoice figures', 'GET', path),
    placeholderData: keepPreviousData,
  });
}

/** Every invoice Send Reminders would remind (SENT, OVERDUE, PARTIAL), up to the 500 it takes. */
export async function fetchRemindable(
  api: ReturnType<typeof useSession>['api'],
  max = 500,
): Promise<Invoice[]> {
  const out: Invoice[] = [];
  let cursor: string | null = null;
  do {
    const page: InvoicePage = await api.request<InvoicePage>(
      'fetch invoices',
      'GET',
      MONEY_PAGE_PATHS.invoices +
        pageQueryString({ status: ['SENT', 'OVERDUE', 'PARTIAL'], limit: 100, withTotal: 0, cursor }),
    );
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && out.length < max);
  return out.slice(0, max);
}

/**
 * The Invoices page's reads for its filters, sort, tab and page: the summary, the Invoices tab's
 * page and the Paid tab's (asked only while that tab is open and PAID is not filtered out). The
 * search goes to the server once typing pauses; the other filters at once.
 */
export function useInvoiceLists(
  filters: InvoiceFilters,
  sort: InvoiceSort,
  tab: 'invoices' | 'paid',
  page: number,
) {
  const { settings } = useSession();
  const [search] = useDebouncedValue(filters.search, 250);
  const sent = useMemo(
    () => serverFilters({ ...filters, search }, settings.timezone),
    [filters, search, settings.timezone],
  );
  const paidOnly = useMemo(() => ({ ...sent, status: paidStatuses(filters) }), [sent, filters]);
  const summary = useInvoiceSummary(sent);
  const listPage = useInvoicePage(sent, sort, tab === 'invoices' ? page : 1);
  const paidPage = useInvoicePage(
    paidOnly,
    // the screen's sort, as the Paid tab's CSV export has it
    sort,
    tab === 'paid' ? page : 1,
    tab === 'paid' && paidOnly.status.length > 0,
  );
  const rows = useMemo(() => listPage.data?.items ?? [], [listPage.data]);
  const paid = paidOnly.status.length > 0 ? (paidPage.data?.items ?? []) : [];
  const matching = summary.data?.matchingCount ?? 0;
  const matchingPaid = summary.data?.matchingPaidCount ?? 0;
  const pages = Math.max(1, Math.ceil((tab === 'paid' ? matchingPaid : matching) / INVOICE_PAGE_SIZE));
  return { search, summary, listPage, paidPage, rows, paid, matching, matchingPaid, pages };
}
