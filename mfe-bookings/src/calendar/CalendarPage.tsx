import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import { Box, Button, Group, Stack, Switch, Tabs, Text } from '@mantine/core';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { ErrorState, PageHeader, useSession } from '@venue/ui';
import { useBookingActions, useCalendar, useResources } from '../api/hooks.ts';
import type { Booking, CalendarEvent } from '../api/types.ts';
import { MiniCalendar } from '../shared/MiniCalendar.tsx';
import { StaleData } from '@venue/ui/query-status';
import { useBookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { addDays, hhmm, isoDate, longDate, parseIsoDate, bookingWallClock } from '../shared/dates.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { MONTH_CELL_BOOKINGS, bookingTitle, monthEvents, toEvents, type MoreBookings } from './events.ts';
import type { OpenMore } from './MoreBookingsPopover.tsx';
import { PRINT_CSS } from './print.ts';
import { ResourceFilter } from './ResourceFilter.tsx';
import { CALENDAR_CSS, viewTitle } from './styles.ts';
import { CalendarLegend } from './CalendarLegend.tsx';

// Loaded when first shown, not with the page: the resource view is a tab most visits never open,
// the "+N more" popover opens from a month cell and the side panel from a picked booking (issue
// 9: a cold visit ≤ 350 kB).
const ResourceDayView = lazy(() =>
  import('./ResourceDayView.tsx').then((m) => ({ default: m.ResourceDayView })),
);
const EventPanel = lazy(() => import('./EventPanel.tsx').then((m) => ({ default: m.EventPanel })));
const MoreBookingsPopover = lazy(() =>
  import('./MoreBookingsPopover.tsx').then((m) => ({ default: m.MoreBookingsPopover })),
);

type View = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth' | 'resource';
const ALL = 'all';
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

export function CalendarPage() {
  const { settings, api, can } = useSession();
  const fmt = useFormat();
  const dialogs = useBookingDialogs();
  const { move } = useBookingActions();
  const calendarRef = useRef<FullCalendar>(null);
  const [openedIn] = useState(openingView);
  const [view, setView] = useState<View>(openedIn);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [title, setTitle] = useState('');
  const [day, setDay] = useState(() => isoDate(new Date()));
  const [resourceId, setResourceId] = useState(ALL);
  const [showBuffers, setShowBuffers] = useState(false);
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const [openMore, setOpenMore] = useState<OpenMore | null>(null);
  const resources = useResources();
  const effectiveRange = view === 'resource' ? { from: day, to: day } : range;
  // The month tab asks for what its cells show: 3 bookings a day and each day's total.
  const calendar = useCalendar(
    effectiveRange,
    resourceId === ALL ? '' : resourceId,
    showBuffers,
    view === 'dayGridMonth' ? MONTH_CELL_BOOKINGS : undefined,
  );
  // The view FullCalendar is showing (it changes view a moment after the tab does).
  const [shownView, setShownView] = useState<string>(openedIn);
  const month = shownView === 'dayGridMonth';
  const events = useMemo(() => {
    // Between a tab click and the grid's change, the old grid would lay out data meant for the
    // other view (the whole month in a month grid is the slow case); it gets nothing instead.
    if (view !== 'resource' && view !== shownView) return NO_EVENTS;
    // The month grid gets what its cells show (3 a day and "+N more"), not the whole month.
    return month ? monthEvents(calendar.data) : toEvents(calendar.data, showBuffers);
  }, [view, shownView, month, calendar.data, showBuffers]);
  const counts = useMemo(() => {
    if (calendar.data?.dayTotals) return calendar.data.dayTotals;
    const c: Record<string, number> = {};
    for (const e of calendar.data?.events ?? []) {
      const d = bookingWallClock(e).start.slice(0, 10);
      c[d] = (c[d] ?? 0) + 1;
    }
    return c;
  }, [calendar.data]);
  const canBook = can('bookings');

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
      setDay((d) => (dir === 0 ? isoDate(new Date()) : isoDate(addDays(parseIsoDate(d), dir))));
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
  function onSelect(arg: DateSelectArg) {
    if (!canBook) return;
    const allDay = arg.allDay;
    dialogs.create({
      bookingDate: isoDate(arg.start),
      startTime: allDay ? '' : hhmm(arg.start),
      endTime: allDay ? '' : hhmm(arg.end),
      resourceId: resourceId === ALL ? undefined : resourceId,
    });
    fc()?.unselect();
  }
  function onEventClick(arg: EventClickArg) {
    if (arg.event.extendedProps.kind === 'more') {
      setOpenMore({ more: arg.event.extendedProps as MoreBookings, anchor: arg.el.getBoundingClientRect() });
      return;
    }
    if (arg.event.extendedProps.kind !== 'booking') return;
    setSelected(arg.event.extendedProps as unknown as CalendarEvent);
  }
  async function onMove(arg: EventDropArg | EventResizeDoneArg) {
    const { event } = arg;
    if (!event.start || !event.end) return arg.revert();
    if (isoDate(event.start) !== isoDate(new Date(event.end.getTime() - 1))) {
      toastError('Could not move booking', 'A booking must start and end on the same day.');
      return arg.revert();
    }
    try {
      await move.mutateAsync({
        id: event.id,
        bookingDate: isoDate(event.start),
        startTime: hhmm(event.start),
        endTime: hhmm(event.end),
      });
      toastSuccess(
        'Booking Updated!',
        `${event.title} moved to ${fmt.date(isoDate(event.start))} ${fmt.time(hhmm(event.start))}`,
      );
    } catch (err) {
      arg.revert();
      toastError('Could not move booking', errorText(err));
    }
  }
  async function openEdit(id: string) {
    try {
      dialogs.edit(await api.request<Booking>('fetch bookings', 'GET', `/api/bookings/${id}`));
    } catch (err) {
      toastError('Could not open booking', errorText(err));
    }
  }

  const visibleResources = (resources.data ?? []).filter(
    (r) => r.status !== 'archived' && (resourceId === ALL || r.id === resourceId),
  );
  const heading = view === 'resource' ? longDate(parseIsoDate(day)) : title;

  return (
    <div className="venue-calendar">
      <style>{CALENDAR_CSS + PRINT_CSS}</style>
      <PageHeader
        title="Calendar"
        actions={
          <Group gap="xs" className="no-print">
            <Button variant="default" onClick={() => void calendar.refetch()} loading={calendar.isFetching}>
              Refresh
            </Button>
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
            {canBook ? (
              <Button
                onClick={() =>
                  dialogs.create({
                    bookingDate: day,
                    resourceId: resourceId === ALL ? undefined : resourceId,
                  })
                }
              >
                New Booking
              </Button>
            ) : null}
          </Group>
        }
      />
      <Group justify="space-between" mb="sm" className="no-print" wrap="wrap">
        <Tabs value={view} onChange={(v) => v && changeView(v as View)}>
          <Tabs.List>
            <Tabs.Tab value="timeGridDay">Day</Tabs.Tab>
            <Tabs.Tab value="timeGridWeek">Week</Tabs.Tab>
            <Tabs.Tab value="dayGridMonth">Month</Tabs.Tab>
            <Tabs.Tab value="resource">Resources</Tabs.Tab>
          </Tabs.List>
          {/* The views render below the toolbar; the panels exist so each tab names what it controls. */}
          {(['timeGridDay', 'timeGridWeek', 'dayGridMonth', 'resource'] as const).map((v) => (
            <Tabs.Panel key={v} value={v}>
              {null}
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group gap="xs">
          <Button variant="default" onClick={() => step(-1)} aria-label="Previous">
            ‹ Previous
          </Button>
          <Button variant="default" onClick={() => step(0)}>
            Today
          </Button>
          <Button variant="default" onClick={() => step(1)} aria-label="Next">
            Next ›
          </Button>
        </Group>
        <Group gap="sm">
          <ResourceFilter
            data={[
              { value: ALL, label: 'All Resources' },
              ...(resources.data ?? []).map((r) => ({ value: r.id, label: r.name })),
            ]}
            value={resourceId}
            onChange={(v) => setResourceId(v ?? ALL)}
          />
          <Switch
            label="Show buffers"
            checked={showBuffers}
            onChange={(e) => setShowBuffers(e.currentTarget.checked)}
          />
        </Group>
      </Group>
      <Text fw={600} mb="xs" aria-live="polite" data-testid="calendar-title">
        {heading}
      </Text>
      <CalendarLegend showBuffers={showBuffers} />
      {/* The grid stays in place (it is where new bookings start); only the load failed. */}
      {calendar.isError && calendar.data === undefined ? (
        <Box mb="sm">
          <ErrorState
            title="Could not load the calendar"
            message={calendar.error.message}
            onRetry={() => void calendar.refetch()}
          />
        </Box>
      ) : (
        <StaleData query={calendar} />
      )}
      {/* On a narrow screen the grid would be squeezed beside the mini calendar and panel;
          below 360px of room it wraps onto its own full-width line instead. */}
      <Group align="flex-start" wrap="wrap" gap="md">
        <Stack className="no-print" gap="md">
          <MiniCalendar selected={day} onSelect={goTo} counts={counts} />
        </Stack>
        <div style={{ flex: '1 1 0', minWidth: 'min(100%, 360px)' }} data-testid="calendar">
          {view === 'resource' ? (
            <Suspense fallback={null}>
              <ResourceDayView
                date={day}
                resources={visibleResources}
                data={calendar.data}
                showBuffers={showBuffers}
                onEvent={setSelected}
                onSlot={(rid, hour) =>
                  canBook &&
                  dialogs.create({
                    resourceId: rid,
                    bookingDate: day,
                    startTime: `${String(hour).padStart(2, '0')}:00`,
                    endTime: `${String(Math.min(hour + 1, 23)).padStart(2, '0')}:00`,
                  })
                }
              />
            </Suspense>
          ) : null}
          <div style={{ display: view === 'resource' ? 'none' : undefined }}>
            <FullCalendar
              ref={calendarRef}
              plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
              initialView={openedIn}
              headerToolbar={false}
              firstDay={1}
              slotMinTime="06:00:00"
              slotMaxTime="23:00:00"
              allDaySlot={false}
              // The month view limits its cells itself (monthEvents); elsewhere FullCalendar does.
              dayMaxEvents={month ? false : 3}
              nowIndicator
              height="auto"
              selectable={canBook}
              selectMirror
              editable={canBook}
              eventResizableFromStart
              events={events}
              datesSet={onDatesSet}
              select={onSelect}
              eventClick={onEventClick}
              // Month cells are narrow (~120px at 1400px, ~48px on a phone): bookings are solid
              // blocks whose name and event type wrap instead of being cut to a few letters.
              eventDisplay={month ? 'block' : 'auto'}
              eventContent={(arg) =>
                arg.event.extendedProps.kind === 'more' ? (
                  <Text span size="xs" fw={600} c="indigo.7" px={4}>
                    {arg.event.title}
                  </Text>
                ) : month && arg.event.extendedProps.kind === 'booking' ? (
                  <MonthEvent
                    time={arg.timeText}
                    booking={arg.event.extendedProps as unknown as CalendarEvent}
                  />
                ) : (
                  true
                )
              }
              eventDrop={(arg) => void onMove(arg)}
              eventResize={(arg) => void onMove(arg)}
              dateClick={(arg) => {
                if (arg.view.type === 'dayGridMonth' && canBook)
                  dialogs.create({ bookingDate: isoDate(arg.date) });
              }}
              eventTimeFormat={{ hour: 'numeric', minute: '2-digit', hour12: settings.timeFormat === '12h' }}
              slotLabelFormat={{ hour: 'numeric', minute: '2-digit', hour12: settings.timeFormat === '12h' }}
              dayHeaderContent={(arg) => dayHeader(arg.date, arg.view.type, settings.dateFormat)}
            />
          </div>
        </div>
        {selected ? (
          <Suspense fallback={null}>
            <EventPanel
              selected={selected}
              canBook={canBook}
              onClose={() => setSelected(null)}
              onDetails={dialogs.details}
              onEdit={(id) => void openEdit(id)}
            />
          </Suspense>
        ) : null}
      </Group>
      {openMore ? (
        <Suspense fallback={null}>
          <MoreBookingsPopover
            open={openMore}
            resourceId={resourceId === ALL ? '' : resourceId}
            onClose={() => setOpenMore(null)}
            onPick={setSelected}
          />
        </Suspense>
      ) : null}
      {dialogs.element}
    </div>
  );
}

/** A booking in a month cell: time, customer and event type, each free to wrap. */
function MonthEvent({ time, booking }: { time: string; booking: CalendarEvent }) {
  const title = bookingTitle(booking);
  return (
    <div className="venue-month-event" title={`${time} ${title}`}>
      <span className="venue-month-time">{time} </span>
      <span className="venue-month-name">{booking.customerName}</span>{' '}
      <span className="venue-month-type">{booking.eventType}</span>
    </div>
  );
}

/** Column headings follow the user's date format (FullCalendar's default is US month/day). */
function dayHeader(date: Date, viewType: string, dateFormat: string): string {
  const weekday = date.toLocaleDateString('en-AU', { weekday: 'short' });
  if (viewType === 'dayGridMonth') return weekday;
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dayMonth =
    dateFormat === 'MM/DD/YYYY' ? `${mm}/${dd}` : dateFormat === 'YYYY-MM-DD' ? `${mm}-${dd}` : `${dd}/${mm}`;
  // The line break only shows on narrow screens (white-space: pre-line in CALENDAR_CSS).
  return `${weekday}\n${dayMonth}`;
}
