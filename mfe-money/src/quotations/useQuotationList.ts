/**
 * The Quotations list as the server pages it (decision 52): search, resource, status and sort go
 * to `GET /api/quotations`, the header's counts and figures come from `/api/quotations/summary`.
 * The keys start with quotationKeys.list, so every quotation write refreshes them.
 */
import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import {
  MONEY_PAGE_PATHS,
  pageQueryString,
  type QuotationPage,
  type QuotationSortKey,
  type QuotationSummary,
} from '@venue/contracts/money-api';
import { quotationKeys } from '../api/quotation-hooks.ts';
import type { QuotationExport } from './quotation-csv.ts';
import type { QuotationSort } from './QuotationTable.tsx';

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

/**
 * The list as the screen asks for it: search (sent once typing pauses), resource, status, sort
 * and page; a filter or sort change starts again at page 1.
 */
export function useQuotationBrowse() {
  const [search, setSearch] = useState('');
  const [resource, setResource] = useState<string>('All Resources');
  const [status, setStatus] = useState<string>('All Statuses');
  const [sort, setSort] = useState<QuotationSort>({ key: 'created', dir: -1 });
  const [page, setPage] = useState(1);
  const [sentSearch] = useDebouncedValue(search, 250);
  const list = useQuotationPage({ search: sentSearch, resource, status, sort }, page);
  const summary = useQuotationSummary();
  useEffect(() => setPage(1), [sentSearch, resource, status, sort]);
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / QUOTATION_PAGE_SIZE));
  const sortBy = (key: QuotationSortKey) =>
    setSort((s) => ({ key, dir: s.key === key ? (-s.dir as 1 | -1) : 1 }));
  return {
    view: { search, resource, status, sort },
    setSearch,
    setResource,
    setStatus,
    sortBy,
    page,
    setPage,
    list,
    summary,
    rows,
    pages,
  };
}
