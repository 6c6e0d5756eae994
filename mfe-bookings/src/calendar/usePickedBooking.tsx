import { Suspense, lazy, useState } from 'react';
import { useSession } from '@venue/ui';
import type { Booking, CalendarEvent } from '../api/types.ts';
import type { BookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { errorText, toastError } from '../shared/notify.ts';
import type { OpenMore } from './MoreBookingsPopover.tsx';
import { ALL } from './useCalendarView.ts';

// Loaded when first shown, not with the page: the "+N more" popover opens from a month cell and
// the side panel from a picked booking (issue 9: a cold visit ≤ 350 kB).
const EventPanel = lazy(() => import('./EventPanel.tsx').then((m) => ({ default: m.EventPanel })));
const MoreBookingsPopover = lazy(() =>
  import('./MoreBookingsPopover.tsx').then((m) => ({ default: m.MoreBookingsPopover })),
);

interface PickedOptions {
  dialogs: BookingDialogs;
  canBook: boolean;
  resourceId: string;
}

/** The booking picked on the calendar (its side panel) and a month cell's "+N more" popover. */
export function usePickedBooking({ dialogs, canBook, resourceId }: PickedOptions) {
  const { api } = useSession();
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const [openMore, setOpenMore] = useState<OpenMore | null>(null);
  async function openEdit(id: string) {
    try {
      dialogs.edit(await api.request<Booking>('fetch bookings', 'GET', `/api/bookings/${id}`));
    } catch (err) {
      toastError('Could not open booking', errorText(err));
    }
  }
  const panel = selected ? (
    <Suspense fallback={null}>
      <EventPanel
        selected={selected}
        canBook={canBook}
        onClose={() => setSelected(null)}
        onDetails={dialogs.details}
        onEdit={(id) => void openEdit(id)}
      />
    </Suspense>
  ) : null;
  const popover = openMore ? (
    <Suspense fallback={null}>
      <MoreBookingsPopover
        open={openMore}
        resourceId={resourceId === ALL ? '' : resourceId}
        onClose={() => setOpenMore(null)}
        onPick={setSelected}
      />
    </Suspense>
  ) : null;
  return { pick: setSelected, showMore: setOpenMore, panel, popover };
}
