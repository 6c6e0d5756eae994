import { Box, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CalendarEvent } from '../../api/types.ts';
import { bookingWallClock } from '../../lib/dates.ts';
import { useFormat } from '../../lib/format.ts';
import { bookingTitle, STATUS_COLOURS, type MoreBookings } from './events.ts';

export interface OpenMore {
  more: MoreBookings;
  /** Where the "+N more" entry was drawn; the popover hangs from it. */
  anchor: DOMRect;
}

/**
 * The rest of a month cell's bookings, drawn only while open (the month view hands the
 * calendar 3 bookings a day). Picking one selects it, like clicking it in the grid.
 */
export function MoreBookingsPopover({
  open,
  onClose,
  onPick,
}: {
  open: OpenMore | null;
  onClose: () => void;
  onPick: (booking: CalendarEvent) => void;
}) {
  const fmt = useFormat();
  if (!open) return null;
  const { more, anchor } = open;
  return (
    <Popover
      opened
      onChange={(opened) => !opened && onClose()}
      position="bottom-start"
      width={280}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Box
          aria-hidden
          style={{
            position: 'fixed',
            left: anchor.left,
            top: anchor.top,
            width: anchor.width,
            height: anchor.height,
            pointerEvents: 'none',
          }}
        />
      </Popover.Target>
      <Popover.Dropdown
        role="dialog"
        aria-label={`More bookings on ${fmt.date(more.date)}`}
        data-testid="more-bookings"
      >
        <Text fw={600} size="sm" mb="xs">
          {fmt.date(more.date)}: {more.hidden.length} more
        </Text>
        <Stack gap={4} mah={320} style={{ overflowY: 'auto' }}>
          {more.hidden.map((b) => {
            const colour = STATUS_COLOURS[(b.status || 'pending').toUpperCase()] ?? '#6b7280';
            return (
              <UnstyledButton
                key={b.id}
                onClick={() => {
                  onPick(b);
                  onClose();
                }}
                px={6}
                py={2}
                style={{ borderLeft: `4px solid ${colour}`, borderRadius: 4 }}
              >
                <Text size="sm" lineClamp={1}>
                  {fmt.time(bookingWallClock(b).start.slice(11, 16))} {bookingTitle(b)}
                </Text>
              </UnstyledButton>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
