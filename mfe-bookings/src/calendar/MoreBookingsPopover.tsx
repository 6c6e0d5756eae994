import { useMemo } from 'react';
import { Box, Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useCalendar } from '../api/hooks.ts';
import type { CalendarEvent } from '../api/types.ts';
import { errorText } from '../shared/notify.ts';
import { bookingWallClock } from '../shared/dates.ts';
import { useFormat } from '../shared/format.ts';
import { bookingTitle, STATUS_COLOURS, type MoreBookings } from './events.ts';

export interface OpenMore {
  more: MoreBookings;
  /** Where the "+N more" entry was drawn; the popover hangs from it. */
  anchor: DOMRect;
}

/** The cell's bookings not drawn in it: given with the "+N more" entry, or asked for that day. */
function useHiddenBookings(more: MoreBookings | undefined, resourceId: string) {
  const day = useCalendar(
    more && !more.hidden ? { from: more.date, to: more.date } : null,
    resourceId,
    false,
  );
  const hidden = useMemo(() => {
    if (!more) return [];
    if (more.hidden) return more.hidden;
    const shown = new Set(more.shownIds);
    return (day.data?.events ?? [])
      .filter((e) => e.bookingDate === more.date && !shown.has(e.id))
      .sort((a, b) => (bookingWallClock(a).start < bookingWallClock(b).start ? -1 : 1));
  }, [more, day.data]);
  return { day, hidden };
}

/** One of them: its status colour, start time and title; picking it selects it. */
function HiddenBooking({ booking: b, onPick }: { booking: CalendarEvent; onPick: () => void }) {
  const fmt = useFormat();
  const colour = STATUS_COLOURS[(b.status || 'pending').toUpperCase()] ?? '#6b7280';
  return (
    <UnstyledButton
      onClick={onPick}
      px={6}
      py={2}
      style={{ borderLeft: `4px solid ${colour}`, borderRadius: 4 }}
    >
      <Text size="sm" lineClamp={1}>
        {fmt.time(bookingWallClock(b).start.slice(11, 16))} {bookingTitle(b)}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The rest of a month cell's bookings, loaded and drawn only while open (the month grid asks
 * for 3 bookings a day). Picking one selects it, like clicking it in the grid.
 */
export function MoreBookingsPopover({
  open,
  resourceId,
  onClose,
  onPick,
}: {
  open: OpenMore | null;
  resourceId: string;
  onClose: () => void;
  onPick: (booking: CalendarEvent) => void;
}) {
  const fmt = useFormat();
  const more = open?.more;
  const { day, hidden } = useHiddenBookings(more, resourceId);
  if (!open || !more) return null;
  const { anchor } = open;
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
          {fmt.date(more.date)}: {more.count} more
        </Text>
        {!more.hidden && day.isPending && (
          <Loader size="sm" aria-label={`Loading the bookings of ${fmt.date(more.date)}`} />
        )}
        {!more.hidden && day.isError && (
          <Text size="sm" c="red" role="alert">
            Could not load these bookings: {errorText(day.error)}
          </Text>
        )}
        <Stack gap={4} mah={320} style={{ overflowY: 'auto' }}>
          {hidden.map((b) => (
            <HiddenBooking
              key={b.id}
              booking={b}
              onPick={() => {
                onPick(b);
                onClose();
              }}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
