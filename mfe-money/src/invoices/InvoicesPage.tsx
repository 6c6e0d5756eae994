import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
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
import { useInvoices, useSendReminders, useSetInvoiceStatus } from '../api/hooks.ts';
import { useFormat } from '../lib/format.ts';
import {
  DEFAULT_SORT,
  NO_FILTERS,
  can,
  filterInvoices,
  hasFilters,
  resourcesOf,
  sortInvoices,
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
import { PreviewDialog, RefundDialog, RemindersDialog, VoidDialog } from './ActionDialogs.tsx';
import { InvoicePanel } from './InvoicePanel.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';
import { NewInvoiceDialog } from './NewInvoiceDialog.tsx';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';
import type { RowActions } from './RowMenu.tsx';
import { useInvoiceFiles } from './useInvoiceFiles.ts';

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
  const { settings, getToken } = useSession();
  const invoices = useInvoices();
  const setStatus = useSetInvoiceStatus();
  const reminders = useSendReminders();
  const files = useInvoiceFiles();
  const [tab, setTab] = useState<'invoices' | 'paid'>('invoices');
  const [filters, setFilters] = useState<InvoiceFilters>(NO_FILTERS);
  const [moreFilters, setMoreFilters] = useState(false);
  const [sort, setSort] = useState<InvoiceSort>(DEFAULT_SORT);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
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

  // A hash naming an invoice (number or id) opens its panel and goes into the search box.
  // Once per hash: a refresh of the list after a payment must not undo the user's own search.
  const appliedHash = useRef('');
  useEffect(() => {
    if (!hash || !invoices.data || appliedHash.current === hash) return;
    appliedHash.current = hash;
    const match = invoices.data.find((i) => i.invoiceNumber === hash || i.id === hash);
    setFilters((f) => ({ ...f, search: hash }));
    if (match) setOpenId(match.id);
  }, [hash, invoices.data]);

  const all = useMemo(() => invoices.data ?? [], [invoices.data]);
  const filtered = useMemo(
    () => sortInvoices(filterInvoices(all, filters, settings.timezone), sort),
    [all, filters, settings.timezone, sort],
  );
  const paid = useMemo(() => filtered.filter((i) => i.status === 'PAID'), [filtered]);
  const resources = useMemo(() => resourcesOf(all), [all]);
  const open = all.find((i) => i.id === openId) ?? null;
  const chosen = all.filter((i) => selected.has(i.id));

  const stats = useMemo(() => {
    const counted = all.filter((i) => i.status !== 'VOID');
    return {
      total: counted.reduce((s, i) => s + i.totalCents, 0),
      paid: counted.reduce((s, i) => s + i.paidCents, 0),
      overdue: all.filter((i) => i.status === 'OVERDUE').length,
    };
  }, [all]);

  /** The service writes the file (the kit's one CSV writer) from what the screen shows. */
  async function exportCsv(rows: Invoice[], what: InvoiceExport) {
    if (rows.length === 0) {
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
    setSelected(new Set());
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

  const remindable = all.filter(can.remind);
  const clear = () => {
    setFilters(NO_FILTERS);
    if (window.location.hash)
      history.replaceState(null, '', window.location.pathname + window.location.search);
    appliedHash.current = '';
    setHash('');
  };

  const header = (
    <PageHeader
      title="Invoices & Payments"
      actions={
        <>
          <Button variant="default" onClick={() => setDialog({ kind: 'reminders', invoices: remindable })}>
            Send Reminders
          </Button>
          <Button
            variant="default"
            onClick={() =>
              void exportCsv(tab === 'paid' ? paid : filtered, { kind: 'list', tab, filters, sort })
            }
          >
            Export CSV
          </Button>
          <Button onClick={() => setDialog({ kind: 'new' })}>New Invoice</Button>
        </>
      }
    />
  );

  if (invoices.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading invoices..." />
      </>
    );
  }
  if (invoices.isError) {
    return (
      <>
        {header}
        <ErrorState
          title="Error Loading Data"
          message={invoices.error.message}
          onRetry={() => void invoices.refetch()}
        />
      </>
    );
  }

  return (
    <>
      {header}
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <Paper withBorder p="sm" aria-label="Total invoiced" component="section">
          <Text size="xs" c="dimmed">
            Total invoiced
          </Text>
          <Text fw={700}>{fmt.money(stats.total)}</Text>
        </Paper>
        <Paper withBorder p="sm" aria-label="Total paid" component="section">
          <Text size="xs" c="dimmed">
            Total paid
          </Text>
          <Text fw={700}>{fmt.money(stats.paid)}</Text>
        </Paper>
        <Paper withBorder p="sm" aria-label="Overdue invoices" component="section">
          <Text size="xs" c="dimmed">
            Overdue
          </Text>
          <Text fw={700} c={stats.overdue > 0 ? 'red.8' : undefined}>
            {stats.overdue}
          </Text>
        </Paper>
      </SimpleGrid>

      <Group mb="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Invoice, customer, booking..."
          value={filters.search}
          onChange={(e) => setFilters({ ...filters, search: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setFilters({ ...filters, search: '' });
          }}
          w={280}
        />
        <Select
          label="Date range"
          placeholder="Any date"
          data={[...DATE_RANGES]}
          value={filters.range}
          clearable
          onChange={(v) => setFilters({ ...filters, range: (v as DateRange | null) ?? null })}
          w={160}
        />
        <Select
          label="Resource"
          data={[{ value: '', label: 'All Resources' }, ...resources.map((r) => ({ value: r, label: r }))]}
          value={filters.resource ?? ''}
          allowDeselect={false}
          onChange={(v) => setFilters({ ...filters, resource: v ? v : null })}
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
            onChange={(v) => setFilters({ ...filters, statuses: v as InvoiceStatus[] })}
            w={320}
            clearable
          />
          <MultiSelect
            label="Type"
            data={[...INVOICE_TYPES]}
            value={filters.types}
            onChange={(v) => setFilters({ ...filters, types: v as InvoiceType[] })}
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
                  void exportCsv(chosen, { kind: 'selected', ids: chosen.map((i) => i.id), sort })
                }
              >
                Export CSV
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}

      <Tabs keepMounted={false} value={tab} onChange={(v) => setTab(v === 'paid' ? 'paid' : 'invoices')}>
        <Tabs.List mb="sm">
          <Tabs.Tab
            value="invoices"
            rightSection={
              <Badge size="sm" variant="light">
                {filtered.length}
              </Badge>
            }
          >
            Invoices
          </Tabs.Tab>
          <Tabs.Tab
            value="paid"
            rightSection={
              <Badge size="sm" variant="light" color="green">
                {paid.length}
              </Badge>
            }
          >
            Paid
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices">
          {filtered.length === 0 ? (
            <EmptyState
              title={all.length === 0 ? 'No invoices yet' : 'No invoices found matching your criteria'}
              description={
                all.length === 0
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
              rows={filtered}
              sort={sort}
              onSort={setSort}
              selected={selected}
              onSelected={setSelected}
              onOpen={(inv) => setOpenId(inv.id)}
              actions={actions}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="paid">
          {paid.length === 0 ? (
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
                    <Table.Tr key={i.id} onClick={() => setOpenId(i.id)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(i.id)}>
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
        </Tabs.Panel>
      </Tabs>

      <InvoicePanel
        invoice={open}
        onClose={() => setOpenId(null)}
        onRecordPayment={(invoice) => setDialog({ kind: 'payment', invoice })}
      />
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
    </>
  );
}
