import { Box, Paper, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import type { CalendarBlockout, CalendarData, CalendarEvent, Resource } from '../api/types.ts';
import { bookingWallClock, toWallClock } from '../shared/dates.ts';
import { useFormat } from '../shared/format.ts';
import { SHADES, STATUS_COLOURS } from './events.ts';

const FIRST_HOUR = 6;
const LAST_HOUR = 23;
const HOUR_PX = 44;
/** Wide enough for '10:00 AM' on one line. */
const GUTTER_PX = 76;

function minutesFromTop(wall: string): number {
  const [h, m] = wall.slice(11, 16).split(':').map(Number);
  return ((h ?? 0) - FIRST_HOUR) * 60 + (m ?? 0);
}

interface Props {
  date: string;
  resources: Resource[];
  data: CalendarData | undefined;
  showBuffers: boolean;
  onSlot: (resourceId: string, hour: number) => void;
  onEvent: (e: CalendarEvent) => void;
}

const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);
const HEIGHT = HOURS.length * HOUR_PX;
/** Pixels from the top of the day for minutes after its first hour, kept inside the day. */
const clamp = (min: number) => Math.max(0, Math.min(HEIGHT, (min / 60) * HOUR_PX));
const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * One day with a column per resource. FullCalendar's resource time grid is a premium plugin,
 * so this view is drawn by hand: an hour grid with bookings positioned by their times.
 */
export function ResourceDayView({ date, resources, data, showBuffers, onSlot, onEvent }: Props) {
  if (resources.length === 0) return <Text c="dimmed">No resources to show. Add one under Resources.</Text>;
  return (
    <ScrollArea type="auto" data-testid="resource-view">
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: `${GUTTER_PX}px repeat(${resources.length}, minmax(140px, 1fr))`,
          minWidth: GUTTER_PX + resources.length * 140,
        }}
      >
        <div />
        {resources.map((r) => (
          <Text key={r.id} fw={600} ta="center" size="sm" p={4} style={{ borderBottom: '1px solid #dee2e6' }}>
            {r.name}
          </Text>
        ))}
        <HourGutter />
        {resources.map((r) => (
          <ResourceColumn
            key={r.id}
            resource={r}
            date={date}
            data={data}
            showBuffers={showBuffers}
            onSlot={onSlot}
            onEvent={onEvent}
          />
        ))}
      </Box>
    </ScrollArea>
  );
}

/** The hours down the left. */
function HourGutter() {
  const fmt = useFormat();
  return (
    <div style={{ position: 'relative', height: HEIGHT }}>
      {HOURS.map((h) => (
        <Text
          key={h}
          size="xs"
          c="dimmed"
          style={{
            position: 'absolute',
            top: (h - FIRST_HOUR) * HOUR_PX,
            right: 6,
            whiteSpace: 'nowrap',
          }}
        >
          {fmt.time(hourText(h))}
        </Text>
      ))}
    </div>
  );
}

/** A hall's column: an empty hour is a button for a new booking; its block-outs and bookings over them. */
function ResourceColumn({
  resource: r,
  date,
  data,
  showBuffers,
  onSlot,
  onEvent,
}: Omit<Props, 'resources'> & { resource: Resource }) {
  const fmt = useFormat();
  const events = (data?.events ?? []).filter((e) => e.resourceId === r.id && e.start.length > 0);
  return (
    <Paper radius={0} style={{ position: 'relative', height: HEIGHT, borderLeft: '1px solid #dee2e6' }}>
      {HOURS.map((h) => (
        <UnstyledButton
          key={h}
          aria-label={`New booking for ${r.name} at ${fmt.time(hourText(h))} on ${fmt.date(date)}`}
          onClick={() => onSlot(r.id, h)}
          style={{
            position: 'absolute',
            top: (h - FIRST_HOUR) * HOUR_PX,
            height: HOUR_PX,
            left: 0,
            right: 0,
            borderTop: '1px solid #f1f3f5',
          }}
        />
      ))}
      {(data?.blockouts ?? [])
        .filter((b) => b.resourceId === r.id)
        .map((b) => (
          <BlockoutBlock key={`blockout-${b.id}`} blockout={b} date={date} />
        ))}
      {events.map((e) => (
        <EventBlock key={e.id} event={e} date={date} showBuffers={showBuffers} onEvent={onEvent} />
      ))}
    </Paper>
  );
}

/** A block-out over the hours it takes of this day (from the top or to the bottom if it spans days). */
function BlockoutBlock({ blockout: b, date }: { blockout: CalendarBlockout; date: string }) {
  const start = toWallClock(b.start);
  const end = toWallClock(b.end);
  const top = start.slice(0, 10) < date ? 0 : clamp(minutesFromTop(start));
  const bottom = end.slice(0, 10) > date ? HEIGHT : clamp(minutesFromTop(end));
  if (bottom <= top) return null;
  return (
    <Text
      size="xs"
      style={{
        position: 'absolute',
        top,
        height: bottom - top,
        left: 2,
        right: 2,
        background: SHADES.blockout,
        color: '#212529',
        padding: 2,
        pointerEvents: 'none',
        overflow: 'hidden',
      }}
    >
      Blocked: {b.reason}
    </Text>
  );
}

/** A booking in its status colour, with its buffers shaded around it when shown. */
function EventBlock({
  event: e,
  date,
  showBuffers,
  onEvent,
}: {
  event: CalendarEvent;
  date: string;
  showBuffers: boolean;
  onEvent: (e: CalendarEvent) => void;
}) {
  const fmt = useFormat();
  const { start, end } = bookingWallClock(e);
  const top = clamp(minutesFromTop(start));
  const bottom = clamp(end.slice(0, 10) > date ? (LAST_HOUR - FIRST_HOUR) * 60 : minutesFromTop(end));
  const colour = STATUS_COLOURS[(e.status || 'pending').toUpperCase()] ?? '#6b7280';
  const bufTop = showBuffers && e.bufferStart ? clamp(minutesFromTop(toWallClock(e.bufferStart))) : top;
  const bufBottom = showBuffers && e.bufferEnd ? clamp(minutesFromTop(toWallClock(e.bufferEnd))) : bottom;
  return (
    <div>
      {showBuffers ? (
        <div
          aria-hidden
          style={{
            position: 'absolute',
            top: bufTop,
            height: Math.max(0, bufBottom - bufTop),
            left: 2,
            right: 2,
            background: SHADES.buffer,
          }}
        />
      ) : null}
      <UnstyledButton
        onClick={() => onEvent(e)}
        style={{
          position: 'absolute',
          top,
          height: Math.max(18, bottom - top),
          left: 4,
          right: 4,
          background: colour,
          color: 'white',
          borderRadius: 4,
          padding: '2px 4px',
          fontSize: 12,
          overflow: 'hidden',
        }}
      >
        {fmt.time(start.slice(11, 16))} {e.customerName} — {e.eventType}
      </UnstyledButton>
    </div>
  );
}
