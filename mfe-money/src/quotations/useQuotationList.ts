/**
 * The Quotations list as the server pages it (decision 52): search, resource, status and sort go
 * to `GET /api/quotations`, the header's counts and figures come from `/api/quotations/summary`.
 * The keys start with quotationKeys.list, so every quotation write refreshes them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import {
  MONEY_PAGE_PATHS,
  pageQueryString,
  type QuotationPage,
  type QuotationSummary,
} from '@venue/contracts/money-api';
import { quotationKeys } from '../api/quotation-hooks.ts';
import type { QuotationExport } from './quotation-csv.ts';

export const QUOTATION_PAGE_SIZE = 25;

/** One page; its total counted by the server on page-number requests (capped at 10,000, 1,000 searched). */
export function useQuotationPage(v: QuotationExport, page: number) {
  const { api } = useSession();
  const path =
    MONEY_PAGE_PATHS.quotations +
    pageQueryString({
      search: v.search.trim(),
      resource: v.resource === 'All Resources' ? undefined : v.resource,
      status: v.status === 'All Statuses' ? undefined : v.status,
      sort: v.sort.key,
      order: v.sort.dir === 1 ? 'asc' : 'desc',
      page,
      limit: QUOTATION_PAGE_SIZE,
    });
  return useQuery({
    queryKey: [...quotationKeys.list, 'page', path] as const,
    queryFn: () => api.request<QuotationPage>('fetch quotations', 'GET', path),
    placeholderData: keepPreviousData,
  });
}

export function useQuotationSummary() {
  const { api } = useSession();
  return useQuery({
    queryKey: [...quotationKeys.list, 'summary'] as const,
    queryFn: () =>
      api.request<QuotationSummary>('fetch quotation figures', 'GET', MONEY_PAGE_PATHS.quotationSummary),
  });
}
