import { useMemo, useState } from 'react';
import { Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PageHeader, useSession } from '@venue/ui';
import { queryString, useBookingList, useResources } from '../../api/hooks.ts';
import type { Booking } from '../../api/types.ts';
import { BookingsTable, stop, type SortState } from '../../components/BookingsTable.tsx';
import { columns } from '../../components/columns.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useBookingDialogs } from '../../components/useBookingDialogs.tsx';
import { downloadFromServer, exportStamp } from '@venue/ui';
import { useFormat } from '../../lib/format.ts';
import { errorText, toastError } from '../../lib/notify.ts';
import { RequestPanel } from './RequestPanel.tsx';

const PAGE_SIZE = 25;

export function HoldsPage() {
  const session = useSession();
  const fmt = useFormat();
  const dialogs = useBookingDialogs({ cancelTitle: 'Cancel Booking Request' });
  const resources = useResources();
  const [search, setSearch] = useState('');
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState>({ sort: 'start', order: 'asc' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Booking | null>(null);
  const filters = useMemo(
    () => ({ status: 'pending,tentative', q: search.trim(), resourceId }),
    [search, resourceId],
  );
  const [debounced] = useDebouncedValue(filters, 300);
  const list = useBookingList({ ...debounced, sort: sort.sort, order: sort.order, page, limit: PAGE_SIZE });

  async function exportCsv() {
    try {
      await downloadFromServer(
        session.getToken,
        `/api/bookings/export.csv${queryString(debounced)}`,
        `booking_requests_export_${exportStamp()}.csv`,
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
    c.status,
    c.hold,
    c.value,
    {
      key: 'actions',
      label: 'Actions',
      render: (b: Booking) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={stop(() => dialogs.confirm(b))}
            aria-label={`Confirm ${b.bookingCode}`}
          >
            Confirm
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={stop(() => dialogs.cancel(b))}
            aria-label={`Cancel ${b.bookingCode}`}
          >
            Cancel
          </Button>
        </Group>
      ),
    },
  ];
  const searching = Boolean(search.trim());

  return (
    <>
      <PageHeader
        title="Booking Requests"
        subtitle="Pending booking requests and tentative holds, with the time each hold expires."
        actions={
          <>
            <Button variant="default" onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching ? 'Refreshing...' : 'Refresh'}
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
          placeholder="Search booking requests..."
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setSearch('');
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
        <Badge variant="dot">Pending &amp; holds</Badge>
        <Badge variant="dot" color="gray">
          Recent requests
        </Badge>
        {selected.size ? <Text size="sm">{selected.size} selected</Text> : null}
      </Group>
      <QueryStatus query={list} loadingLabel="Loading booking requests...">
        {(data) => (
          <BookingsTable
            label="Booking requests"
            rows={data.items}
            columns={cols}
            sort={sort}
            onSort={setSort}
            selected={selected}
            onSelected={setSelected}
            onRowClick={setOpen}
            page={data.page}
            totalPages={data.totalPages}
            total={data.total}
            onPage={setPage}
            empty={{
              title: 'No booking requests found',
              description: searching
                ? 'Try adjusting your search terms'
                : 'New pending booking requests will appear here.',
            }}
          />
        )}
      </QueryStatus>
      <RequestPanel
        booking={open}
        onClose={() => setOpen(null)}
        onConfirm={(b) => {
          setOpen(null);
          dialogs.confirm(b);
        }}
        onCancel={(b) => {
          setOpen(null);
          dialogs.cancel(b);
        }}
        onView={(b) => {
          setOpen(null);
          dialogs.details(b.id);
        }}
      />
      {dialogs.element}
    </>
  );
}
