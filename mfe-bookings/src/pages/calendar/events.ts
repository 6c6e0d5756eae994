import type { EventInput } from '@fullcalendar/core';
import type { CalendarData } from '../../api/types.ts';
import { bookingWallClock, toWallClock } from '../../lib/dates.ts';

export const STATUS_COLOURS: Record<string, string> = {
  PENDING: '#b45309',
  TENTATIVE: '#6d28d9',
  CONFIRMED: '#15803d',
  COMPLETED: '#1d4ed8',
  CANCELLED: '#b91c1c',
  EXPIRED: '#4b5563',
  BLOCKOUT: '#374151',
};
const UNKNOWN = '#6b7280';

/**
 * Calendar data → FullCalendar events in venue wall-clock time. Buffers and block-outs are
 * background events, so they shade the grid without being draggable bookings.
 */
export function toEvents(data: CalendarData | undefined, showBuffers: boolean): EventInput[] {
  if (!data) return [];
  const out: EventInput[] = [];
  for (const e of data.events) {
    const status = (e.status || 'pending').toUpperCase();
    const { start, end } = bookingWallClock(e);
    const colour = STATUS_COLOURS[status] ?? UNKNOWN;
    out.push({
      id: e.id,
      title: e.title || `${e.customerName} — ${e.eventType}`,
      start,
      end,
      backgroundColor: colour,
      borderColor: colour,
      editable: status === 'PENDING' || status === 'TENTATIVE' || status === 'CONFIRMED',
      extendedProps: { ...e, kind: 'booking' },
    });
    if (showBuffers && e.bufferStart && e.bufferStart !== e.start) {
      out.push({
        id: `${e.id}-setup`,
        start: toWallClock(e.bufferStart),
        end: start,
        display: 'background',
        backgroundColor: '#94a3b8',
        extendedProps: { kind: 'buffer' },
      });
    }
    if (showBuffers && e.bufferEnd && e.bufferEnd !== e.end) {
      out.push({
        id: `${e.id}-packdown`,
        start: end,
        end: toWallClock(e.bufferEnd),
        display: 'background',
        backgroundColor: '#94a3b8',
        extendedProps: { kind: 'buffer' },
      });
    }
  }
  for (const b of data.blockouts ?? []) {
    const start = b.start ?? b.startsAt;
    const end = b.end ?? b.endsAt;
    if (!start || !end) continue;
    out.push({
      id: `blockout-${b.id}-${b.resourceId ?? ''}`,
      title: `Blocked: ${b.reason}`,
      start: toWallClock(start),
      end: toWallClock(end),
      display: 'background',
      backgroundColor: STATUS_COLOURS.BLOCKOUT,
      extendedProps: { ...b, kind: 'blockout', status: 'BLOCKOUT' },
    });
  }
  return out;
}
