import type { ReactNode } from 'react';
import { Checkbox, Group, Pagination, Table, Text } from '@mantine/core';
import { EmptyState } from '@venue/ui';
import { allTicked, withAllToggled, withToggled } from '@venue/ui/selection';
import { SortHeader } from '@venue/ui/sort-header';
import type { Booking } from '../api/types.ts';

export interface Column {
  key: string;
  label: string;
  /** The server's sort key; sortable when given. */
  sort?: string;
  render: (b: Booking) => ReactNode;
}

export interface SortState {
  sort: string;
  order: 'asc' | 'desc';
}

interface Props {
  label: string;
  rows: Booking[];
  columns: Column[];
  sort?: SortState;
  onSort?: (s: SortState) => void;
  selected?: Set<string>;
  onSelected?: (s: Set<string>) => void;
  onRowClick?: (b: Booking) => void;
  page?: number;
  totalPages?: number;
  total?: number;
  /**
   * `total` is a lower bound (the server stops counting at 10,000, or 1,000 for a text search):
   * shown as "10,000+" / "1,000+".
   */
  totalIsEstimate?: boolean;
  onPage?: (p: number) => void;
  empty: { title: string; description?: string };
}

/** A server-sorted, server-paginated booking table with optional row selection. */
export function BookingsTable(props: Props) {
  const { rows, columns, sort, onSort, selected, onSelected, onRowClick } = props;
  if (rows.length === 0)
    return <EmptyState title={props.empty.title} description={props.empty.description} />;
  const allSelected = selected ? allTicked(selected, rows) : false;
  const toggleAll = () => {
    if (selected && onSelected) onSelected(withAllToggled(selected, rows));
  };
  const toggle = (id: string) => {
    if (selected && onSelected) onSelected(withToggled(selected, id));
  };
  return (
    <>
      {/* Native scrolling: a wide table scrolls inside its own box, with a visible scrollbar,
          instead of running past the page or hiding its last column until hovered. */}
      <Table.ScrollContainer minWidth={700} type="native">
        <Table highlightOnHover aria-label={props.label} striped>
          <Table.Thead>
            <Table.Tr>
              {selected ? (
                <Table.Th w={40}>
                  <Checkbox aria-label="Select all rows" checked={allSelected} onChange={toggleAll} />
                </Table.Th>
              ) : null}
              {columns.map((c) => (
                <HeaderCell key={c.key} column={c} sort={sort} onSort={onSort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => (
              <Table.Tr
                key={b.id}
                onClick={onRowClick ? () => onRowClick(b) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
                data-testid="booking-row"
              >
                {selected ? (
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={`Select booking ${b.bookingCode}`}
                      checked={selected.has(b.id)}
                      onChange={() => toggle(b.id)}
                    />
                  </Table.Td>
                ) : null}
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render(b)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {props.totalPages && props.totalPages > 1 && props.onPage ? (
        <Pager
          total={props.total}
          totalIsEstimate={props.totalIsEstimate}
          totalPages={props.totalPages}
          page={props.page ?? 1}
          onPage={props.onPage}
        />
      ) : null}
    </>
  );
}

/** A column's heading: its sort button (newest first on the first click), or its text alone. */
function HeaderCell({
  column: c,
  sort,
  onSort,
}: {
  column: Column;
  sort?: SortState;
  onSort?: (s: SortState) => void;
}) {
  const key = c.sort;
  if (!key || !onSort) return <Table.Th>{c.label}</Table.Th>;
  const direction = sort?.sort === key ? sort.order : null;
  return (
    <SortHeader
      label={c.label}
      direction={direction}
      onSort={() => onSort({ sort: key, order: direction === 'desc' ? 'asc' : 'desc' })}
    />
  );
}

/** How many bookings there are ("10,000+" when the server stopped counting) and the pages. */
function Pager(p: {
  total?: number;
  totalIsEstimate?: boolean;
  totalPages: number;
  page: number;
  onPage: (p: number) => void;
}) {
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {p.total?.toLocaleString('en-AU')}
        {p.totalIsEstimate ? '+' : ''} bookings
      </Text>
      <Pagination
        total={p.totalPages}
        value={p.page}
        onChange={p.onPage}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}

/** Clicks on buttons inside a clickable row must not open the row too. */
export function stop(fn: () => void) {
  return (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
}
