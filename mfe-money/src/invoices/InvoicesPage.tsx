import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  downloadFromServer,
  idempotencyKeys,
  newIdempotencyKey,
  useSession,
} from '@venue/ui';
import {
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type Invoice,
  type InvoiceStatus,
  type InvoiceType,
} from '@venue/contracts/money-api';
import { useSendReminders, useSetInvoiceStatus } from '../api/hooks.ts';
import { keys } from '../api/keys.ts';
import { useFormat } from '../lib/format.ts';
import {
  DEFAULT_SORT,
  NO_FILTERS,
  can,
  hasFilters,
  type InvoiceFilters,
  type InvoiceSort,
} from '../lib/invoice-filters.ts';
import {
  INVOICE_CSV_FILE,
  NO_INVOICES_TO_EXPORT,
  invoicesCsvPath,
  type InvoiceExport,
} from '../lib/invoice-csv.ts';
import { errorText, toastError, toastSuccess } from '../lib/notify.ts';
import { DATE_RANGES, type DateRange } from '../lib/venue-day.ts';
import { InvoicePanel } from './InvoicePanel.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';
import type { RowActions } from './RowMenu.tsx';
import { useInvoiceFiles } from './useInvoiceFiles.ts';
import {
  INVOICE_PAGE_SIZE,
  fetchRemindable,
  paidStatuses,
  serverFilters,
  useInvoicePage,
  useInvoiceSummary,
} from './useInvoiceList.ts';

// The dialogs are fetched when first opened, not with the page: most visits open none, and the
// new-invoice form brings Mantine's date picker and dayjs (issue 9: a cold visit ≤ 350 kB).
const NewInvoiceDialog = lazy(() =>
  import('./NewInvoiceDialog.tsx').then((m) => ({ default: m.NewInvoiceDialog })),
);
const RecordPaymentDialog = lazy(() =>
  import('./RecordPaymentDialog.tsx').then((m) => ({ default: m.RecordPaymentDialog })),
);
const RemindersDialog = lazy(() =>
  import('./ActionDialogs.tsx').then((m) => ({ default: m.RemindersDialog })),
);
const VoidDialog = lazy(() => import('./ActionDialogs.tsx').then((m) => ({ default: m.VoidDialog })));
const RefundDialog = lazy(() => import('./ActionDialogs.tsx').then((m) => ({ default: m.RefundDialog })));
const PreviewDialog = lazy(() => import('./ActionDialogs.tsx').then((m) => ({ default: m.PreviewDialog })));

type Dialog =
  | { kind: 'new' }
  | { kind: 'reminders'; invoices: Invoice[] }
  | { kind: 'payment'; invoice: Invoice }
  | { kind: 'void'; invoice: Invoice }
  | { kind: 'refund'; invoice: Invoice }
  | { kind: 'preview'; invoice: Invoice }
  | null;

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
  const { settings, getToken, api } = useSession();
  const setStatus = useSetInvoiceStatus();
  const reminders = useSendReminders();
  const files = useInvoiceFiles();
  const [tab, setTab] = useState<'invoices' | 'paid'>('invoices');
  const [filters, setFilters] = useState<InvoiceFilters>(NO_FILTERS);
  const [moreFilters, setMoreFilters] = useState(false);
  const [sort, setSort] = useState<InvoiceSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  // The selection may span pages: the chosen invoices themselves, by id.
  const [chosenById, setChosenById] = useState<Map<string, Invoice>>(new Map());
  const [openId, setOpenId] = useState<string | null>(null);
  // The invoice last opened: it stays open when another page or filter no longer lists it.
  const [opened, setOpened] = useState<Invoice | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [hash, setHash] = useState(currentHash);
  // Mark as PAID from the menu: one key per invoice and click content, so a double click pays once.
  const [paidKeyFor] = useState(idempotencyKeys);
  const [bulkKeyFor] = useState(idempotencyKeys);

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

  /** The service writes the file (the kit's one CSV writer) from what the screen shows. */
  async function exportCsv(count: number, what: InvoiceExport) {
    if (count === 0) {
      toastError(NO_INVOICES_TO_EXPORT);
      return;
    }
    try {
      await downloadFromServer(getToken, invoicesCsvPath(what, settings.timezone), INVOICE_CSV_FILE);
    } catch {
      toastError('Failed to export invoices. Please try again.');
    }
  }

  async function sendOne(inv: Invoice) {
    try {
      if (inv.status === 'DRAFT') {
        const sent = await setStatus.mutateAsync({ id: inv.id, body: { status: 'SENT' } });
        toastSuccess(
          `Invoice ${sent.invoiceNumber ?? ''} sent to ${sent.customer.name} (${sent.customer.email}).`,
        );
      } else {
        // Already issued: the service e-mails it again as a reminder. A fresh key per click: the
        // menu closes on click, and a deliberate second send should send again.
        const result = await reminders.mutateAsync({ invoiceIds: [inv.id], key: newIdempotencyKey() });
        if (result.sent.length > 0)
          toastSuccess(`Invoice ${inv.invoiceNumber ?? ''} e-mailed to ${inv.customer.email}.`);
        else toastError(`Invoice not sent: ${result.skipped[0]?.reason ?? 'unknown reason'}`);
      }
    } catch (error) {
      toastError(errorText(error));
    }
  }

  async function sendSelected() {
    const drafts = chosen.filter((i) => i.status === 'DRAFT');
    const issued = chosen.filter((i) => can.remind(i));
    let sent = 0;
    const failed: string[] = [];
    for (const inv of drafts) {
      try {
        await setStatus.mutateAsync({ id: inv.id, body: { status: 'SENT' } });
        sent += 1;
      } catch (error) {
        failed.push(`${inv.customer.name}: ${errorText(error)}`);
      }
    }
    if (issued.length > 0) {
      try {
        const ids = issued.map((i) => i.id);
        const result = await reminders.mutateAsync({ invoiceIds: ids, key: bulkKeyFor(ids) });
        sent += result.sent.length;
        failed.push(...result.skipped.map((s) => s.reason));
      } catch (error) {
        failed.push(errorText(error));
      }
    }
    if (sent > 0) toastSuccess(`Sent ${sent} invoice${sent === 1 ? '' : 's'}.`);
    if (failed.length > 0) toastError(`${failed.length} not sent: ${failed.join('; ')}`);
    if (drafts.length + issued.length === 0)
      toastError('None of the selected invoices can be sent (paid, void or refunded).');
    setChosenById(new Map());
  }

  async function markPaid(inv: Invoice) {
    const body = { status: 'PAID' as const, paymentMethod: 'Bank Transfer' as const };
    try {
      await setStatus.mutateAsync({ id: inv.id, body, key: paidKeyFor({ id: inv.id, ...body }) });
      toastSuccess(
        `Invoice ${inv.invoiceNumber ?? ''} marked as paid (${fmt.money(inv.balanceCents)} by bank transfer).`,
      );
    } catch (error) {
      toastError(errorText(error));
    }
  }

  const actions: RowActions = {
    preview: (invoice) => setDialog({ kind: 'preview', invoice }),
    send: (inv) => void sendOne(inv),
    recordPayment: (invoice) => setDialog({ kind: 'payment', invoice }),
    downloadPdf: (inv) => void files.pdf(inv),
    downloadReceipt: (inv) => void files.receipt(inv),
    markPaid: (inv) => void markPaid(inv),
    void: (invoice) => setDialog({ kind: 'void', invoice }),
    refund: (invoice) => setDialog({ kind: 'refund', invoice }),
  };

  /** Send Reminders (header): every remindable invoice of the venue, fetched when asked. */
  async function openReminders() {
    try {
      setDialog({ kind: 'reminders', invoices: await fetchRemindable(api) });
    } catch (error) {
      toastError(errorText(error));
    }
  }
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
          <Button variant="default" onClick={() => void openReminders()}>
            Send Reminders
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void exportCsv(tab === 'paid' ? matchingPaid : matching, { kind: 'list', tab, filters, sort })
            }
          >
            Export CSV
          </Button>
          <Button onClick={() => setDialog({ kind: 'new' })}>New Invoice</Button>
        </>
      }
    />
  );

  const failed = [summary, listPage, paidPage].find((q) => q.isError);
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

      <Group mb="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Invoice, customer, booking..."
          value={filters.search}
          onChange={(e) => changeFilters({ ...filters, search: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') changeFilters({ ...filters, search: '' });
          }}
          w={280}
        />
        <Select
          label="Date range"
          placeholder="Any date"
          data={[...DATE_RANGES]}
          value={filters.range}
          clearable
          onChange={(v) => changeFilters({ ...filters, range: (v as DateRange | null) ?? null })}
          w={160}
        />
        <Select
          label="Resource"
          data={[
            { value: '', label: 'All Resources' },
            ...stats.resources.map((r) => ({ value: r, label: r })),
          ]}
          value={filters.resource ?? ''}
          allowDeselect={false}
          onChange={(v) => changeFilters({ ...filters, resource: v ? v : null })}
          w={200}
        />
        <Button
          variant={moreFilters ? 'light' : 'default'}
          onClick={() => setMoreFilters((m) => !m)}
          aria-expanded={moreFilters}
        >
          More Filters
        </Button>
        {hasFilters(filters) ? (
          <Button variant="subtle" onClick={clear}>
            Clear Filters
          </Button>
        ) : null}
      </Group>
      {moreFilters ? (
        <Group mb="sm" align="flex-end">
          <MultiSelect
            label="Status"
            data={[...INVOICE_STATUSES]}
            value={filters.statuses}
            onChange={(v) => changeFilters({ ...filters, statuses: v as InvoiceStatus[] })}
            w={320}
            clearable
          />
          <MultiSelect
            label="Type"
            data={[...INVOICE_TYPES]}
            value={filters.types}
            onChange={(v) => changeFilters({ ...filters, types: v as InvoiceType[] })}
            w={240}
            clearable
          />
        </Group>
      ) : null}

      {selected.size > 0 ? (
        <Paper withBorder p="xs" mb="sm" bg="blue.0" role="region" aria-label="Selected invoices">
          <Group justify="space-between">
            <Text size="sm">
              {selected.size} selected · {fmt.money(chosen.reduce((s, i) => s + i.totalCents, 0))}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => void sendSelected()}
                loading={setStatus.isPending || reminders.isPending}
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
                  void exportCsv(chosen.length, { kind: 'selected', ids: chosen.map((i) => i.id), sort })
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
              actions={actions}
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
            <Table.ScrollContainer minWidth={700} type="native">
              <Table striped highlightOnHover aria-label="Paid invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Invoice</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Booking</Table.Th>
                    <Table.Th>Paid On</Table.Th>
                    <Table.Th>Paid Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {paid.map((i) => (
                    <Table.Tr key={i.id} onClick={() => openInvoice(i)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => openInvoice(i)}>
                          {i.invoiceNumber}
                        </Button>
                      </Table.Td>
                      <Table.Td>{i.customer.name}</Table.Td>
                      <Table.Td>{i.bookingCode ?? i.bookingId ?? '—'}</Table.Td>
                      <Table.Td>{fmt.date(i.paidAt ?? i.updatedAt)}</Table.Td>
                      <Table.Td>{fmt.money(i.paidCents)}</Table.Td>
                      <Table.Td>
                        <Badge color="green" variant="light">
                          {i.status}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pager}
        </Tabs.Panel>
      </Tabs>

      <InvoicePanel
        invoice={open}
        onClose={() => setOpenId(null)}
        onRecordPayment={(invoice) => setDialog({ kind: 'payment', invoice })}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'new' ? (
          <NewInvoiceDialog onClose={() => setDialog(null)} onCreated={setOpenId} />
        ) : null}
        {dialog?.kind === 'reminders' ? (
          <RemindersDialog invoices={dialog.invoices} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'payment' ? (
          <RecordPaymentDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'void' ? (
          <VoidDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'refund' ? (
          <RefundDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'preview' ? (
          <PreviewDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </>
  );
}
