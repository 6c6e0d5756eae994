import { useState, type ComponentProps } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { useHotkeys } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { PageHeader, exportStamp } from '@venue/ui';
import { useBookingStats, useResources } from '../api/hooks.ts';
import type { Booking } from '../api/types.ts';
import { BookingsTable } from '../shared/BookingsTable.tsx';
import { columns } from '../shared/columns.tsx';
import { QUICK_FILTERS } from '../shared/filters.ts';
import { MiniCalendar } from '../shared/MiniCalendar.tsx';
import { QueryStatus } from '@venue/ui/query-status';
import { ChipChoice } from '@venue/ui/choice';
import { RefreshButton } from '@venue/ui/refresh-button';
import { RowAction, RowActions, actionsColumn } from '../shared/RowAction.tsx';
import { StatCards } from '../shared/StatCards.tsx';
import { useBookingDialogs, type BookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { useCsvExport, usePagedBookings } from '../shared/usePagedBookings.ts';
import { useFormat, type Formatters } from '../shared/format.ts';
import { AdvancedFilters, NO_ADVANCED } from './Filters.tsx';
import { useAllBookingsFilters } from './useAllBookingsFilters.ts';
import { CommandPalette } from './CommandPalette.tsx';

export function BookingsAllPage() {
  const fmt = useFormat();
  const exportCsv = useCsvExport();
  const dialogs = useBookingDialogs();
  const resources = useResources();
  const stats = useBookingStats();
  const f = useAllBookingsFilters();
  const [showCalendar, setShowCalendar] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { list, debounced, sort, table } = usePagedBookings(f.filters, { sort: 'start', order: 'desc' });

  useListHotkeys(f, dialogs);

  return (
    <>
      <PageHeader
        title="Bookings — All"
        actions={
          <AllHeaderActions
            showCalendar={showCalendar}
            onToggleCalendar={() => setShowCalendar((v) => !v)}
            onExport={() =>
              void exportCsv(
                { ...debounced, sort: sort.sort, order: sort.order },
                `bookings_export_${exportStamp()}.csv`,
              )
            }
            refresh={[list, stats]}
            onNew={() => dialogs.create()}
          />
        }
      />
      <AllStats stats={stats} />
      <SearchBar
        search={f.search}
        onSearch={f.setSearch}
        quick={f.quick}
        onQuick={f.setQuick}
        showAdvanced={f.showAdvanced}
        onToggleAdvanced={() => f.setShowAdvanced((v) => !v)}
      />
      <AdvancedFilters
        opened={f.showAdvanced}
        value={f.advanced}
        onChange={f.setAdvanced}
        resources={resources.data ?? []}
      />
      {showCalendar ? (
        <Group mb="md">
          <MiniCalendar
            selected={f.advanced.from && f.advanced.from === f.advanced.to ? f.advanced.from : null}
            onSelect={(d) => f.setAdvanced({ ...f.advanced, from: d, to: d })}
          />
        </Group>
      ) : null}
      <SelectionBar count={selected.size} onClear={() => setSelected(new Set())} />
      <QueryStatus query={list} loading="Loading bookings...">
        {(data) => (
          <BookingsTable
            label="Bookings"
            {...table(data)}
            columns={allColumns(fmt, dialogs)}
            selected={selected}
            onSelected={setSelected}
            onRowClick={(b) => dialogs.details(b.id)}
            empty={{ title: 'No bookings found. Try adjusting your filters.' }}
          />
        )}
      </QueryStatus>
      <CommandPalette onPick={(id) => dialogs.details(id)} />
      {dialogs.element}
    </>
  );
}

/** The quick filters' shortcuts, and Escape closing the booking pane (else the search palette). */
function useListHotkeys(f: ReturnType<typeof useAllBookingsFilters>, dialogs: BookingDialogs) {
  useHotkeys([
    ['mod+shift+T', () => f.setQuick('today')],
    ['mod+shift+N', () => f.setQuick('tomorrow')],
    ['mod+shift+W', () => f.setQuick('thisWeek')],
    ['mod+shift+P', () => f.setAdvanced({ ...NO_ADVANCED, status: ['pending'] })],
    ['Escape', () => (dialogs.detailsId ? dialogs.closeDetails() : spotlight.close())],
  ]);
}

function allColumns(fmt: Formatters, dialogs: BookingDialogs) {
  const col = columns(fmt);
  return [
    col.booking,
    col.customer,
    col.resource,
    col.source,
    col.start,
    col.status,
    col.value,
    col.balance,
    actionsColumn((b: Booking) => <StatusActions booking={b} dialogs={dialogs} />),
  ];
}

/** A row's Confirm (pending or held) and Cancel (also confirmed). */
function StatusActions({ booking: b, dialogs }: { booking: Booking; dialogs: BookingDialogs }) {
  return (
    <RowActions>
      {b.status === 'pending' || b.status === 'tentative' ? (
        <RowAction onClick={() => dialogs.confirm(b)}>Confirm</RowAction>
      ) : null}
      {b.status === 'pending' || b.status === 'tentative' || b.status === 'confirmed' ? (
        <RowAction variant="subtle" color="red" onClick={() => dialogs.cancel(b)}>
          Cancel
        </RowAction>
      ) : null}
    </RowActions>
  );
}

/** Today's bookings, pending, completed revenue and high-risk alerts, or why they are missing. */
function AllStats({ stats }: { stats: ReturnType<typeof useBookingStats> }) {
  const fmt = useFormat();
  const s = stats.data;
  return stats.isError ? (
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
  );
}

/** The search, the quick filters and the Advanced Filters toggle. */
function SearchBar(p: {
  search: string;
  onSearch: (q: string) => void;
  quick: string;
  onQuick: (q: string) => void;
  showAdvanced: boolean;
  onToggleAdvanced: () => void;
}) {
  return (
    <Group mb="sm" align="flex-end" wrap="wrap">
      <SearchField
        label="Search"
        placeholder="Search by code, customer, e-mail, resource..."
        value={p.search}
        onSearch={p.onSearch}
        w={320}
      />
      <ChipChoice
        label="Quick filters"
        labelHidden
        options={QUICK_FILTERS}
        value={p.quick}
        onChange={p.onQuick}
      />
      <Button variant="subtle" onClick={p.onToggleAdvanced} aria-expanded={p.showAdvanced}>
        Advanced Filters
      </Button>
    </Group>
  );
}

function AllHeaderActions(p: {
  showCalendar: boolean;
  onToggleCalendar: () => void;
  onExport: () => void;
  refresh: ComponentProps<typeof RefreshButton>['queries'];
  onNew: () => void;
}) {
  return (
    <>
      <Button variant="default" onClick={() => spotlight.open()}>
        Search (Ctrl+K)
      </Button>
      <Button variant="default" onClick={p.onToggleCalendar}>
        {p.showCalendar ? 'Hide Calendar' : 'Show Calendar'}
      </Button>
      <Button variant="default" onClick={p.onExport}>
        Export CSV
      </Button>
      <RefreshButton queries={p.refresh} />
      <Button onClick={p.onNew}>New Booking</Button>
    </>
  );
}

/** How many rows are ticked, with Clear selection; nothing when none is. */
function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  return count > 0 ? (
    <Group mb="xs">
      <Text size="sm">{count} selected</Text>
      <Button size="xs" variant="subtle" onClick={onClear}>
        Clear selection
      </Button>
    </Group>
  ) : null;
}
