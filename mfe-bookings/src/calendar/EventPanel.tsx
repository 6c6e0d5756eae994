import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { CalendarEvent } from '../api/types.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { bookingWallClock } from '../shared/dates.ts';
import { useFormat } from '../shared/format.ts';

export interface EventPanelProps {
  selected: CalendarEvent;
  canBook: boolean;
  onClose: () => void;
  onDetails: (id: string) => void;
  onEdit: (id: string) => void;
}

/**
 * The booking picked on the calendar. Its own chunk, loaded at the first pick: a cold visit of
 * the page does not need it, nor Mantine's Badge that only it uses there (issue 9).
 */
export function EventPanel({ selected, canBook, onClose, onDetails, onEdit }: EventPanelProps) {
  const fmt = useFormat();
  const { start, end } = bookingWallClock(selected);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      w={280}
      className="no-print"
      data-testid="event-panel"
      aria-label="Selected booking"
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>{selected.customerName}</Text>
          <Button size="xs" variant="subtle" onClick={onClose} aria-label="Close panel">
            ✕
          </Button>
        </Group>
        <StatusBadge status={selected.status} />
        <Text size="sm">{selected.eventType}</Text>
        <Text size="sm">{selected.resourceName}</Text>
        <Text size="sm">
          {fmt.date(start.slice(0, 10))}, {fmt.time(start.slice(11, 16))} – {fmt.time(end.slice(11, 16))}
        </Text>
        <Text size="sm" c="dimmed">
          {selected.bookingCode}
        </Text>
        <Button variant="light" onClick={() => onDetails(selected.id)}>
          Open Full Details
        </Button>
        {canBook ? (
          <Button variant="default" onClick={() => onEdit(selected.id)}>
            Edit Booking
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
