import { useMemo, useState } from 'react';
import { CloseButton, Group, Select } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { useDebouncedValue } from '@mantine/hooks';
import { EmptyState, PageHeader } from '@venue/ui';
import { useCustomers } from '../api/hooks.ts';
import { SEGMENTS, type CustomerList } from '../api/types.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { RefreshButton } from '@venue/ui/refresh-button';
import { StatCards } from '../shared/StatCards.tsx';
import { CustomerPanel } from './CustomerPanel.tsx';
import { CustomerPages, CustomersTable, PAGE_SIZE, type Sort } from './CustomersTable.tsx';

export function CustomersPage() {
  const [search, setSearch] = useState('');
  const [segment, setSegment] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>({ key: 'clv', order: 'desc' });
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const params = useMemo(
    () => ({ search: debounced, segment, tag, sort: sort?.key, order: sort?.order, page, limit: PAGE_SIZE }),
    [debounced, segment, tag, sort, page],
  );
  const list = useCustomers(params);

  return (
    <>
      <PageHeader title="Customers" actions={<RefreshButton queries={[list]} />} />
      {list.data ? <CustomerStats stats={list.data.stats} /> : null}
      <CustomerFilters
        search={search}
        onSearch={(q) => {
          setSearch(q);
          setPage(1);
        }}
        onClear={() => setSearch('')}
        segment={segment}
        onSegment={(v) => {
          setSegment(v);
          setPage(1);
        }}
        tag={tag}
        onTag={(v) => {
          setTag(v);
          setPage(1);
        }}
      />
      <QueryStatus query={list} loading="Loading customers...">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              title="No customers found"
              description={
                debounced || segment || tag
                  ? 'Try adjusting your search terms'
                  : 'Customers will appear here when they make bookings'
              }
            />
          ) : (
            <>
              <CustomersTable
                items={data.items}
                sort={sort}
                onSort={(next) => {
                  setSort(next);
                  setPage(1);
                }}
                onOpen={setOpenId}
              />
              <CustomerPages total={data.total} page={page} onPage={setPage} />
            </>
          )
        }
      </QueryStatus>
      <CustomerPanel id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

export { lastActive } from './CustomersTable.tsx';

function CustomerStats({ stats }: { stats: CustomerList['stats'] }) {
  return (
    <StatCards
      cards={[
        { label: 'Total Customers', value: stats.total },
        { label: 'VIP Customers', value: stats.vip },
        { label: 'At-Risk Customers', value: stats.atRisk },
        { label: 'Top Segment', value: stats.topSegment ?? 'N/A' },
      ]}
    />
  );
}

/** The search (with its clear button), the segment and the tag; each change goes back to page 1. */
function CustomerFilters(p: {
  search: string;
  onSearch: (q: string) => void;
  onClear: () => void;
  segment: string | null;
  onSegment: (v: string | null) => void;
  tag: string | null;
  onTag: (v: string | null) => void;
}) {
  return (
    <Group mb="md" align="flex-end">
      <SearchField
        label="Search customers"
        placeholder="Name, e-mail or phone"
        value={p.search}
        onSearch={p.onSearch}
        rightSection={p.search ? <CloseButton aria-label="Clear search" onClick={p.onClear} /> : null}
        w={320}
      />
      <Select
        label="Segment"
        data={[...SEGMENTS]}
        value={p.segment}
        onChange={p.onSegment}
        clearable
        placeholder="All segments"
      />
      <Select
        label="Tag"
        data={['VIP', 'NFP']}
        value={p.tag}
        onChange={p.onTag}
        clearable
        placeholder="Any tag"
      />
    </Group>
  );
}
