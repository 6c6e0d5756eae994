/** What the calendar's grid does when a slot is picked, a booking clicked, dragged or resized. */
import type { DateSelectArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { useBookingActions } from '../api/hooks.ts';
import type { CalendarEvent } from '../api/types.ts';
import type { BookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { hhmm, isoDate } from '../shared/dates.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import type { MoreBookings } from './events.ts';
import type { OpenMore } from './MoreBookingsPopover.tsx';
import { ALL, type useCalendarView } from './useCalendarView.ts';

interface ActionsOptions {
  dialogs: BookingDialogs;
  fc: ReturnType<typeof useCalendarView>['fc'];
  resourceId: string;
  canBook: boolean;
  /** The picked booking's panel and the "+N more" popover (usePickedBooking). */
  picked: { pick: (event: CalendarEvent) => void; showMore: (open: OpenMore) => void };
}

export function useCalendarActions({ dialogs, fc, resourceId, canBook, picked }: ActionsOptions) {
  const fmt = useFormat();
  const { move } = useBookingActions();
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
      picked.showMore({
        more: arg.event.extendedProps as MoreBookings,
        anchor: arg.el.getBoundingClientRect(),
      });
      return;
    }
    if (arg.event.extendedProps.kind !== 'booking') return;
    picked.pick(arg.event.extendedProps as unknown as CalendarEvent);
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
  return { onSelect, onEventClick, onMove };
}
