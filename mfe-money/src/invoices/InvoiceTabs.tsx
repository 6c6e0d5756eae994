import type { ComponentProps, ReactNode } from 'react';
import { Badge, Button, Group, Pagination, Tabs } from '@mantine/core';
import { EmptyState, LoadingState } from '@venue/ui';
import type { Invoice } from '@venue/contracts/money-api';
import { hasFilters, type InvoiceFilters } from './invoice-filters.ts';
import { InvoiceTable, PaidInvoiceTable } from './InvoiceTable.tsx';

export type InvoiceTab = 'invoices' | 'paid';

/** The Invoices and Paid tabs, each with its count from the summary and the same pager. */
export function InvoiceTabs({
  tab,
  onTab,
  matching,
  matchingPaid,
  invoices,
  paid,
  pager,
}: {
  tab: InvoiceTab;
  onTab: (tab: InvoiceTab) => void;
  matching: number;
  matchingPaid: number;
  invoices: ReactNode;
  paid: ReactNode;
  pager: ReactNode;
}) {
  return (
    <Tabs keepMounted={false} value={tab} onChange={(v) => onTab(v === 'paid' ? 'paid' : 'invoices')}>
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
        {invoices}
        {pager}
      </Tabs.Panel>
      <Tabs.Panel value="paid">
        {paid}
        {pager}
      </Tabs.Panel>
    </Tabs>
  );
}

/** Page numbers over the summary's count of the tab's matches (no count per page). */
export function InvoicePager({
  pages,
  page,
  onPage,
}: {
  pages: number;
  page: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end" mt="sm">
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" />
    </Group>
  );
}

/** The Invoices tab: the table, or why it is empty (nothing yet, or nothing matching). */
export function InvoiceRows({
  filters,
  onClear,
  ...table
}: ComponentProps<typeof InvoiceTable> & { filters: InvoiceFilters; onClear: () => void }) {
  if (table.rows.length > 0) return <InvoiceTable {...table} />;
  const filtered = hasFilters(filters);
  return (
    <EmptyState
      title={!filtered ? 'No invoices yet' : 'No invoices found matching your criteria'}
      description={
        !filtered ? 'Create one with New Invoice, or confirm a booking with a deposit.' : undefined
      }
      action={
        filtered ? (
          <Button variant="light" onClick={onClear}>
            Clear Filters
          </Button>
        ) : undefined
      }
    />
  );
}

/** The Paid tab's list. */
export function PaidRows({
  loading,
  rows,
  onOpen,
}: {
  loading: boolean;
  rows: Invoice[];
  onOpen: (inv: Invoice) => void;
}) {
  if (loading) return <LoadingState label="Loading paid invoices..." />;
  if (rows.length === 0) return <EmptyState title="No paid invoices yet" />;
  return <PaidInvoiceTable rows={rows} onOpen={onOpen} />;
}
