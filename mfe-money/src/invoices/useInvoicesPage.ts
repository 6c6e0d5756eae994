/**
 * The Invoices page's state and reads: the list's view (tab, filters, sort, page), the open
 * dialog and invoice (a link's #INV-… too), the ticked invoices, and what to do to invoices.
 */
import { useState } from 'react';
import { DEFAULT_SORT, NO_FILTERS, type InvoiceFilters, type InvoiceSort } from './invoice-filters.ts';
import type { InvoiceDialog } from './InvoiceDialogs.tsx';
import type { InvoiceTab } from './InvoiceTabs.tsx';
import { useInvoiceActions } from './useInvoiceActions.ts';
import { useInvoiceLists } from './useInvoiceList.ts';
import { useInvoiceSelection } from './useInvoiceSelection.ts';
import { useInvoiceHash, useOpenHashMatch, useOpenInvoice } from './useOpenInvoice.ts';

/** The list's tab, filters, sort and page; a change of tab, filters or sort goes back to page 1. */
function useInvoiceView() {
  const [tab, setTab] = useState<InvoiceTab>('invoices');
  const [filters, setFilters] = useState<InvoiceFilters>(NO_FILTERS);
  const [sort, setSort] = useState<InvoiceSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  function firstPage<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setPage(1);
    };
  }
  return {
    tab,
    filters,
    sort,
    page,
    setFilters,
    setPage,
    changeTab: firstPage(setTab),
    changeFilters: firstPage(setFilters),
    changeSort: firstPage(setSort),
  };
}

export function useInvoicesPage() {
  const { tab, filters, sort, page, setFilters, setPage, changeTab, changeFilters, changeSort } =
    useInvoiceView();
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const act = useInvoiceActions(setDialog);
  const hash = useInvoiceHash(setFilters, setPage);
  const { search, summary, listPage, paidPage, rows, paid, matching, matchingPaid, pages } = useInvoiceLists(
    filters,
    sort,
    tab,
    page,
  );
  const { open, openInvoice, setOpenId } = useOpenInvoice([...rows, ...paid]);
  // The page of the hash's search once it has arrived (not the previous page kept while loading).
  const hashPage =
    hash.pendingHash && search === hash.pendingHash && !listPage.isFetching ? listPage.data : undefined;
  useOpenHashMatch(hashPage, hash.pendingHash, hash.settle, openInvoice);
  const { selected, chosen, setSelected, clearSelection } = useInvoiceSelection(rows);
  const clear = () => {
    changeFilters(NO_FILTERS);
    hash.forget();
  };
  return {
    tab,
    filters,
    sort,
    page,
    setPage,
    changeTab,
    changeFilters,
    changeSort,
    clear,
    dialog,
    setDialog,
    act,
    summary,
    listPage,
    paidPage,
    rows,
    paid,
    matching,
    matchingPaid,
    pages,
    open,
    openInvoice,
    setOpenId,
    selected,
    chosen,
    setSelected,
    clearSelection,
  };
}
