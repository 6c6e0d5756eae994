/**
 * The Deposits tabs as the server pages them (decision 52): the search and the Paid/Unpaid
 * filter go to `GET /api/deposits` (bookings) and `GET /api/deposits/quotations/page`
 * (quotations); each tab's three cards come from its `…/summary`. Every key starts with
 * keys.deposits, so the page's Refresh and every money write refresh them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import {
  MONEY_PAGE_PATHS,
  pageQueryString,
  type DepositPage,
  type DepositSummary,
  type QuotationDepositPage,
} from '@venue/contracts/money-api';
import { keys } from '../api/keys.ts';
import type { DepositFilter } from './deposit-filters.ts';

export const DEPOSIT_PAGE_SIZE = 25;

function pagePath(base: string, search: string, filter: DepositFilter, page: number) {
  return (
    base +
    pageQueryString({
      search: search.trim(),
      paid: filter === 'All' ? undefined : filter,
      page,
      limit: DEPOSIT_PAGE_SIZE,
    })
  );
}

export function useDepositPage(search: string, filter: DepositFilter, page: number) {
  const { api } = useSession();
  const path = pagePath(MONEY_PAGE_PATHS.deposits, search, filter, page);
  return useQuery({
    queryKey: [...keys.deposits, 'page', path] as const,
    queryFn: () => api.request<DepositPage>('fetch deposits', 'GET', path),
    placeholderData: keepPreviousData,
  });
}

export function useQuotationDepositPage(search: string, filter: DepositFilter, page: number) {
  const { api } = useSession();
  const path = pagePath(MONEY_PAGE_PATHS.quotationDeposits, search, filter, page);
  return useQuery({
    queryKey: [...keys.deposits, 'quotations', 'page', path] as const,
    queryFn: () => api.request<QuotationDepositPage>('fetch quotation deposits', 'GET', path),
    placeholderData: keepPreviousData,
  });
}

/** A tab's three cards: `bookings` or `quotations`. */
export function useDepositSummary(tab: 'bookings' | 'quotations') {
  const { api } = useSession();
  const path =
    tab === 'bookings' ? MONEY_PAGE_PATHS.depositSummary : MONEY_PAGE_PATHS.quotationDepositSummary;
  return useQuery({
    queryKey: [...keys.deposits, tab, 'summary'] as const,
    queryFn: () => api.request<DepositSummary>('fetch deposit figures', 'GET', path),
  });
}
