import { useMemo, useState, type ReactNode } from 'react';
import { Button, Chip, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PageHeader, useSession } from '@venue/ui';
import { queryString, useBookingList, useBookingStats } from '../../api/hooks.ts';
import type { Booking, BookingStats } from '../../api/types.ts';
import { BookingsTable, type Column, type SortState } from '../../components/BookingsTable.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { StatCards } from '../../components/StatCards.tsx';
import { useBookingDialogs, type BookingDialogs } from '../../components/useBookingDialogs.tsx';
import { downloadFromServer } from '@venue/ui';
import { useFormat, type Formatters } from '../../lib/format.ts';
import { errorText, toastError } from '../../lib/notify.ts';

export interface Toggle {
  label: string;
  /** Query parameters this toggle adds when on. */
  params: Record<string, string | boolean>;
}

export interface StatusListConfig {
  title: string;
  status: string;
  defaultSort: SortState;
  searchPlaceholder: string;
  toggles: Toggle[];
  cards?: (stats: BookingStats, fmt: Formatters) => { label: string; value: string | number }[];
  columns: (fmt: Formatters, dialogs: BookingDialogs, openView: (b: Booking) => void) => Column[];
  exportFile: () => string;
  empty: { title: string; filtered: string; unfiltered: string };
  printLabel: string;
  /** A read-only dialog some screens show instead of the booking pane. */
  viewDialog?: (booking: Booking | null, onClose: () => void) => ReactNode;
}

const PAGE_SIZE = 25;
const PRINT_CSS = `@media print { nav, header, aside, .no-print, [data-testid="sidebar"] { display: none !important; } }`;

/** Confirmed, Completed and Cancelled: one status, server filters, sort and pages. */
export function StatusListPage({ config }: { config: StatusListConfig }) {
  const session = useSession();
  const fmt = useFormat();
  const dialogs = useBookingDialogs();
  const stats = useBookingStats();
  const [search, setSearch] = useState('');
  const [on, setOn] = useState<string[]>([]);
  const [sort, setSort] = useState<SortState>(config.defaultSort);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<Booking | null>(null);
  const filters = useMemo(() => {
    const p: Record<string, string | boolean> = { q: search.trim(), status: config.status };
    for (const t of config.toggles) if (on.includes(t.label)) Object.assign(p, t.params);
    return p;
  }, [search, on, config]);
  const [debounced] = useDebouncedValue(filters, 300);
  const list = useBookingList({ ...debounced, sort: sort.sort, order: sort.order, page, limit: PAGE_SIZE });

  async function exportCsv() {
    try {
      await downloadFromServer(
        session.getToken,
        `/api/bookings/export.csv${queryString({ ...debounced, sort: sort.sort, order: sort.order })}`,
        config.exportFile(),
      );
    } catch (err) {
      toastError('Export failed', errorText(err));
    }
  }

  const filtered = Boolean(search.trim()) || on.length > 0;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={config.title}
        actions={
          <span className="no-print" style={{ display: 'contents' }}>
            <Button
              variant="default"
              onClick={() => void Promise.all([list.refetch(), stats.refetch()])}
              loading={list.isFetching}
            >
              Refresh
            </Button>
            <Button variant="default" onClick={() => window.print()}>
              {config.printLabel}
            </Button>
            <Button variant="default" onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </span>
        }
      />
      {config.cards ? (
        stats.isError ? (
          <Text c="red.9" size="sm" mb="sm" role="alert">
            Could not load the summary: {stats.error.message}
          </Text>
        ) : stats.data ? (
          <StatCards cards={config.cards(stats.data, fmt)} />
        ) : null
      ) : null}
      <Group mb="md" align="flex-end" className="no-print">
        <TextInput
          label="Search"
          placeholder={config.searchPlaceholder}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
        <Chip.Group
          multiple
          value={on}
          onChange={(v) => {
            setOn(v);
            setPage(1);
          }}
        >
          <Group gap={6} role="group" aria-label="Filters">
            {config.toggles.map((t) => (
              <Chip key={t.label} value={t.label} size="sm">
                {t.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>
      {selected.size > 0 ? (
        <Text size="sm" mb="xs">
          {selected.size} selected
        </Text>
      ) : null}
      <QueryStatus query={list} loadingLabel="Loading bookings...">
        {(data) => (
          <BookingsTable
            label={config.title}
            rows={data.items}
            columns={config.columns(fmt, dialogs, setViewing)}
            sort={sort}
            onSort={(s) => {
              setSort(s);
              setPage(1);
            }}
            selected={selected}
            onSelected={setSelected}
            onRowClick={(b) => (config.viewDialog ? setViewing(b) : dialogs.details(b.id))}
            page={data.page}
            totalPages={data.totalPages}
            total={data.total}
            onPage={setPage}
            empty={{
              title: config.empty.title,
              description: filtered ? config.empty.filtered : config.empty.unfiltered,
            }}
          />
        )}
      </QueryStatus>
      {config.viewDialog?.(viewing, () => setViewing(null))}
      {dialogs.element}
    </>
  );
}
