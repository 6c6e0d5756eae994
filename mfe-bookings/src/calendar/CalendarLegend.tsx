import { Group, Text } from '@mantine/core';
import { BUFFER_LEGEND, CALENDAR_LEGEND } from './events.ts';

/**
 * What the calendar's colours mean (issue 24 item 13): a booking's colour is its status, the
 * shades behind bookings are block-outs and, when shown, setup and pack-down buffers. The same
 * colours in the week, day, month and resource views.
 */
export function CalendarLegend({ showBuffers }: { showBuffers: boolean }) {
  const entries = showBuffers ? [...CALENDAR_LEGEND, BUFFER_LEGEND] : CALENDAR_LEGEND;
  return (
    <Group
      component="ul"
      aria-label="Calendar colours"
      data-testid="calendar-legend"
      gap="md"
      mt={0}
      mb="xs"
      p={0}
      style={{ listStyle: 'none', rowGap: 4 }}
    >
      {entries.map((e) => (
        <Group component="li" key={e.label} gap={6} wrap="nowrap" data-colour={e.colour}>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: e.shade ? 2 : 4,
              background: e.colour,
              // A shade is light: its edge keeps it visible on the white page.
              border: e.shade ? '1px solid #868e96' : undefined,
            }}
          />
          <Text size="sm">{e.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
