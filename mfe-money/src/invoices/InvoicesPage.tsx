import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState, PageHeader, RefreshFailedNotice, useSession } from '@venue/ui';
import type { Invoice } from '@venue/contracts/money-api';
import { keys } from '../api/keys.ts';
import { useFormat } from '../shared/format.ts';
import {
  DEFAULT_SORT,
  NO_FILTERS,
  can,
  hasFilters,
  type InvoiceFilters,
  type InvoiceSort,
} from './invoice-filters.ts';
import { AccountingExport } from './AccountingExport.tsx';
import { InvoiceDialogs, type InvoiceDialog } from './InvoiceDialogs.tsx';
import { InvoiceFilterBar } from './InvoiceFilterBar.tsx';
import { InvoicePanel } from './InvoicePanel.tsx';
import { InvoiceTable, PaidInvoiceTable } from './InvoiceTable.tsx';
import { useInvoiceActions } from './useInvoiceActions.ts';
import {
  INVOICE_PAGE_SIZE,
  paidStatuses,
  serverFilters,
  useInvoicePage,
  useInvoiceSummary,
} from './useInvoiceList.ts';

/** The URL's hash without '#', decoded: /invoices#INV-2026-00001 opens that invoice. */
function currentHash(): string {
  try {
    return decodeURIComponent(window.location.hash.replace(/^#/, ''));
  } catch {
    return window.location.hash.replace(/^#/, '');
  }
}

export function InvoicesPage() {
  const fmt = useFormat();
  const { settings } = useSession();
  const [tab, setTab] = useState<'invoices' | 'paid'>('invoices');
  const [filters, setFilters] = useState<InvoiceFilters>(NO_FILTERS);
  const [sort, setSort] = useState<InvoiceSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  // The selection may span pages: the chosen invoices themselves, by id.
  const [chosenById, setChosenById] = useState<Map<string, Invoice>>(new Map());
  const [openId, setOpenId] = useState<string | null>(null);
  // The invoice last opened: it stays open when another page or filter no longer lists it.
  const [opened, setOpened] = useState<Invoice | null>(null);
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const [hash, setHash] = useState(currentHash);
  const act = useInvoiceActions(setDialog);

  useEffect(() => {
    const onHash = () => setHash(currentHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // A hash naming an invoice (number or id) goes into the search box and opens its panel once
  // the server's page lists it. Once per hash: a refresh of the list after a payment must not
  // undo the user's own search.
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
  }, [hash, queryClient]);

  // The search goes to the server once typing pauses; the other filters at once.
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
  const stats = summary.data;
  const matching = stats?.matchingCount ?? 0;
  const matchingPaid = stats?.matchingPaidCount ?? 0;
  const pages = Math.max(1, Math.ceil((tab === 'paid' ? matchingPaid : matching) / INVOICE_PAGE_SIZE));

  // Once the page of the hash's search has arrived (not the previous page kept while loading):
  // open the invoice it names.
  const hashPage = pendingHash && search === pendingHash && !listPage.isFetching ? listPage.data : undefined;
  useEffect(() => {
    if (!hashPage) return;
    const match = hashPage.items.find((i) => i.invoiceNumber === pendingHash || i.id === pendingHash);
    setPendingHash('');
    if (match) {
      setOpened(match);
      setOpenId(match.id);
    }
  }, [hashPage, pendingHash]);

  const open = (openId && ([...rows, ...paid].find((i) => i.id === openId) ?? opened)) || null;
  const openInvoice = (inv: Invoice) => {
    setOpened(inv);
    setOpenId(inv.id);
  };
  const selected = useMemo(() => new Set(chosenById.keys()), [chosenById]);
  const chosen = [...chosenById.values()];
  const setSelected = (ids: Set<string>) =>
    setChosenById((prev) => {
      const next = new Map<string, Invoice>();
      for (const id of ids) {
        const inv = rows.find((r) => r.id === id) ?? prev.get(id);
        if (inv) next.set(id, inv);
      }
      return next;
    });
  const changeFilters = (f: InvoiceFilters) => {
    setFilters(f);
    setPage(1);
  };

  const clear = () => {
    changeFilters(NO_FILTERS);
    if (window.location.hash)
      history.replaceState(null, '', window.location.pathname + window.location.search);
    appliedHash.current = '';
    setPendingHash('');
    setHash('');
  };

  const header = (
    <PageHeader
      title="Invoices & Payments"
      actions={
        <>
          <Button variant="default" onClick={() => void act.openReminders()}>
            Send Reminders
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void act.exportCsv(tab === 'paid' ? matchingPaid : matching, {
                kind: 'list',
                tab,
                filters,
                sort,
              })
            }
          >
            Export CSV
          </Button>
          <AccountingExport />
          <Button onClick={() => setDialog({ kind: 'new' })}>New Invoice</Button>
        </>
      }
    />
  );

  // Only a first read that failed replaces the page; a refresh that failed (after a payment was
  // recorded, say) leaves what was read on screen with a note (issue 24 item 9).
  const reads = [summary, listPage, paidPage];
  const failed = reads.find((q) => q.isError && !q.data);
  const stale = reads.find((q) => q.isError && q.data);
  if (summary.isPending || listPage.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading invoices..." />
      </>
    );
  }
  if (failed || !stats) {
    return (
      <>
        {header}
        <ErrorState
          title="Error Loading Data"
          message={failed?.error?.message ?? ''}
          onRetry={() => {
            for (const q of [summary, listPage, paidPage]) if (q.isError) void q.refetch();
          }}
        />
      </>
    );
  }

  // Page numbers over the summary's count of the tab's matches (no count per page).
  const pager =
    pages > 1 ? (
      <Group justify="flex-end" mt="sm">
        <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
      </Group>
    ) : null;

  return (
    <>
      {header}
      {stale ? (
        <RefreshFailedNotice
          message={stale.error?.message}
          onRetry={() => {
            for (const q of reads) if (q.isError) void q.refetch();
          }}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <Paper withBorder p="sm" aria-label="Total invoiced" component="section">
          <Text size="xs" c="dimmed">
            Total invoiced
          </Text>
          <Text fw={700}>{fmt.money(stats.totalCents)}</Text>
        </Paper>
        <Paper withBorder p="sm" aria-label="Total paid" component="section">
          <Text size="xs" c="dimmed">
            Total paid
          </Text>
          <Text fw={700}>{fmt.money(stats.paidCents)}</Text>
        </Paper>
        <Paper withBorder p="sm" aria-label="Overdue invoices" component="section">
          <Text size="xs" c="dimmed">
            Overdue
          </Text>
          <Text fw={700} c={stats.overdueCount > 0 ? 'red.8' : undefined}>
            {stats.overdueCount}
          </Text>
        </Paper>
      </SimpleGrid>

      <InvoiceFilterBar
        filters={filters}
        onChange={changeFilters}
        resources={stats.resources}
        onClear={clear}
      />

      {selected.size > 0 ? (
        <Paper withBorder p="xs" mb="sm" bg="blue.0" role="region" aria-label="Selected invoices">
          <Group justify="space-between">
            <Text size="sm">
              {selected.size} selected · {fmt.money(chosen.reduce((s, i) => s + i.totalCents, 0))}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => void act.sendSelected(chosen).then(() => setChosenById(new Map()))}
                loading={act.sending}
              >
                Send Selected
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => setDialog({ kind: 'reminders', invoices: chosen.filter(can.remind) })}
              >
                Send Reminders
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  void act.exportCsv(chosen.length, { kind: 'selected', ids: chosen.map((i) => i.id), sort })
                }
              >
                Export CSV
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}

      <Tabs
        keepMounted={false}
        value={tab}
        onChange={(v) => {
          setTab(v === 'paid' ? 'paid' : 'invoices');
          setPage(1);
        }}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab
            value="invoices"
            rightSection={
              <Badge size="sm" variant="light">
                {matching}
              </Badge>
            }
          >
            Invoices
          </Tabs.Tab>
          <Tabs.Tab
            value="paid"
            rightSection={
              <Badge size="sm" variant="light" color="green">
                {matchingPaid}
              </Badge>
            }
          >
            Paid
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices">
          {rows.length === 0 ? (
            <EmptyState
              title={!hasFilters(filters) ? 'No invoices yet' : 'No invoices found matching your criteria'}
              description={
                !hasFilters(filters)
                  ? 'Create one with New Invoice, or confirm a booking with a deposit.'
                  : undefined
              }
              action={
                hasFilters(filters) ? (
                  <Button variant="light" onClick={clear}>
                    Clear Filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <InvoiceTable
              rows={rows}
              sort={sort}
              onSort={(next) => {
                setSort(next);
                setPage(1);
              }}
              selected={selected}
              onSelected={setSelected}
              onOpen={openInvoice}
              actions={act.row}
            />
          )}
          {pager}
        </Tabs.Panel>
        <Tabs.Panel value="paid">
          {paidPage.isLoading ? (
            <LoadingState label="Loading paid invoices..." />
          ) : paid.length === 0 ? (
            <EmptyState title="No paid invoices yet" />
          ) : (
            <PaidInvoiceTable rows={paid} onOpen={openInvoice} />
          )}
          {pager}
        </Tabs.Panel>
      </Tabs>

      <InvoicePanel
        invoice={open}
        onClose={() => setOpenId(null)}
        onRecordPayment={(invoice) => setDialog({ kind: 'payment', invoice })}
      />
      <InvoiceDialogs dialog={dialog} onClose={() => setDialog(null)} onCreated={setOpenId} />
    </>
  );
}
