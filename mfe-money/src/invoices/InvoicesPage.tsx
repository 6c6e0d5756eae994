import { Button } from '@mantine/core';
import { ErrorState, LoadingState, PageHeader, RefreshFailedNotice } from '@venue/ui';
import { can } from './invoice-filters.ts';
import { AccountingExport } from './AccountingExport.tsx';
import { InvoiceDialogs } from './InvoiceDialogs.tsx';
import { InvoiceFilterBar } from './InvoiceFilterBar.tsx';
import { InvoicePanel } from './InvoicePanel.tsx';
import { InvoiceSummaryCards, SelectedInvoicesBar } from './InvoiceSummaryCards.tsx';
import { useInvoicesPage } from './useInvoicesPage.ts';
import { InvoicePager, InvoiceRows, InvoiceTabs, PaidRows } from './InvoiceTabs.tsx';

function InvoicesHeader({
  onReminders,
  onExport,
  onNew,
}: Record<'onReminders' | 'onExport' | 'onNew', () => void>) {
  return (
    <PageHeader
      title="Invoices & Payments"
      actions={
        <>
          <Button variant="default" onClick={onReminders}>
            Send Reminders
          </Button>
          <Button variant="default" onClick={onExport}>
            Export CSV
          </Button>
          <AccountingExport />
          <Button onClick={onNew}>New Invoice</Button>
        </>
      }
    />
  );
}

/** The two tabs with their lists and pager. */
function InvoiceLists({ v }: { v: ReturnType<typeof useInvoicesPage> }) {
  return (
    <InvoiceTabs
      tab={v.tab}
      matching={v.matching}
      matchingPaid={v.matchingPaid}
      onTab={v.changeTab}
      pager={<InvoicePager pages={v.pages} page={v.page} onPage={v.setPage} />}
      invoices={
        <InvoiceRows
          filters={v.filters}
          rows={v.rows}
          sort={v.sort}
          selected={v.selected}
          onClear={v.clear}
          onSort={v.changeSort}
          onSelected={v.setSelected}
          onOpen={v.openInvoice}
          actions={v.act.row}
        />
      }
      paid={<PaidRows loading={v.paidPage.isLoading} rows={v.paid} onOpen={v.openInvoice} />}
    />
  );
}

export function InvoicesPage() {
  const v = useInvoicesPage();
  const header = (
    <InvoicesHeader
      onReminders={() => void v.act.openReminders()}
      onExport={() =>
        void v.act.exportCsv(v.tab === 'paid' ? v.matchingPaid : v.matching, {
          kind: 'list',
          tab: v.tab,
          filters: v.filters,
          sort: v.sort,
        })
      }
      onNew={() => v.setDialog({ kind: 'new' })}
    />
  );
  // Only a first read that failed replaces the page; a refresh that failed (after a payment was
  // recorded, say) leaves what was read on screen with a note (issue 24 item 9).
  const reads = [v.summary, v.listPage, v.paidPage];
  const failed = reads.find((q) => q.isError && !q.data);
  const stale = reads.find((q) => q.isError && q.data);
  const retry = () => {
    for (const q of reads) if (q.isError) void q.refetch();
  };
  if (v.summary.isPending || v.listPage.isPending || failed || !v.summary.data)
    return (
      <>
        {header}
        {v.summary.isPending || v.listPage.isPending ? (
          <LoadingState label="Loading invoices..." />
        ) : (
          <ErrorState title="Error Loading Data" message={failed?.error?.message ?? ''} onRetry={retry} />
        )}
      </>
    );

  return (
    <>
      {header}
      {stale ? <RefreshFailedNotice message={stale.error?.message} onRetry={retry} /> : null}
      <InvoiceSummaryCards stats={v.summary.data} />
      <InvoiceFilterBar
        filters={v.filters}
        onChange={v.changeFilters}
        resources={v.summary.data.resources}
        onClear={v.clear}
      />
      {v.selected.size > 0 ? (
        <SelectedInvoicesBar
          chosen={v.chosen}
          sending={v.act.sending}
          onSend={() => void v.act.sendSelected(v.chosen).then(v.clearSelection)}
          onRemind={() => v.setDialog({ kind: 'reminders', invoices: v.chosen.filter(can.remind) })}
          onExport={() =>
            void v.act.exportCsv(v.chosen.length, {
              kind: 'selected',
              ids: v.chosen.map((i) => i.id),
              sort: v.sort,
            })
          }
        />
      ) : null}
      <InvoiceLists v={v} />
      <InvoicePanel
        invoice={v.open}
        onClose={() => v.setOpenId(null)}
        onRecordPayment={(invoice) => v.setDialog({ kind: 'payment', invoice })}
      />
      <InvoiceDialogs dialog={v.dialog} onClose={() => v.setDialog(null)} onCreated={v.setOpenId} />
    </>
  );
}
