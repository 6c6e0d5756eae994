import type { RefObject } from 'react';
import { Text } from '@mantine/core';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { useSession } from '@venue/ui';
import { venueNow } from '@venue/ui/venue-day';
import type { CalendarEvent } from '../api/types.ts';
import { isoDate } from '../shared/dates.ts';
import { bookingTitle } from './events.ts';

interface GridProps {
  /** The grid's ref, the view it opens in and where it reports its dates (useCalendarView). */
  nav: {
    calendarRef: RefObject<FullCalendar | null>;
    openedIn: string;
    onDatesSet: (arg: DatesSetArg) => void;
  };
  /** FullCalendar shows the month: its cells are limited by monthEvents and drawn as blocks. */
  month: boolean;
  canBook: boolean;
  events: EventInput[];
  /** What picking a slot, clicking, dragging or resizing a booking does (useCalendarActions). */
  actions: {
    onSelect: (arg: DateSelectArg) => void;
    onEventClick: (arg: EventClickArg) => void;
    onMove: (arg: EventDropArg | EventResizeDoneArg) => Promise<void>;
  };
  /** A month cell clicked: a new booking on that day. */
  onDay: (iso: string) => void;
}

/** FullCalendar's day, week and month grid as the venue's calendar configures it. */
export function CalendarGrid(p: GridProps) {
  const { settings } = useSession();
  const { month, canBook, nav, actions } = p;
  const hour12 = settings.timeFormat === '12h';
  return (
    <FullCalendar
      ref={nav.calendarRef as RefObject<FullCalendar>}
      plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
      initialView={nav.openedIn}
      headerToolbar={false}
      firstDay={1}
      slotMinTime="06:00:00"
      slotMaxTime="23:00:00"
      allDaySlot={false}
      // The month view limits its cells itself (monthEvents); elsewhere FullCalendar does.
      dayMaxEvents={month ? false : 3}
      nowIndicator
      // Bookings are drawn in the venue's wall-clock time, so today and the now line are the
      // venue's too, whatever the browser's time zone.
      now={() => venueNow(settings.timezone)}
      height="auto"
      selectable={canBook}
      selectMirror
      editable={canBook}
      eventResizableFromStart
      events={p.events}
      datesSet={nav.onDatesSet}
      select={actions.onSelect}
      eventClick={actions.onEventClick}
      // Month cells are narrow (~120px at 1400px, ~48px on a phone): bookings are solid
      // blocks whose name and event type wrap instead of being cut to a few letters.
      eventDisplay={month ? 'block' : 'auto'}
      eventContent={(arg) =>
        arg.event.extendedProps.kind === 'more' ? (
          <Text span size="xs" fw={600} c="indigo.7" px={4}>
            {arg.event.title}
          </Text>
        ) : month && arg.event.extendedProps.kind === 'booking' ? (
          <MonthEvent time={arg.timeText} booking={arg.event.extendedProps as unknown as CalendarEvent} />
        ) : (
          true
        )
      }
      eventDrop={(arg) => void actions.onMove(arg)}
      eventResize={(arg) => void actions.onMove(arg)}
      dateClick={(arg) => {
        if (arg.view.type === 'dayGridMonth' && canBook) p.onDay(isoDate(arg.date));
      }}
      eventTimeFormat={{ hour: 'numeric', minute: '2-digit', hour12 }}
      slotLabelFormat={{ hour: 'numeric', minute: '2-digit', hour12 }}
      dayHeaderContent={(arg) => dayHeader(arg.date, arg.view.type, settings.dateFormat)}
    />
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
