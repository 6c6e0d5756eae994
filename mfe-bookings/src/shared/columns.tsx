import { Badge, Stack, Text } from '@mantine/core';
import { paymentCents, type Booking } from '../api/types.ts';
import type { Formatters } from './format.ts';
import type { Column } from './BookingsTable.tsx';
import { SourceBadge } from './SourceBadge.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { depositLabel, valueCents } from './deposit.ts';
import { cancelReasonLabel } from './cancel-reasons.ts';

/** What is still owed, as the server computes it (total less a paid deposit). */
export function balanceCents(b: Booking): number {
  if (typeof b.balanceDueCents === 'number') return b.balanceDueCents;
  return b.payment_details ? paymentCents(b.payment_details, 'total') : b.calculatedPriceCents;
}

/** Codes and amounts read as one token; a break inside them reads as two values. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Booking age: 60 minutes or less green, 120 or less orange (spec 02 §2.3). */
function ageColour(createdAt: string): string | null {
  const minutes = (Date.now() - new Date(createdAt).getTime()) / 60_000;
  if (minutes <= 60) return 'green';
  if (minutes <= 120) return 'orange';
  return null;
}

export type BookingColumns = ReturnType<typeof columns>;

/** Column builders shared by the list screens; every value comes from the booking itself. */
export function columns(fmt: Formatters) {
  const c = {
    booking: {
      key: 'booking',
      label: 'Booking',
      render: (b: Booking) => {
        const colour = ageColour(b.createdAt);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600} style={NO_WRAP}>
              {b.bookingCode}
            </Text>
            <Text size="xs" c="dimmed">
              {b.eventType}
              {colour ? (
                <Badge ml={4} size="xs" color={colour} variant="dot">
                  new
                </Badge>
              ) : null}
            </Text>
          </Stack>
        );
      },
    },
    bookingSummary: {
      key: 'summary',
      label: 'Booking',
      render: (b: Booking) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {b.resourceName} - {b.customerName.split(' ')[0]} ({b.guestCount ?? 0})
          </Text>
          <Text size="xs" c="dimmed" style={NO_WRAP}>
            {b.bookingCode}
          </Text>
        </Stack>
      ),
    },
    customer: {
      key: 'customer',
      label: 'Customer',
      sort: 'customer',
      render: (b: Booking) => (
        <Stack gap={0}>
          <Text size="sm">{b.customerName}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {b.customerEmail}
          </Text>
        </Stack>
      ),
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
      render: (b: Booking) => {
        const label = depositLabel(b);
        return (
          // A badge may shrink below its label in a squeezed column ("NO …"); it reads whole.
          <Badge
            variant="dot"
            color={label === 'Paid' ? 'green' : label === 'Pending' ? 'yellow' : 'gray'}
            style={{ minWidth: 'max-content' }}
          >
            {label}
          </Badge>
        );
      },
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
      render: (b: Booking) =>
        b.conflicts?.length ? (
          <Stack gap={2}>
            <Badge color="red" variant="light" style={{ minWidth: 'max-content' }}>
              {b.conflicts.length} {b.conflicts.length === 1 ? 'conflict' : 'conflicts'}
            </Badge>
            {b.conflicts.map((x) => (
              <Text key={`${x.kind}-${x.id}`} size="xs">
                {x.kind === 'blockout' ? 'Block-out' : 'Booking'}: {x.label} (
                {fmt.time(x.start.slice(11, 16))}–{fmt.time(x.end.slice(11, 16))})
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
    notes: {
      key: 'notes',
      label: 'Notes',
      render: (b: Booking) => b.notes || b.additionalDescription || '—',
    },
  } satisfies Record<string, Column>;
  return c;
}
