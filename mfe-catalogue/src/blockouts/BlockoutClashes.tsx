import { useEffect, useRef } from 'react';
import { Alert, Table, Text } from '@mantine/core';
import { formatDate, formatWallClock, useSession } from '@venue/ui';
import type { BlockoutClash } from '../api/types.ts';
import { ScrollTable } from '../shared/ScrollTable.tsx';
import { clashedBookings } from './blockoutRefusal.ts';
import { TableHead } from '@venue/ui/table-head';

/**
 * What the dialog shows when bookings hold part of the block-out's time (decision 55): nothing
 * was saved, which bookings, and what "Block out over these bookings" would do. The dates and
 * times are the bookings' own, on the venue's clock (the answer gives them as the venue's wall
 * clock: yyyy-MM-dd and HH:mm), written in the venue's formats.
 */
export function BlockoutClashes({ clashes }: { clashes: BlockoutClash[] }) {
  const { settings } = useSession();
  const rows = clashedBookings(clashes);
  const bookings = new Set(rows.map((c) => c.bookingId)).size;
  const one = bookings === 1;
  const heading = useRef<HTMLDivElement>(null);
  // The form's buttons gave way to the question's: keyboard and screen reader users start at it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Alert
      ref={heading}
      tabIndex={-1}
      color="orange"
      variant="light"
      role="alert"
      title={one ? 'A booking holds part of this time' : `${bookings} bookings hold part of this time`}
      data-testid="blockout-clashes"
    >
      <Text size="sm" mb="sm">
        Nothing was saved. Move or cancel {one ? 'this booking' : 'these bookings'} first, or block out over{' '}
        {one ? 'it' : 'them'}: the block-out is then saved, {one ? 'the booking stays' : 'the bookings stay'}{' '}
        as {one ? 'it is' : 'they are'}, flagged on the calendar, and the block-out takes the time when{' '}
        {one ? 'the booking lets' : 'they let'} it go.
      </Text>
      <ScrollTable minWidth={560} label="Bookings in the way">
        <Table verticalSpacing={4} fz="sm" data-testid="blockout-clash-table">
          <TableHead columns={['Booking', 'Customer', 'Resource', 'When', 'Status']} />
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={`${c.bookingId} ${c.resourceId}`}>
                <Table.Td>{c.bookingCode}</Table.Td>
                <Table.Td>
                  {c.customer}
                  {c.eventType ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({c.eventType})
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{c.resourceName}</Table.Td>
                <Table.Td>
                  {formatDate(c.bookingDate, settings)} {formatWallClock(c.startTime, settings)}–
                  {formatWallClock(c.endTime, settings)}
                </Table.Td>
                <Table.Td tt="capitalize">{c.status}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Alert>
  );
}
