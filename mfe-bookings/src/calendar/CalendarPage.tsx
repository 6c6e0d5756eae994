import { Suspense, lazy, useState } from 'react';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { ErrorState, PageHeader, useSession } from '@venue/ui';
import { useResources } from '../api/hooks.ts';
import type { Resource } from '../api/types.ts';
import { MiniCalendar } from '../shared/MiniCalendar.tsx';
import { StaleData } from '@venue/ui/query-status';
import { RefreshButton } from '@venue/ui/refresh-button';
import { useBookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { PRINT_CSS } from './print.ts';
import { CALENDAR_CSS } from './styles.ts';
import { CalendarLegend } from './CalendarLegend.tsx';
import { CalendarGrid } from './CalendarGrid.tsx';
import { CalendarToolbar } from './CalendarToolbar.tsx';
import { useCalendarActions } from './useCalendarActions.ts';
import { usePickedBooking } from './usePickedBooking.tsx';
import { ALL, useCalendarEvents, useCalendarView } from './useCalendarView.ts';

export { openingView } from './useCalendarView.ts';

// Loaded when first shown, not with the page: the resource view is a tab most visits never open
// (issue 9: a cold visit ≤ 350 kB); the side panel and "+N more" load likewise (usePickedBooking).
const ResourceDayView = lazy(() =>
  import('./ResourceDayView.tsx').then((m) => ({ default: m.ResourceDayView })),
);

export function CalendarPage() {
  const { can } = useSession();
  const dialogs = useBookingDialogs();
  const nav = useCalendarView();
  const { view, day } = nav;
  const [resourceId, setResourceId] = useState(ALL);
  const [showBuffers, setShowBuffers] = useState(false);
  const resources = useResources();
  const { calendar, events, counts, month } = useCalendarEvents(nav, resourceId, showBuffers);
  const canBook = can('bookings');
  const hall = resourceId === ALL ? undefined : resourceId;
  const picked = usePickedBooking({ dialogs, canBook, resourceId });
  const actions = useCalendarActions({ dialogs, fc: nav.fc, resourceId, canBook, picked });
  const visibleResources = shownHalls(resources.data, resourceId);

  return (
    <div className="venue-calendar">
      <style>{CALENDAR_CSS + PRINT_CSS}</style>
      <CalendarHeader
        refresh={calendar}
        onNew={canBook ? () => dialogs.create({ bookingDate: day, resourceId: hall }) : null}
      />
      <CalendarToolbar
        view={view}
        onView={nav.changeView}
        onStep={nav.step}
        resources={resources.data}
        resourceId={resourceId}
        onResource={setResourceId}
        showBuffers={showBuffers}
        onShowBuffers={setShowBuffers}
      />
      <Text fw={600} mb="xs" aria-live="polite" data-testid="calendar-title">
        {nav.heading}
      </Text>
      <CalendarLegend showBuffers={showBuffers} />
      <LoadState calendar={calendar} />
      {/* On a narrow screen the grid would be squeezed beside the mini calendar and panel;
          below 360px of room it wraps onto its own full-width line instead. */}
      <Group align="flex-start" wrap="wrap" gap="md">
        <Stack className="no-print" gap="md">
          <MiniCalendar selected={day} onSelect={nav.goTo} counts={counts} />
        </Stack>
        <div style={{ flex: '1 1 0', minWidth: 'min(100%, 360px)' }} data-testid="calendar">
          {view === 'resource' ? (
            <Suspense fallback={null}>
              <ResourceDayView
                date={day}
                resources={visibleResources}
                data={calendar.data}
                showBuffers={showBuffers}
                onEvent={picked.pick}
                onSlot={(rid, hour) => canBook && dialogs.create(slotBooking(rid, day, hour))}
              />
            </Suspense>
          ) : null}
          <div style={{ display: view === 'resource' ? 'none' : undefined }}>
            <CalendarGrid
              nav={nav}
              month={month}
              canBook={canBook}
              events={events}
              actions={actions}
              onDay={(bookingDate) => dialogs.create({ bookingDate })}
            />
          </div>
        </div>
        {picked.panel}
      </Group>
      {picked.popover}
      {dialogs.element}
    </div>
  );
}

/** A new booking from an hour of a hall in the resource view: that hour, on the day shown. */
function slotBooking(resourceId: string, bookingDate: string, hour: number) {
  return {
    resourceId,
    bookingDate,
    startTime: `${String(hour).padStart(2, '0')}:00`,
    endTime: `${String(Math.min(hour + 1, 23)).padStart(2, '0')}:00`,
  };
}

type CalendarQuery = ReturnType<typeof useCalendarEvents>['calendar'];

function CalendarHeader({ refresh, onNew }: { refresh: CalendarQuery; onNew: (() => void) | null }) {
  return (
    <PageHeader
      title="Calendar"
      actions={
        <Group gap="xs" className="no-print">
          <RefreshButton queries={[refresh]} />
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
          {onNew ? <Button onClick={onNew}>New Booking</Button> : null}
        </Group>
      }
    />
  );
}

/** The grid stays in place (it is where new bookings start); only the load failed. */
function LoadState({ calendar }: { calendar: CalendarQuery }) {
  return calendar.isError && calendar.data === undefined ? (
    <Box mb="sm">
      <ErrorState
        title="Could not load the calendar"
        message={calendar.error.message}
        onRetry={() => void calendar.refetch()}
      />
    </Box>
  ) : (
    <StaleData query={calendar} />
  );
}

/** The halls the resource view lays out: the one chosen, or every hall not archived. */
function shownHalls(resources: Resource[] | undefined, resourceId: string): Resource[] {
  return (resources ?? []).filter(
    (r) => r.status !== 'archived' && (resourceId === ALL || r.id === resourceId),
  );
}
