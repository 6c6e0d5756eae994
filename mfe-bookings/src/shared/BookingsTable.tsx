import type { ReactNode } from 'react';
import { Checkbox, Group, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import { EmptyState } from '@venue/ui';
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
  const allSelected = selected ? rows.every((r) => selected.has(r.id)) : false;
  const toggleAll = () => {
    if (!selected || !onSelected) return;
    const next = new Set(selected);
    for (const r of rows) {
      if (allSelected) next.delete(r.id);
      else next.add(r.id);
    }
    onSelected(next);
  };
  const toggle = (id: string) => {
    if (!selected || !onSelected) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelected(next);
  };
  const header = (c: Column) => {
    if (!c.sort || !onSort) return c.label;
    const active = sort?.sort === c.sort;
    const arrow = active ? (sort?.order === 'asc' ? ' ▲' : ' ▼') : '';
    return (
      <UnstyledButton
        fw={700}
        fz="sm"
        onClick={() => onSort({ sort: c.sort!, order: active && sort?.order === 'desc' ? 'asc' : 'desc' })}
      >
        {c.label}
        {arrow}
      </UnstyledButton>
    );
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
                <Table.Th
                  key={c.key}
                  aria-sort={
                    sort?.sort === c.sort && c.sort
                      ? sort?.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {header(c)}
                </Table.Th>
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
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {props.total?.toLocaleString('en-AU')}
            {props.totalIsEstimate ? '+' : ''} bookings
          </Text>
          <Pagination
            total={props.totalPages}
            value={props.page ?? 1}
            onChange={props.onPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      ) : null}
    </>
  );
}

/** Clicks on buttons inside a clickable row must not open the row too. */
export function stop(fn: () => void) {
  return (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
}
