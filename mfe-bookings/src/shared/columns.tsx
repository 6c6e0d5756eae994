import { Text } from '@mantine/core';
import { paymentCents, type Booking } from '../api/types.ts';
import type { Formatters } from './format.ts';
import type { Column } from './BookingsTable.tsx';
import { SourceBadge } from './SourceBadge.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { valueCents } from './deposit.ts';
import { cancelReasonLabel } from './cancel-reasons.ts';
import {
  BookingCell,
  ConflictsCell,
  CustomerCell,
  DepositBadge,
  NO_WRAP,
  SummaryCell,
} from './BookingCells.tsx';

/** What is still owed, as the server computes it (total less a paid deposit). */
export function balanceCents(b: Booking): number {
  if (typeof b.balanceDueCents === 'number') return b.balanceDueCents;
  return b.payment_details ? paymentCents(b.payment_details, 'total') : b.calculatedPriceCents;
}

export type BookingColumns = ReturnType<typeof columns>;

/**
 * Column builders shared by the list screens; every value comes from the booking itself.
 * Long: one declarative table, an entry per column (key, heading, sort, cell) that each list
 * picks from; split, a column would be looked for in two places.
 */
export function columns(fmt: Formatters) {
  const c = {
    booking: {
      key: 'booking',
      label: 'Booking',
      render: (b: Booking) => <BookingCell booking={b} />,
    },
    bookingSummary: {
      key: 'summary',
      label: 'Booking',
      render: (b: Booking) => <SummaryCell booking={b} />,
    },
    customer: {
      key: 'customer',
      label: 'Customer',
      sort: 'customer',
      render: (b: Booking) => <CustomerCell booking={b} />,
    },
    resource: {
      key: 'resource',
      label: 'Resource',
      sort: 'resource',
      render: (b: Booking) => b.resourceName,
    },
    source: {
      key: 'source',
      label: 'Source',
      sort: 'source',
      render: (b: Booking) => <SourceBadge source={b.bookingSource} />,
    },
    start: {
      key: 'start',
      label: 'Start',
      sort: 'start',
      render: (b: Booking) => `${fmt.date(b.bookingDate)} ${fmt.time(b.startTime)}`,
    },
    end: {
      key: 'end',
      label: 'End',
      render: (b: Booking) => `${fmt.date(b.bookingDate)} ${fmt.time(b.endTime)}`,
    },
    eventDate: { key: 'eventDate', label: 'Event Date', sort: 'start', render: (b: Booking) => fmt.slot(b) },
    eventType: { key: 'eventType', label: 'Event Type', render: (b: Booking) => b.eventType },
    status: {
      key: 'status',
      label: 'Status',
      sort: 'status',
      render: (b: Booking) => <StatusBadge status={b.status} />,
    },
    value: {
      key: 'value',
      label: 'Value',
      sort: 'value',
      render: (b: Booking) => <span style={NO_WRAP}>{fmt.money(valueCents(b))}</span>,
    },
    balance: {
      key: 'balance',
      label: 'Balance',
      sort: 'balance',
      render: (b: Booking) => <span style={NO_WRAP}>{fmt.money(balanceCents(b))}</span>,
    },
    deposit: {
      key: 'deposit',
      label: 'Deposit',
      render: (b: Booking) => <DepositBadge booking={b} />,
    },
    bond: {
      key: 'bond',
      label: 'Bond',
      render: (b: Booking) =>
        b.bondRequired ? `${fmt.money(b.bondCents)} ${b.bondPaid ? 'paid' : 'unpaid'}` : '—',
    },
    docs: {
      key: 'docs',
      label: 'Docs',
      render: (b: Booking) => (
        <Text size="xs">
          ID {b.docs?.idVerified ? '✓' : '✗ missing'} · Insurance{' '}
          {b.docs?.insuranceVerified ? '✓' : '✗ missing'}
        </Text>
      ),
    },
    addOns: {
      key: 'addOns',
      label: 'Add-ons',
      render: (b: Booking) =>
        b.addOns?.length ? b.addOns.map((a) => `${a.name}×${a.quantity}`).join(', ') : '—',
    },
    hold: {
      key: 'hold',
      label: 'Hold expires',
      render: (b: Booking) => (b.holdExpiresAt ? fmt.dateTime(b.holdExpiresAt) : '—'),
    },
    cancelled: {
      key: 'cancelledAt',
      label: 'Cancelled',
      sort: 'cancelledAt',
      render: (b: Booking) => fmt.dateTime(b.cancelledAt),
    },
    reason: {
      key: 'reason',
      label: 'Reason',
      render: (b: Booking) => cancelReasonLabel(b.cancellationReason),
    },
    conflicts: {
      key: 'conflicts',
      label: 'Conflicts',
      render: (b: Booking) => <ConflictsCell booking={b} fmt={fmt} />,
    },
    notes: {
      key: 'notes',
      label: 'Notes',
      render: (b: Booking) => b.notes || b.additionalDescription || '—',
    },
  } satisfies Record<string, Column>;
  return c;
}
