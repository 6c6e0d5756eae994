import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { RefreshFailedNotice, downloadFromServer, idempotencyKeys, useSession } from '@venue/ui';
import {
  QUOTATION_MESSAGES as M,
  QUOTATION_PATHS,
  QUOTATION_STATUSES,
  type Quotation,
  type QuotationSortKey,
} from '@venue/contracts/money-api';
import { useBulkSendQuotations, useDeleteQuotation, useSetQuotationStatus } from '../api/quotation-hooks.ts';
import { useFormat } from '../shared/format.ts';
import { venueToday } from '../shared/venue-day.ts';
import { quotationName } from '../shared/labels.ts';
import { bookingPath } from './booking-path.ts';
import { draftOf, EMPTY_DRAFT, type QuotationDraft } from './quotation-draft.ts';
import { quotationsCsvName, quotationsCsvPath } from './quotation-csv.ts';
import { QuotationDrawer } from './QuotationDrawer.tsx';
import { QuotationTable, deletable, type QuotationActions, type QuotationSort } from './QuotationTable.tsx';
import { QUOTATION_PAGE_SIZE, useQuotationPage, useQuotationSummary } from './useQuotationList.ts';

// Loaded when New, Edit or Duplicate is first clicked: it brings the contract's zod schema.
const QuotationForm = lazy(() => import('./QuotationForm.tsx').then((m) => ({ default: m.QuotationForm })));

/** Spec 03 §9: the quotation banners vanish after 5 seconds. */
const BANNER_MS = 5000;

/** The 409 of an accept whose slot is taken names the booking in the way. */
function conflictText(error: unknown): string | null {
  const body = (
    error as {
      body?: { message?: string; conflict?: { bookingCode?: string; customerName?: string } | null };
    }
  )?.body;
  if (!body?.message) return null;
  const c = body.conflict;
  return c
    ? `${body.message} (${c.bookingCode ?? 'a booking'}${c.customerName ? `, ${c.customerName}` : ''})`
    : body.message;
}

/** Quotations (spec 03 §2.3): list, filters, the form, Send / Accept / Decline, PDF, CSV, Bulk Send. */
export function QuotationsPage() {
  const fmt = useFormat();
  const { settings, getToken, navigate } = useSession();
  const setStatus = useSetQuotationStatus();
  const remove = useDeleteQuotation();
  const bulk = useBulkSendQuotations();
  const [bulkKey] = useState(idempotencyKeys);
  const [search, setSearch] = useState('');
  const [resource, setResource] = useState<string>('All Resources');
  const [status, setStatusFilter] = useState<string>('All Statuses');
  const [sort, setSort] = useState<QuotationSort>({ key: 'created', dir: -1 });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  // The quotation last opened: its panel stays when another page no longer lists it.
  const [opened, setOpened] = useState<Quotation | null>(null);
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{
    editing: Quotation | null;
    initial: QuotationDraft;
    fresh?: boolean;
  } | null>(null);
  const [deleting, setDeleting] = useState<Quotation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<ReactNode>(null);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [success]);

  // Filters, search (once typing pauses) and sort go to the server, which pages the list.
  const [sentSearch] = useDebouncedValue(search, 250);
  const list = useQuotationPage({ search: sentSearch, resource, status, sort }, page);
  const summary = useQuotationSummary();
  // A filter or sort change starts again at page 1.
  useEffect(() => setPage(1), [sentSearch, resource, status, sort]);
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const resources = summary.data?.resources ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / QUOTATION_PAGE_SIZE));
  const open = (openId && (rows.find((q) => q.id === openId) ?? opened)) || null;
  const openQuotation = (q: Quotation) => {
    setOpened(q);
    setOpenId(q.id);
  };

  async function act(q: Quotation, to: 'Sent' | 'Accepted' | 'Declined') {
    setError(null);
    try {
      const saved = await setStatus.mutateAsync({ id: q.id, status: to });
      if (to === 'Accepted') setSuccess(<Accepted quotation={saved} navigate={navigate} />);
      if (to === 'Declined') setSuccess(M.declined);
      if (to === 'Sent') setSuccess(`${quotationName(saved)} sent to ${q.customerEmail}.`);
    } catch (err) {
      const base = to === 'Accepted' ? M.acceptFailed : to === 'Declined' ? M.declineFailed : M.sendFailed;
      const why = conflictText(err);
      setError(why ? `${base} ${why}` : base);
    }
  }

  async function pdf(q: Quotation) {
    try {
      await downloadFromServer(getToken, QUOTATION_PATHS.pdf(q.id), `${q.number ?? 'quotation-draft'}.pdf`);
    } catch {
      setError(M.pdfFailed);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    if (!deletable(deleting)) {
      setError(M.numberedKept);
      setDeleting(null);
      return;
    }
    try {
      await remove.mutateAsync(deleting.id);
      if (openId === deleting.id) setOpenId(null);
      setSuccess('Quotation deleted.');
    } catch {
      setError(M.deleteFailed);
    }
    setDeleting(null);
  }

  async function bulkSend() {
    const ids = [...selected];
    try {
      const r = await bulk.mutateAsync({ ids, key: bulkKey(ids) });
      setSelected(new Set());
      setSuccess(
        `${r.sent.length} quotation(s) sent with their PDF.${r.skipped.length ? ` ${r.skipped.length} skipped: ${r.skipped.map((s) => s.reason).join(' ')}` : ''}`,
      );
    } catch {
      setError(M.sendFailed);
    }
  }

  /** The service writes the file (the kit's one CSV writer) from the screen's search, selects and sort. */
  async function exportCsv() {
    try {
      await downloadFromServer(
        getToken,
        quotationsCsvPath({ search, resource, status, sort }),
        quotationsCsvName(venueToday(settings.timezone)),
      );
    } catch {
      setError(M.exportFailed);
    }
  }

  const actions: QuotationActions = {
    open: openQuotation,
    setStatus: (q, to) => void act(q, to),
    edit: (q) => setForm({ editing: q, initial: draftOf(q) }),
    duplicate: (q) => setForm({ editing: null, initial: { ...draftOf(q), depositPaid: false } }),
    pdf: (q) => void pdf(q),
    remove: setDeleting,
  };
  const sortBy = (key: QuotationSortKey) =>
    setSort((s) => ({ key, dir: s.key === key ? (-s.dir as 1 | -1) : 1 }));

  if (list.isLoading)
    return (
      <Group justify="center" p="xl">
        <Loader aria-label="Loading quotations" />
      </Group>
    );

  const counts = summary.data?.counts;

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            Quotations
          </Title>
          {counts && (
            <Text size="sm" c="dimmed">
              {(['Draft', 'Sent', 'Accepted', 'Declined'] as const)
                .map((s) => `${s} ${counts[s]}`)
                .join(' · ')}
            </Text>
          )}
        </div>
        <Group>
          <Button
            variant="default"
            disabled={selected.size === 0}
            loading={bulk.isPending}
            onClick={() => void bulkSend()}
          >
            Bulk Send
          </Button>
          <Button variant="default" disabled={rows.length === 0} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
          <Button onClick={() => setForm({ editing: null, initial: EMPTY_DRAFT, fresh: true })}>
            New Quotation
          </Button>
        </Group>
      </Group>
      {((list.isError && !list.data) || (summary.isError && !summary.data) || error) && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error ?? M.loadFailed}
        </Alert>
      )}
      {/* a refresh that failed after an accept or a send leaves its success standing (issue 24 item 9) */}
      {!error && ((list.isError && list.data) || (summary.isError && summary.data)) ? (
        <RefreshFailedNotice
          message={(list.error ?? summary.error)?.message}
          onRetry={() => {
            void list.refetch();
            void summary.refetch();
          }}
        />
      ) : null}
      {success && (
        <Alert color="green" role="status" withCloseButton onClose={() => setSuccess(null)}>
          {success}
        </Alert>
      )}
      {summary.data && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Card withBorder>
            <Text size="sm" c="dimmed">
              Total Quotations
            </Text>
            <Text fw={700}>{summary.data.total}</Text>
          </Card>
          <Card withBorder>
            <Text size="sm" c="dimmed">
              Total Value
            </Text>
            <Text fw={700}>{fmt.money(summary.data.totalValueCents)} AUD</Text>
          </Card>
          <Card withBorder>
            <Text size="sm" c="dimmed">
              Acceptance Rate
            </Text>
            <Text fw={700}>{summary.data.acceptanceRate}%</Text>
          </Card>
        </SimpleGrid>
      )}
      <Group>
        <TextInput
          placeholder="Search quotations"
          aria-label="Search quotations"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setSearch('');
          }}
        />
        <Select
          aria-label="Resource"
          data={['All Resources', ...resources]}
          value={resource}
          allowDeselect={false}
          onChange={(v) => setResource(v ?? 'All Resources')}
        />
        <Select
          aria-label="Status"
          data={['All Statuses', ...QUOTATION_STATUSES]}
          value={status}
          allowDeselect={false}
          onChange={(v) => setStatusFilter(v ?? 'All Statuses')}
        />
      </Group>
      {rows.length === 0 ? (
        <Stack align="center" p="xl">
          <Text>{M.empty}</Text>
          <Button onClick={() => setForm({ editing: null, initial: EMPTY_DRAFT, fresh: true })}>
            Create Quotation
          </Button>
        </Stack>
      ) : (
        <QuotationTable
          rows={rows}
          selected={selected}
          onSelected={setSelected}
          sort={sort}
          onSort={sortBy}
          actions={actions}
        />
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" />
        </Group>
      )}

      <QuotationDrawer
        quotation={open}
        onClose={() => setOpenId(null)}
        actions={actions}
        accepting={setStatus.isPending}
      />

      {form && (
        <Suspense fallback={null}>
          <QuotationForm
            editing={form.editing}
            initial={form.initial}
            fresh={form.fresh ?? false}
            onClose={() => setForm(null)}
            onSaved={(q) => {
              setForm(null);
              setSuccess(form.editing ? 'Quotation updated.' : 'Quotation saved as a draft.');
              openQuotation(q);
            }}
          />
        </Suspense>
      )}

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete quotation">
        <Stack>
          <Text>
            Delete the draft quotation for {deleting?.customerName} ({deleting?.eventType},{' '}
            {fmt.date(deleting?.eventDate)})? This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * Accept's success (issue 24 item 9): the booking it made, by its code, with the way to it. The
 * answer is the accepted quotation carrying that booking (`bookingCode`, `bookingId`).
 */
function Accepted({ quotation, navigate }: { quotation: Quotation; navigate: (to: string) => void }) {
  const code = quotation.bookingCode;
  if (!code) return <>{M.accepted}</>;
  return (
    <span data-testid="accepted-booking">
      {quotationName(quotation)} accepted: booking{' '}
      <Anchor
        href={bookingPath(code)}
        fw={700}
        onClick={(e) => {
          e.preventDefault();
          navigate(bookingPath(code));
        }}
      >
        {code}
      </Anchor>{' '}
      is confirmed for {quotation.customerName}.
    </span>
  );
}
