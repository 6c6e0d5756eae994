import type { EventInput } from '@fullcalendar/core';
import type { CalendarData, CalendarEvent } from '../api/types.ts';
import { bookingWallClock, toWallClock } from '../shared/dates.ts';

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

/** The shades behind the bookings: a block-out, and a booking's setup and pack-down buffers. */
export const SHADES = { blockout: '#ced4da', buffer: '#e2e8f0' } as const;

/**
 * What the calendar's colours mean, in the order the legend shows them: the statuses a booking
 * on the calendar can have (cancelled and expired ones are not on it), then the shades.
 */
export const CALENDAR_LEGEND: ReadonlyArray<{ label: string; colour: string; shade?: true }> = [
  { label: 'Pending review', colour: STATUS_COLOURS.PENDING! },
  { label: 'Tentative hold', colour: STATUS_COLOURS.TENTATIVE! },
  { label: 'Confirmed', colour: STATUS_COLOURS.CONFIRMED! },
  { label: 'Completed', colour: STATUS_COLOURS.COMPLETED! },
  { label: 'Blocked out', colour: SHADES.blockout, shade: true },
];
export const BUFFER_LEGEND = {
  label: 'Setup / pack-down buffer',
  colour: SHADES.buffer,
  shade: true,
} as const;

/**
 * Calendar data → FullCalendar events in venue wall-clock time. Buffers and block-outs are
 * background events, so they shade the grid without being draggable bookings.
 */
export function toEvents(data: CalendarData | undefined, showBuffers: boolean): EventInput[] {
  if (!data) return [];
  const out: EventInput[] = [];
  for (const e of data.events) {
    const { start, end } = bookingWallClock(e);
    out.push(bookingEvent(e));
    if (showBuffers && e.bufferStart && e.bufferStart !== e.start) {
      out.push({
        id: `${e.id}-setup`,
        start: toWallClock(e.bufferStart),
        end: start,
        display: 'background',
        backgroundColor: SHADES.buffer,
        extendedProps: { kind: 'buffer' },
      });
    }
    if (showBuffers && e.bufferEnd && e.bufferEnd !== e.end) {
      out.push({
        id: `${e.id}-packdown`,
        start: end,
        end: toWallClock(e.bufferEnd),
        display: 'background',
        backgroundColor: SHADES.buffer,
        extendedProps: { kind: 'buffer' },
      });
    }
  }
  out.push(...blockoutEvents(data));
  return out;
}

/** Spec 02 §2.2: a booking's calendar title is its customer, then its event type. */
export function bookingTitle(e: Pick<CalendarEvent, 'customerName' | 'eventType' | 'title'>): string {
  const parts = [e.customerName, e.eventType].filter((p) => p && p.trim());
  return parts.length ? parts.join(' — ') : e.title || 'Booking';
}

function bookingEvent(e: CalendarEvent): EventInput {
  const status = (e.status || 'pending').toUpperCase();
  const { start, end } = bookingWallClock(e);
  const colour = STATUS_COLOURS[status] ?? UNKNOWN;
  return {
    id: e.id,
    title: bookingTitle(e),
    start,
    end,
    backgroundColor: colour,
    borderColor: colour,
    editable: status === 'PENDING' || status === 'TENTATIVE' || status === 'CONFIRMED',
    extendedProps: { ...e, kind: 'booking' },
  };
}

function blockoutEvents(data: CalendarData): EventInput[] {
  const out: EventInput[] = [];
  for (const b of data.blockouts ?? []) {
    const { start, end } = b;
    out.push({
      id: `blockout-${b.id}-${b.resourceId ?? ''}`,
      title: `Blocked: ${b.reason}`,
      start: toWallClock(start),
      end: toWallClock(end),
      display: 'background',
      backgroundColor: SHADES.blockout,
      extendedProps: { ...b, kind: 'blockout', status: 'BLOCKOUT' },
    });
  }
  return out;
}

/** Spec 02 §2.2: a month cell shows at most 3 bookings, then "+N more". */
export const MONTH_CELL_BOOKINGS = 3;

/**
 * The "+N more" entry of a month cell. The month grid asks the server for 3 bookings a day and
 * each day's total (`dayTotals`), so the other bookings are usually not here: the popover loads
 * them when it is opened. `hidden` is filled only when the answer held the whole day.
 */
export interface MoreBookings {
  kind: 'more';
  date: string;
  count: number;
  shownIds: string[];
  hidden?: CalendarEvent[];
}

/**
 * The month view hands FullCalendar only what the cells show: each day's first bookings (by
 * start) and one "+N more" entry carrying the rest, which are drawn only when it is opened.
 * FullCalendar lays out every event it is given, hidden ones included, so a busy month (2,000
 * bookings) took ~0.8 s to draw even with `dayMaxEvents`. Buffers are left out (no time of day
 * at this scale); block-outs stay as shading.
 */
export function monthEvents(data: CalendarData | undefined, perDay = MONTH_CELL_BOOKINGS): EventInput[] {
  if (!data) return [];
  const byDay = new Map<string, { start: string; e: CalendarEvent }[]>();
  for (const e of data.events) {
    const start = bookingWallClock(e).start;
    const day = start.slice(0, 10);
    let list = byDay.get(day);
    if (!list) byDay.set(day, (list = []));
    list.push({ start, e });
  }
  const out: EventInput[] = [];
  for (const [day, list] of byDay) {
    list.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    const shown = list.slice(0, perDay).map(({ e }) => e);
    for (const e of shown) out.push(bookingEvent(e));
    const total = data.dayTotals?.[day] ?? list.length;
    if (total <= shown.length) continue;
    const more: MoreBookings = {
      kind: 'more',
      date: day,
      count: total - shown.length,
      shownIds: shown.map((e) => e.id),
      hidden: list.length > shown.length ? list.slice(perDay).map(({ e }) => e) : undefined,
    };
    out.push({
      id: `more-${day}`,
      title: `+${more.count} more`,
      // Last in the cell: FullCalendar orders a day's entries by start.
      start: `${day}T23:58:00`,
      end: `${day}T23:59:00`,
      editable: false,
      backgroundColor: 'transparent',
      borderColor: 'transparent',
      classNames: ['venue-more-link'],
      extendedProps: more,
    });
  }
  out.push(...blockoutEvents(data));
  return out;
}
