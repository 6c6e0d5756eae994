import { useMemo, useState } from 'react';
import { Button, Chip, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { PageHeader, useSession } from '@venue/ui';
import { queryString, useBookingList, useBookingStats, useResources, type Params } from '../../api/hooks.ts';
import type { Booking } from '../../api/types.ts';
import { BookingsTable, stop, type SortState } from '../../components/BookingsTable.tsx';
import { columns } from '../../components/columns.tsx';
import { QUICK_FILTERS } from '../../components/filters.ts';
import { MiniCalendar } from '../../components/MiniCalendar.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { StatCards } from '../../components/StatCards.tsx';
import { useBookingDialogs } from '../../components/useBookingDialogs.tsx';
import { downloadFromServer, exportStamp } from '@venue/ui';
import { useFormat } from '../../lib/format.ts';
import { errorText, toastError } from '../../lib/notify.ts';
import { AdvancedFilters, NO_ADVANCED, type Advanced } from './Filters.tsx';
import { CommandPalette } from './CommandPalette.tsx';

const PAGE_SIZE = 25;

export function BookingsAllPage() {
  const session = useSession();
  const fmt = useFormat();
  const dialogs = useBookingDialogs();
  const resources = useResources();
  const stats = useBookingStats();
  const [search, setSearch] = useState('');
  const [quick, setQuick] = useState('all');
  const [advanced, setAdvanced] = useState<Advanced>(NO_ADVANCED);
  const [showAdvanced, setShowAdvanced] = useState(false);
  const [showCalendar, setShowCalendar] = useState(false);
  const [sort, setSort] = useState<SortState>({ sort: 'start', order: 'desc' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const filters = useMemo<Params>(
    () => ({
      q: search.trim(),
      quick: quick === 'all' ? '' : quick,
      status: advanced.status.join(','),
      resourceId: advanced.resourceId,
      priority: advanced.priority,
      source: advanced.source,
      tier: advanced.tier,
      from: advanced.from,
      to: advanced.to,
    }),
    [search, quick, advanced],
  );
  // Filters and search settle for 300 ms before the server is asked (spec 02 §9).
  const [debounced] = useDebouncedValue(filters, 300);
  const params = { ...debounced, sort: sort.sort, order: sort.order, page, limit: PAGE_SIZE };
  const list = useBookingList(params);
  const change =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setPage(1);
    };

  useHotkeys([
    ['mod+shift+T', () => change(setQuick)('today')],
    ['mod+shift+N', () => change(setQuick)('tomorrow')],
    ['mod+shift+W', () => change(setQuick)('thisWeek')],
    ['mod+shift+P', () => change(setAdvanced)({ ...NO_ADVANCED, status: ['pending'] })],
    ['Escape', () => (dialogs.detailsId ? dialogs.closeDetails() : spotlight.close())],
  ]);

  async function exportCsv() {
    try {
      await downloadFromServer(
        session.getToken,
        `/api/bookings/export.csv${queryString({ ...debounced, sort: sort.sort, order: sort.order })}`,
        `bookings_export_${exportStamp()}.csv`,
      );
    } catch (err) {
      toastError('Export failed', errorText(err));
    }
  }

  const col = columns(fmt);
  const tableColumns = [
    col.booking,
    col.customer,
    col.resource,
    col.source,
    col.start,
    col.status,
    col.value,
    col.balance,
    {
      key: 'actions',
      label: 'Actions',
      render: (b: Booking) => (
        <Group gap={4} wrap="nowrap">
          {b.status === 'pending' || b.status === 'tentative' ? (
            <Button size="xs" variant="light" onClick={stop(() => dialogs.confirm(b))}>
              Confirm
            </Button>
          ) : null}
          {b.status === 'pending' || b.status === 'tentative' || b.status === 'confirmed' ? (
            <Button size="xs" variant="subtle" color="red" onClick={stop(() => dialogs.cancel(b))}>
              Cancel
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  const s = stats.data;
  return (
    <>
      <PageHeader
        title="Bookings — All"
        actions={
          <>
            <Button variant="default" onClick={() => spotlight.open()}>
              Search (Ctrl+K)
            </Button>
            <Button variant="default" onClick={() => setShowCalendar((v) => !v)}>
              {showCalendar ? 'Hide Calendar' : 'Show Calendar'}
            </Button>
            <Button variant="default" onClick={() => void exportCsv()}>
              Export CSV
            </Button>
            <Button
              variant="default"
              onClick={() => void Promise.all([list.refetch(), stats.refetch()])}
              loading={list.isFetching}
            >
              Refresh
            </Button>
            <Button onClick={() => dialogs.create()}>New Booking</Button>
          </>
        }
      />
      {stats.isError ? (
        <Text c="red.9" size="sm" mb="sm" role="alert">
          Could not load the summary: {stats.error.message}
        </Text>
      ) : (
        <StatCards
          cards={[
            { label: "Today's Bookings", value: s ? s.todayCount : '…' },
            { label: 'Pending Review', value: s ? s.pendingCount : '…' },
            { label: 'Total Revenue (Completed)', value: s ? fmt.money(s.completedRevenueCents) : '…' },
            { label: 'High Risk Alerts', value: s ? s.highRiskCount : '…' },
          ]}
        />
      )}
      <Group mb="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Search by code, customer, e-mail, resource..."
          value={search}
          onChange={(e) => change(setSearch)(e.currentTarget.value)}
          w={320}
        />
        <Chip.Group multiple={false} value={quick} onChange={change(setQuick)}>
          <Group gap={6} role="group" aria-label="Quick filters">
            {QUICK_FILTERS.map((f) => (
              <Chip key={f.value} value={f.value} size="sm">
                {f.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Button variant="subtle" onClick={() => setShowAdvanced((v) => !v)} aria-expanded={showAdvanced}>
          Advanced Filters
        </Button>
      </Group>
      <AdvancedFilters
        opened={showAdvanced}
        value={advanced}
        onChange={change(setAdvanced)}
        resources={resources.data ?? []}
      />
      {showCalendar ? (
        <Group mb="md">
          <MiniCalendar
            selected={advanced.from && advanced.from === advanced.to ? advanced.from : null}
            onSelect={(d) => change(setAdvanced)({ ...advanced, from: d, to: d })}
          />
        </Group>
      ) : null}
      {selected.size > 0 ? (
        <Group mb="xs">
          <Text size="sm">{selected.size} selected</Text>
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </Group>
      ) : null}
      <QueryStatus query={list} loadingLabel="Loading bookings...">
        {(data) => (
          <BookingsTable
            label="Bookings"
            rows={data.items}
            columns={tableColumns}
            sort={sort}
            onSort={change(setSort)}
            selected={selected}
            onSelected={setSelected}
            onRowClick={(b) => dialogs.details(b.id)}
            page={data.page}
            totalPages={data.totalPages}
            total={data.total}
            onPage={setPage}
            empty={{ title: 'No bookings found. Try adjusting your filters.' }}
          />
        )}
      </QueryStatus>
      <CommandPalette onPick={(id) => dialogs.details(id)} />
      {dialogs.element}
    </>
  );
}
