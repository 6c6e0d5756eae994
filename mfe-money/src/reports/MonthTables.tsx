/**
 * Historical Performance and Upcoming Pipeline (spec 03 §2.10): Month, Bookings, Revenue, by
 * month, each column sortable ascending → descending → none. Both count revenue by event date,
 * which the caption says.
 */
import { useCallback } from 'react';
import { Table } from '@mantine/core';
import { useSession } from '@venue/ui';
import { SortHeader } from '@venue/ui/sort-header';
import type { Formatters } from '../shared/format.ts';
import { Panel } from './Panel.tsx';
import type { MonthRow } from './reports-api.ts';
import { basisText, monthLabel, type RevenueBasis } from './report-format.ts';
import { sortDirection, useSort } from './sorting.ts';

type Key = 'month' | 'bookings' | 'revenue' | 'received';

/** A month table with nothing in it says so: six months of zeros are no data to read. */
export function isEmptyMonths(rows: readonly MonthRow[]): boolean {
  return rows.every((r) => r.bookings === 0 && r.revenueCents === 0 && !r.receivedCents);
}

export function MonthTable({
  title,
  rows,
  basis,
  emptyMessage,
  f,
  testId,
}: {
  title: string;
  rows: readonly MonthRow[];
  basis: RevenueBasis;
  emptyMessage: string;
  f: Formatters;
  testId: string;
}) {
  const { settings } = useSession();
  const value = useCallback(
    (r: MonthRow, key: Key) =>
      key === 'month'
        ? r.month
        : key === 'bookings'
          ? r.bookings
          : key === 'revenue'
            ? r.revenueCents
            : (r.receivedCents ?? 0),
    [],
  );
  // History also says what was received in each month, by payment date, when the server sends it.
  const hasReceived = rows.some((r) => r.receivedCents !== undefined);
  const { sorted, sort, toggle } = useSort<MonthRow, Key>(rows, value);
  const currency = settings.currency ?? 'AUD';
  const column = (key: Key, label: string, align?: 'right') => (
    <SortHeader label={label} direction={sortDirection(sort, key)} onSort={() => toggle(key)} align={align} />
  );
  return (
    <Panel
      title={title}
      caption={
        hasReceived ? `${basisText(basis)}; Received by payment date (less refunds)` : basisText(basis)
      }
      empty={isEmptyMonths(rows) ? emptyMessage : null}
      testId={testId}
    >
      <Table.ScrollContainer minWidth={320}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {column('month', 'Month')}
              {column('bookings', 'Bookings', 'right')}
              {column('revenue', `Revenue ${currency}`, 'right')}
              {hasReceived ? column('received', `Received ${currency}`, 'right') : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => (
              <Table.Tr key={r.month} data-testid="month-row">
                <Table.Td>{monthLabel(r.month)}</Table.Td>
                <Table.Td ta="right">{r.bookings}</Table.Td>
                <Table.Td ta="right">{f.money(r.revenueCents)}</Table.Td>
                {hasReceived ? <Table.Td ta="right">{f.money(r.receivedCents ?? 0)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Panel>
  );
}
