import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Alert, Button, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { RefreshFailedNotice } from '@venue/ui';
import { QUOTATION_MESSAGES as M, type Quotation } from '@venue/contracts/money-api';
import { draftOf, EMPTY_DRAFT, type QuotationDraft } from './quotation-draft.ts';
import { DeleteQuotationDialog } from './DeleteQuotationDialog.tsx';
import { QuotationDrawer } from './QuotationDrawer.tsx';
import { QuotationFilters } from './QuotationFilters.tsx';
import { QuotationFigures, QuotationsHeader } from './QuotationsHeader.tsx';
import { QuotationTable, type QuotationActions } from './QuotationTable.tsx';
import { useQuotationActions, useQuotationBanners } from './useQuotationActions.tsx';
import { useQuotationBrowse } from './useQuotationList.ts';

// Loaded when New, Edit or Duplicate is first clicked: it brings the contract's zod schema.
const QuotationForm = lazy(() => import('./QuotationForm.tsx').then((m) => ({ default: m.QuotationForm })));

type FormOpen = { editing: Quotation | null; initial: QuotationDraft; fresh?: boolean };

/** Quotations (spec 03 §2.3): list, filters, the form, Send / Accept / Decline, PDF, CSV, Bulk Send. */
export function QuotationsPage() {
  const { view, setSearch, setResource, setStatus, sortBy, page, setPage, list, summary, rows, pages } =
    useQuotationBrowse();
  const banners = useQuotationBanners();
  const act = useQuotationActions(banners);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [form, setForm] = useState<FormOpen | null>(null);
  const [deleting, setDeleting] = useState<Quotation | null>(null);
  const { open, openId, setOpenId, openQuotation } = useOpenQuotation(rows);
  const newQuotation = () => setForm({ editing: null, initial: EMPTY_DRAFT, fresh: true });
  const actions: QuotationActions = {
    open: openQuotation,
    setStatus: (q, to) => void act.changeStatus(q, to),
    edit: (q) => setForm({ editing: q, initial: draftOf(q) }),
    duplicate: (q) => setForm({ editing: null, initial: { ...draftOf(q), depositPaid: false } }),
    pdf: (q) => void act.pdf(q),
    remove: setDeleting,
  };

  if (list.isLoading) return <LoadingQuotations />;

  return (
    <Stack gap="md" p="md">
      <QuotationsHeader
        counts={summary.data?.counts}
        selectedCount={selected.size}
        bulkSending={act.bulkSending}
        hasRows={rows.length > 0}
        onBulkSend={() => void act.bulkSend([...selected], () => setSelected(new Set()))}
        onExport={() => void act.exportCsv(view)}
        onNew={newQuotation}
      />
      <QuotationBanners banners={banners} list={list} summary={summary} />
      {summary.data && <QuotationFigures summary={summary.data} />}
      <QuotationFilters
        {...view}
        resources={summary.data?.resources ?? []}
        onSearch={setSearch}
        onResource={setResource}
        onStatus={setStatus}
      />
      <QuotationRows
        rows={rows}
        selected={selected}
        onSelected={setSelected}
        sort={view.sort}
        onSort={sortBy}
        actions={actions}
        onNew={newQuotation}
        pager={{ page, pages, onPage: setPage }}
      />
      <QuotationDrawer
        quotation={open}
        onClose={() => setOpenId(null)}
        actions={actions}
        accepting={act.accepting}
      />
      <QuotationFormSlot
        form={form}
        onClose={() => setForm(null)}
        onSaved={(q) => {
          setForm(null);
          banners.setSuccess(form?.editing ? 'Quotation updated.' : 'Quotation saved as a draft.');
          openQuotation(q);
        }}
      />
      <DeleteQuotationDialog
        quotation={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(q) => {
          if (openId === q.id) setOpenId(null);
          banners.setSuccess('Quotation deleted.');
        }}
        onFailed={banners.setError}
      />
    </Stack>
  );
}

function LoadingQuotations() {
  return (
    <Group justify="center" p="xl">
      <Loader aria-label="Loading quotations" />
    </Group>
  );
}

/** The open quotation: the listed copy, else the one last opened (its panel stays when another page no longer lists it). */
function useOpenQuotation(rows: Quotation[]) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<Quotation | null>(null);
  const open = (openId && (rows.find((q) => q.id === openId) ?? opened)) || null;
  const openQuotation = (q: Quotation) => {
    setOpened(q);
    setOpenId(q.id);
  };
  return { open, openId, setOpenId, openQuotation };
}

/** The form, fetched when New, Edit or Duplicate is first clicked. */
function QuotationFormSlot({
  form,
  onClose,
  onSaved,
}: {
  form: FormOpen | null;
  onClose: () => void;
  onSaved: (q: Quotation) => void;
}) {
  if (!form) return null;
  return (
    <Suspense fallback={null}>
      <QuotationForm
        editing={form.editing}
        initial={form.initial}
        fresh={form.fresh ?? false}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Suspense>
  );
}

/** The page of quotations (or the way to a first one) and its page numbers. */
function QuotationRows({
  onNew,
  pager,
  ...table
}: ComponentProps<typeof QuotationTable> & {
  onNew: () => void;
  pager: { page: number; pages: number; onPage: (page: number) => void };
}) {
  return (
    <>
      {table.rows.length === 0 ? (
        <Stack align="center" p="xl">
          <Text>{M.empty}</Text>
          <Button onClick={onNew}>Create Quotation</Button>
        </Stack>
      ) : (
        <QuotationTable {...table} />
      )}
      {pager.pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pager.pages}
            value={Math.min(pager.page, pager.pages)}
            onChange={pager.onPage}
            size="sm"
          />
        </Group>
      )}
    </>
  );
}

type Read = { isError: boolean; data?: unknown; error: Error | null; refetch: () => unknown };

/**
 * What failed (a first read, or an action) in red, what was done in green. A refresh that failed
 * after an accept or a send leaves its success standing (issue 24 item 9).
 */
function QuotationBanners({
  banners: { error, setError, success, setSuccess },
  list,
  summary,
}: {
  banners: ReturnType<typeof useQuotationBanners>;
  list: Read;
  summary: Read;
}) {
  return (
    <>
      {((list.isError && !list.data) || (summary.isError && !summary.data) || error) && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error ?? M.loadFailed}
        </Alert>
      )}
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
    </>
  );
}
