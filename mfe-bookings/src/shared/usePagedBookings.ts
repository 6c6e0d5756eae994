import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { downloadFromServer, useSession } from '@venue/ui';
import { queryString, useBookingList, type Params } from '../api/hooks.ts';
import { errorText, toastError } from './notify.ts';
import type { Booking, Paged } from '../api/types.ts';
import type { SortState } from './BookingsTable.tsx';

const PAGE_SIZE = 25;

/**
 * One server-sorted, server-paged booking list. Filters settle for 300 ms before the server is
 * asked (spec 02 §9); callers memoise `filters` so an unchanged filter set does not refetch.
 * A new filter set or sort starts again on page 1.
 */
export function usePagedBookings(filters: Params, initialSort: SortState) {
  const [sort, setSort] = useState<SortState>(initialSort);
  const [page, setPage] = useState(1);
  const [pagedFor, setPagedFor] = useState(filters);
  if (pagedFor !== filters) {
    setPagedFor(filters);
    setPage(1);
  }
  const [debounced] = useDebouncedValue(filters, 300);
  const params = { ...debounced, sort: sort.sort, order: sort.order, limit: PAGE_SIZE };
  const key = JSON.stringify(params);
  // Page 1 brings the count (capped at 10,000); later pages ask withTotal=0 and show the figure
  // page 1 gave for the same filters and sort, so turning pages never counts the list again.
  const [counted, setCounted] = useState<{
    key: string;
    total: number;
    totalPages: number;
    estimate: boolean;
  } | null>(null);
  const known = counted?.key === key ? counted : null;
  const list = useBookingList({ ...params, page, withTotal: page > 1 && known ? 0 : undefined });
  // A page as the server answers it: counted on page 1 only (platform contract, Paging).
  const answer = list.data;
  if (
    answer &&
    !list.isPlaceholderData &&
    answer.total !== null &&
    answer.totalPages !== null &&
    (known?.total !== answer.total || known.estimate !== (answer.totalIsEstimate === true))
  )
    setCounted({
      key,
      total: answer.total,
      totalPages: answer.totalPages,
      estimate: answer.totalIsEstimate === true,
    });
  const onSort = (next: SortState) => {
    setSort(next);
    setPage(1);
  };
  /** The rows, sort and pager props of the BookingsTable that shows one loaded page. */
  const table = (data: Paged<Booking>) => {
    return {
      rows: data.items,
      sort,
      onSort,
      page: data.page ?? undefined,
      totalPages: data.totalPages ?? known?.totalPages,
      total: data.total ?? known?.total,
      totalIsEstimate: data.total !== null ? data.totalIsEstimate : known?.estimate,
      onPage: setPage,
    };
  };
  return { list, debounced, sort, table };
}

/** Downloads the server's CSV of a filtered list; a failure is a toast, never a thrown error. */
export function useCsvExport() {
  const { getToken } = useSession();
  return async (params: Params, fileName: string) => {
    try {
      await downloadFromServer(getToken, `/api/bookings/export.csv${queryString(params)}`, fileName);
    } catch (err) {
      toastError('Export failed', errorText(err));
    }
  };
}
