import { useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { PageHeader } from '@venue/ui';
import { useBookingStats } from '../api/hooks.ts';
import type { Booking, BookingStats } from '../api/types.ts';
import { BookingsTable, type Column, type SortState } from '../shared/BookingsTable.tsx';
import { columns, type BookingColumns } from '../shared/columns.tsx';
import { QueryStatus } from '@venue/ui/query-status';
import { ChipChoice } from '@venue/ui/choice';
import { RefreshButton } from '@venue/ui/refresh-button';
import { StatCards } from '../shared/StatCards.tsx';
import { useBookingDialogs, type BookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { useCsvExport, usePagedBookings } from '../shared/usePagedBookings.ts';
import { useFormat, type Formatters } from '../shared/format.ts';
import { onDatesParam, useHolidayDates } from './holiday-dates.ts';

export interface Toggle {
  label: string;
  /** Query parameters this toggle adds when on. */
  params: Record<string, string | boolean>;
  /** On, the list keeps the bookings on public holidays (days asked of the catalogue). */
  holidays?: boolean;
}

export interface StatusListConfig {
  title: string;
  status: string;
  defaultSort: SortState;
  searchPlaceholder: string;
  toggles: Toggle[];
  cards?: (stats: BookingStats, fmt: Formatters) => { label: string; value: string | number }[];
  /** Picks and adds to the shared column builders (`c`). */
  columns: (c: BookingColumns, dialogs: BookingDialogs, openView: (b: Booking) => void) => Column[];
  exportFile: () => string;
  /** `filtered` defaults to the hint every status list gives while searching or filtering. */
  empty: { title: string; filtered?: string; unfiltered: string };
  printLabel: string;
  /** A read-only dialog some screens show instead of the booking pane. */
  viewDialog?: (booking: Booking | null, onClose: () => void) => ReactNode;
  /** More header buttons, given the ticked rows and the rows on screen (Confirmed: Send reminders). */
  actions?: (ctx: { selected: Set<string>; rows: Booking[] }) => ReactNode;
}

const PRINT_CSS = `@media print { nav, header, aside, .no-print, [data-testid="sidebar"] { display: none !important; } }`;

/** The list's query: the status, the search, each toggle's parameters and the holidays' days. */
function useStatusFilters(config: StatusListConfig, search: string, on: string[]) {
  const wantsHolidays = config.toggles.some((t) => t.holidays && on.includes(t.label));
  const holidays = useHolidayDates(wantsHolidays);
  const filters = useMemo(() => {
    const p: Record<string, string | boolean> = { q: search.trim(), status: config.status };
    for (const t of config.toggles) if (on.includes(t.label)) Object.assign(p, t.params);
    // Until the days are known the list waits on a filter that matches nothing, never all rows.
    if (wantsHolidays) p.onDates = onDatesParam(holidays.data ?? []);
    return p;
  }, [search, on, config, wantsHolidays, holidays.data]);
  const holidaysError = wantsHolidays && holidays.isError ? holidays.error.message : null;
  return { filters, holidaysError };
}

/** Confirmed, Completed and Cancelled: one status, server filters, sort and pages. */
export function StatusListPage({ config }: { config: StatusListConfig }) {
  const fmt = useFormat();
  const dialogs = useBookingDialogs();
  const stats = useBookingStats();
  const exportCsv = useCsvExport();
  const [search, setSearch] = useState('');
  const [on, setOn] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<Booking | null>(null);
  const { filters, holidaysError } = useStatusFilters(config, search, on);
  const { list, debounced, sort, table } = usePagedBookings(filters, config.defaultSort);

  const filtered = Boolean(search.trim()) || on.length > 0;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={config.title}
        actions={
          <span className="no-print" style={{ display: 'contents' }}>
            <RefreshButton queries={[list, stats]} />
            <Button variant="default" onClick={() => window.print()}>
              {config.printLabel}
            </Button>
            {config.actions?.({ selected, rows: list.data?.items ?? [] })}
            <Button
              variant="default"
              onClick={() =>
                void exportCsv({ ...debounced, sort: sort.sort, order: sort.order }, config.exportFile())
              }
            >
              Export CSV
            </Button>
          </span>
        }
      />
      {config.cards ? <SummaryCards stats={stats} cards={config.cards} /> : null}
      <StatusFilters config={config} search={search} onSearch={setSearch} on={on} onToggles={setOn} />
      {holidaysError ? (
        <Text c="red.9" size="sm" mb="sm" role="alert">
          Could not load the public holidays: {holidaysError}
        </Text>
      ) : null}
      {selected.size > 0 ? (
        <Text size="sm" mb="xs">
          {selected.size} selected
        </Text>
      ) : null}
      <QueryStatus query={list} loading="Loading bookings...">
        {(data) => (
          <BookingsTable
            label={config.title}
            {...table(data)}
            columns={config.columns(columns(fmt), dialogs, setViewing)}
            selected={selected}
            onSelected={setSelected}
            onRowClick={(b) => (config.viewDialog ? setViewing(b) : dialogs.details(b.id))}
            empty={{
              title: config.empty.title,
              description: filtered
                ? (config.empty.filtered ?? 'Try adjusting your search or filters')
                : config.empty.unfiltered,
            }}
          />
        )}
      </QueryStatus>
      {config.viewDialog?.(viewing, () => setViewing(null))}
      {dialogs.element}
    </>
  );
}

/** The summary cards of the status (Confirmed's, Completed's), or why they could not be read. */
function SummaryCards({
  stats,
  cards,
}: {
  stats: ReturnType<typeof useBookingStats>;
  cards: NonNullable<StatusListConfig['cards']>;
}) {
  const fmt = useFormat();
  return stats.isError ? (
    <Text c="red.9" size="sm" mb="sm" role="alert">
      Could not load the summary: {stats.error.message}
    </Text>
  ) : stats.data ? (
    <StatCards cards={cards(stats.data, fmt)} />
  ) : null;
}

/** The search and the status's filter toggles. */
function StatusFilters(p: {
  config: StatusListConfig;
  search: string;
  onSearch: (q: string) => void;
  on: string[];
  onToggles: (on: string[]) => void;
}) {
  return (
    <Group mb="md" align="flex-end" className="no-print">
      <SearchField
        label="Search"
        placeholder={p.config.searchPlaceholder}
        value={p.search}
        onSearch={p.onSearch}
        w={320}
      />
      <ChipChoice
        label="Filters"
        labelHidden
        multiple
        options={p.config.toggles.map((t) => ({ value: t.label, label: t.label }))}
        value={p.on}
        onChange={p.onToggles}
      />
    </Group>
  );
}
