import { useMemo, useState } from 'react';
import { Button, Group, Menu, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PageHeader, useSession } from '@venue/ui';
import { queryString, useBookingList, useResources } from '../../api/hooks.ts';
import type { Booking } from '../../api/types.ts';
import { BookingsTable, type SortState } from '../../components/BookingsTable.tsx';
import { columns } from '../../components/columns.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useBookingDialogs } from '../../components/useBookingDialogs.tsx';
import { downloadFromServer, exportStamp } from '@venue/ui';
import { useFormat } from '../../lib/format.ts';
import { errorText, toastError } from '../../lib/notify.ts';
import { ReviewDialog, type Review } from './ReviewDialogs.tsx';

const PAGE_SIZE = 25;

export function PendingPage() {
  const session = useSession();
  const fmt = useFormat();
  const dialogs = useBookingDialogs();
  const resources = useResources();
  const [search, setSearch] = useState('');
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState>({ sort: 'start', order: 'asc' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [review, setReview] = useState<Review>(null);
  const filters = useMemo(() => ({ status: 'pending', q: search.trim(), resourceId }), [search, resourceId]);
  const [debounced] = useDebouncedValue(filters, 300);
  const list = useBookingList({ ...debounced, sort: sort.sort, order: sort.order, page, limit: PAGE_SIZE });
  const rows = list.data?.items ?? [];
  const chosen = rows.filter((b) => selected.has(b.id));

  async function exportCsv() {
    try {
      await downloadFromServer(
        session.getToken,
        `/api/bookings/export.csv${queryString(debounced)}`,
        `pending_bookings_export_${exportStamp()}.csv`,
      );
    } catch (err) {
      toastError('Export failed', errorText(err));
    }
  }

  const c = columns(fmt);
  const cols = [
    c.booking,
    c.customer,
    c.resource,
    c.start,
    c.end,
    c.notes,
    {
      key: 'actions',
      label: 'Actions',
      render: (b: Booking) => (
        <Menu withinPortal position="bottom-end">
          <Menu.Target>
            <Button
              size="xs"
              variant="light"
              onClick={(e) => e.stopPropagation()}
              aria-label={`Actions for ${b.bookingCode}`}
            >
              Actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item onClick={() => setReview({ kind: 'accept', bookings: [b] })}>Accept</Menu.Item>
            <Menu.Item onClick={() => setReview({ kind: 'decline', bookings: [b] })}>Decline</Menu.Item>
            <Menu.Item onClick={() => setReview({ kind: 'changes', bookings: [b] })}>
              Request changes
            </Menu.Item>
            <Menu.Item onClick={() => dialogs.details(b.id)}>View</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Bookings — Pending Review"
        actions={
          <>
            <Button variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
              Refresh
            </Button>
            <Button
              variant="default"
              disabled={chosen.length === 0}
              onClick={() => setReview({ kind: 'accept', bookings: chosen })}
            >
              Bulk Accept
            </Button>
            <Button
              variant="default"
              color="red"
              disabled={chosen.length === 0}
              onClick={() => setReview({ kind: 'decline', bookings: chosen })}
            >
              Bulk Decline
            </Button>
            <Button variant="default" onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </>
        }
      />
      <Group mb="md" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Search pending bookings..."
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={300}
        />
        <Select
          label="Resource"
          data={(resources.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          value={resourceId}
          onChange={(v) => {
            setResourceId(v);
            setPage(1);
          }}
          clearable
          placeholder="All Resources"
        />
        {chosen.length ? <Text size="sm">{chosen.length} selected</Text> : null}
      </Group>
      <QueryStatus query={list} loadingLabel="Loading pending bookings...">
        {(data) => (
          <BookingsTable
            label="Pending bookings"
            rows={data.items}
            columns={cols}
            sort={sort}
            onSort={setSort}
            selected={selected}
            onSelected={setSelected}
            onRowClick={(b) => dialogs.details(b.id)}
            page={data.page}
            totalPages={data.totalPages}
            total={data.total}
            onPage={setPage}
            empty={{ title: 'No pending bookings found.' }}
          />
        )}
      </QueryStatus>
      <ReviewDialog review={review} onClose={() => setReview(null)} onDone={() => setSelected(new Set())} />
      {dialogs.element}
    </>
  );
}
