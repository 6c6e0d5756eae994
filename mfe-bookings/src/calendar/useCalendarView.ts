/**
 * The calendar page's state: which view and day it shows, the range FullCalendar reports, the
 * hall filter and buffers, and the data asked for them with the events each view is given.
 */
import { useMemo, useRef, useState } from 'react';
import { useSession } from '@venue/ui';
import { venueToday } from '@venue/ui/venue-day';
import type FullCalendar from '@fullcalendar/react';
import type { DatesSetArg, EventInput } from '@fullcalendar/core';
import { useCalendar } from '../api/hooks.ts';
import type { CalendarData } from '../api/types.ts';
import { addDays, isoDate, longDate, parseIsoDate, bookingWallClock } from '../shared/dates.ts';
import { MONTH_CELL_BOOKINGS, monthEvents, toEvents } from './events.ts';
import { viewTitle } from './styles.ts';

export type View = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth' | 'resource';
export const ALL = 'all';
const NO_EVENTS: EventInput[] = [];

/** Below Mantine's `sm` breakpoint (768 px): a phone, where a week's seven columns are ~40 px each. */
const PHONE = '(max-width: 47.99em)';

/**
 * The view the calendar opens in: the week, or on a phone the day (issue 24 item 13), whose one
 * column shows each booking's time, customer and event type readably. The user may still pick
 * the week or the month.
 */
export function openingView(): View {
  return typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches ? 'timeGridDay' : 'timeGridWeek';
}

/** Bookings per day for the mini calendar: the server's totals, else counted from the events. */
function dayCounts(data: CalendarData | undefined): Record<string, number> {
  if (data?.dayTotals) return data.dayTotals;
  const c: Record<string, number> = {};
  for (const e of data?.events ?? []) {
    const d = bookingWallClock(e).start.slice(0, 10);
    c[d] = (c[d] ?? 0) + 1;
  }
  return c;
}

/** The view, the day and the navigation between them (FullCalendar's, or the resource view's own day). */
export function useCalendarView() {
  const calendarRef = useRef<FullCalendar>(null);
  const { settings } = useSession();
  const [openedIn] = useState(openingView);
  const [view, setView] = useState<View>(openedIn);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [title, setTitle] = useState('');
  const [day, setDay] = useState(() => venueToday(settings.timezone));
  // The view FullCalendar is showing (it changes view a moment after the tab does).
  const [shownView, setShownView] = useState<string>(openedIn);

  const fc = () => calendarRef.current?.getApi();
  function changeView(next: View) {
    const fromResource = view === 'resource';
    setView(next);
    // Leaving the resource view keeps its day; otherwise the calendar keeps its own date.
    if (next !== 'resource')
      queueMicrotask(() => (fromResource ? fc()?.changeView(next, day) : fc()?.changeView(next)));
  }
  function step(dir: -1 | 0 | 1) {
    if (view === 'resource') {
      setDay((d) => (dir === 0 ? venueToday(settings.timezone) : isoDate(addDays(parseIsoDate(d), dir))));
      return;
    }
    const apiCal = fc();
    if (dir === 0) apiCal?.today();
    else if (dir < 0) apiCal?.prev();
    else apiCal?.next();
  }
  function goTo(iso: string) {
    setDay(iso);
    if (view !== 'resource') fc()?.gotoDate(iso);
  }
  function onDatesSet(arg: DatesSetArg) {
    setShownView(arg.view.type);
    setRange({ from: isoDate(arg.start), to: isoDate(addDays(arg.end, -1)) });
    setTitle(viewTitle(arg.view.type, arg.view.currentStart, arg.view.currentEnd));
    // The chosen day survives a view change when the new view still shows it (month → day keeps today).
    const first = isoDate(arg.view.currentStart);
    const last = isoDate(addDays(arg.view.currentEnd, -1));
    setDay((d) => (d >= first && d <= last ? d : first));
  }
  const heading = view === 'resource' ? longDate(parseIsoDate(day)) : title;
  return {
    calendarRef,
    fc,
    openedIn,
    view,
    shownView,
    range,
    day,
    heading,
    changeView,
    step,
    goTo,
    onDatesSet,
  };
}

/** What the calendar shows for the view, the hall filter and the buffers switch. */
export function useCalendarEvents(
  nav: ReturnType<typeof useCalendarView>,
  resourceId: string,
  showBuffers: boolean,
) {
  const { view, shownView, range, day } = nav;
  // The month tab asks for what its cells show: 3 bookings a day and each day's total.
  const calendar = useCalendar(
    view === 'resource' ? { from: day, to: day } : range,
    resourceId === ALL ? '' : resourceId,
    showBuffers,
    view === 'dayGridMonth' ? MONTH_CELL_BOOKINGS : undefined,
  );
  const month = shownView === 'dayGridMonth';
  const events = useMemo(() => {
    // Between a tab click and the grid's change, the old grid would lay out data meant for the
    // other view (the whole month in a month grid is the slow case); it gets nothing instead.
    if (view !== 'resource' && view !== shownView) return NO_EVENTS;
    // The month grid gets what its cells show (3 a day and "+N more"), not the whole month.
    return month ? monthEvents(calendar.data) : toEvents(calendar.data, showBuffers);
  }, [view, shownView, month, calendar.data, showBuffers]);
  const counts = useMemo(() => dayCounts(calendar.data), [calendar.data]);
  return { calendar, events, counts, month };
}
