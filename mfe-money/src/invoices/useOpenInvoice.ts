/**
 * Which invoice the Invoices page has open in its panel, and the link that opens one:
 * /invoices#INV-2026-00001 searches for that invoice and opens it once the server lists it.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoicePage } from '@venue/contracts/money-api';
import { keys } from '../api/keys.ts';
import type { InvoiceFilters } from './invoice-filters.ts';

/** The URL's hash without '#', decoded: /invoices#INV-2026-00001 opens that invoice. */
function currentHash(): string {
  try {
    return decodeURIComponent(window.location.hash.replace(/^#/, ''));
  } catch {
    return window.location.hash.replace(/^#/, '');
  }
}

/** The open invoice: the listed copy when a page lists it, else the one last opened. */
export function useOpenInvoice(listed: Invoice[]) {
  const [openId, setOpenId] = useState<string | null>(null);
  // The invoice last opened: it stays open when another page or filter no longer lists it.
  const [opened, setOpened] = useState<Invoice | null>(null);
  const open = (openId && (listed.find((i) => i.id === openId) ?? opened)) || null;
  const openInvoice = useCallback((inv: Invoice) => {
    setOpened(inv);
    setOpenId(inv.id);
  }, []);
  return { open, openInvoice, setOpenId };
}

/**
 * A hash naming an invoice (number or id) goes into the search box and opens its panel once
 * the server's page lists it. Once per hash: a refresh of the list after a payment must not
 * undo the user's own search.
 */
export function useInvoiceHash(
  setFilters: Dispatch<SetStateAction<InvoiceFilters>>,
  setPage: Dispatch<SetStateAction<number>>,
) {
  const [hash, setHash] = useState(currentHash);
  useEffect(() => {
    const onHash = () => setHash(currentHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const appliedHash = useRef('');
  // The hash waiting for the server's page of its search (state: the search may already be it).
  const [pendingHash, setPendingHash] = useState('');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hash || appliedHash.current === hash) return;
    appliedHash.current = hash;
    setPendingHash(hash);
    setFilters((f) => ({ ...f, search: hash }));
    setPage(1);
    // A link may name an invoice changed elsewhere (paid through its payment link): fresh rows.
    void queryClient.invalidateQueries({ queryKey: keys.invoices });
  }, [hash, queryClient, setFilters, setPage]);

  const settle = useCallback(() => setPendingHash(''), []);
  /** Clear Filters forgets the hash too, so the same link opens the invoice again. */
  const forget = () => {
    if (window.location.hash)
      history.replaceState(null, '', window.location.pathname + window.location.search);
    appliedHash.current = '';
    setPendingHash('');
    setHash('');
  };
  return { pendingHash, settle, forget };
}

/** Once the page of the hash's search has arrived: open the invoice it names. */
export function useOpenHashMatch(
  hashPage: InvoicePage | undefined,
  pendingHash: string,
  settle: () => void,
  openInvoice: (inv: Invoice) => void,
) {
  useEffect(() => {
    if (!hashPage) return;
    const match = hashPage.items.find((i) => i.invoiceNumber === pendingHash || i.id === pendingHash);
    settle();
    if (match) openInvoice(match);
  }, [hashPage, pendingHash, settle, openInvoice]);
}
