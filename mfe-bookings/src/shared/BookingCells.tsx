/** The list screens' larger table cells (columns.tsx names which column shows each). */
import { Badge, Stack, Text } from '@mantine/core';
import { BreakableEmail } from '@venue/ui/breakable-email';
import type { Booking } from '../api/types.ts';
import type { Formatters } from './format.ts';
import { depositLabel } from './deposit.ts';

/** Codes and amounts read as one token; a break inside them reads as two values. */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Booking age: 60 minutes or less green, 120 or less orange (spec 02 §2.3). */
function ageColour(createdAt: string): string | null {
  const minutes = (Date.now() - new Date(createdAt).getTime()) / 60_000;
  if (minutes <= 60) return 'green';
  if (minutes <= 120) return 'orange';
  return null;
}

/** The code, the event type and, for a booking made in the last two hours, "new". */
export function BookingCell({ booking: b }: { booking: Booking }) {
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
}

/** Hall, first name and guests over the code. */
export function SummaryCell({ booking: b }: { booking: Booking }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {b.resourceName} - {b.customerName.split(' ')[0]} ({b.guestCount ?? 0})
      </Text>
      <Text size="xs" c="dimmed" style={NO_WRAP}>
        {b.bookingCode}
      </Text>
    </Stack>
  );
}

/** The customer's name over their e-mail address. */
export function CustomerCell({ booking: b }: { booking: Booking }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{b.customerName}</Text>
      <Text size="xs" c="dimmed">
        <BreakableEmail email={b.customerEmail} />
      </Text>
    </Stack>
  );
}

export function DepositBadge({ booking }: { booking: Booking }) {
  const label = depositLabel(booking);
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
}

/** What holds part of the booking's time (spec 02 §2.4), or None. */
export function ConflictsCell({ booking: b, fmt }: { booking: Booking; fmt: Formatters }) {
  return b.conflicts?.length ? (
    <Stack gap={2}>
      <Badge color="red" variant="light" style={{ minWidth: 'max-content' }}>
        {b.conflicts.length} {b.conflicts.length === 1 ? 'conflict' : 'conflicts'}
      </Badge>
      {b.conflicts.map((x) => (
        <Text key={`${x.kind}-${x.id}`} size="xs">
          {x.kind === 'blockout' ? 'Block-out' : 'Booking'}: {x.label} ({fmt.time(x.start.slice(11, 16))}–
          {fmt.time(x.end.slice(11, 16))})
        </Text>
      ))}
    </Stack>
  ) : (
    <Text size="sm" c="dimmed">
      None
    </Text>
  );
}
