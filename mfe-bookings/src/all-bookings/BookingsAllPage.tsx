import { useEffect, useMemo, useState } from 'react';
import { Button, Chip, Group, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { PageHeader, exportStamp } from '@venue/ui';
import { useBookingStats, useResources, type Params } from '../api/hooks.ts';
import type { Booking } from '../api/types.ts';
import { BookingsTable } from '../shared/BookingsTable.tsx';
import { columns } from '../shared/columns.tsx';
import { QUICK_FILTERS, SOURCE_OPTIONS } from '../shared/filters.ts';
import { MiniCalendar } from '../shared/MiniCalendar.tsx';
import { QueryStatus } from '@venue/ui/query-status';
import { RefreshButton } from '../shared/RefreshButton.tsx';
import { RowAction, RowActions, actionsColumn } from '../shared/RowAction.tsx';
import { StatCards } from '../shared/StatCards.tsx';
import { useBookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { useCsvExport, usePagedBookings } from '../shared/usePagedBookings.ts';
import { useFormat } from '../shared/format.ts';
import { AdvancedFilters, NO_ADVANCED, type Advanced } from './Filters.tsx';
import { CommandPalette } from './CommandPalette.tsx';
import { useRouteParams } from '@venue/ui/remote-root';

export function BookingsAllPage() {
  const fmt = useFormat();
  const exportCsv = useCsvExport();
  const dialogs = useBookingDialogs();
  const resources = useResources();
  const stats = useBookingStats();
  // Links elsewhere in the product open this page at ?q=<booking code> (the venue's "new request"
  // e-mail, a quotation's booking) and may name a source (?source=website).
  const route = useRouteParams();
  const linkedSearch = route.get('q') ?? '';
  const linkedSource = SOURCE_OPTIONS.some((o) => o.value === route.get('source'))
    ? route.get('source')
    : null;
  const [search, setSearch] = useState(linkedSearch);
  const [quick, setQuick] = useState('all');
  const [advanced, setAdvanced] = useState<Advanced>({ ...NO_ADVANCED, source: linkedSource });
  const [showAdvanced, setShowAdvanced] = useState(linkedSource !== null);
  // The shell keeps this page mounted when another link to it is followed: the new one wins.
  useEffect(() => {
    if (linkedSearch) setSearch(linkedSearch);
  }, [linkedSearch]);
  useEffect(() => {
    if (linkedSource) {
      setAdvanced((a) => ({ ...a, source: linkedSource }));
      setShowAdvanced(true);
    }
  }, [linkedSource]);
  const [showCalendar, setShowCalendar] = useState(false);
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
  const { list, debounced, sort, table } = usePagedBookings(filters, { sort: 'start', order: 'desc' });

  useHotkeys([
    ['mod+shift+T', () => setQuick('today')],
    ['mod+shift+N', () => setQuick('tomorrow')],
    ['mod+shift+W', () => setQuick('thisWeek')],
    ['mod+shift+P', () => setAdvanced({ ...NO_ADVANCED, status: ['pending'] })],
    ['Escape', () => (dialogs.detailsId ? dialogs.closeDetails() : spotlight.close())],
  ]);

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
    actionsColumn((b: Booking) => (
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
    )),
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
            <Button
              variant="default"
              onClick={() =>
                void exportCsv(
                  { ...debounced, sort: sort.sort, order: sort.order },
                  `bookings_export_${exportStamp()}.csv`,
                )
              }
            >
              Export CSV
            </Button>
            <RefreshButton queries={[list, stats]} />
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
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
        <Chip.Group multiple={false} value={quick} onChange={setQuick}>
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
        onChange={setAdvanced}
        resources={resources.data ?? []}
      />
      {showCalendar ? (
        <Group mb="md">
          <MiniCalendar
            selected={advanced.from && advanced.from === advanced.to ? advanced.from : null}
            onSelect={(d) => setAdvanced({ ...advanced, from: d, to: d })}
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
      <QueryStatus query={list} loading="Loading bookings...">
        {(data) => (
          <BookingsTable
            label="Bookings"
            {...table(data)}
            columns={tableColumns}
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
