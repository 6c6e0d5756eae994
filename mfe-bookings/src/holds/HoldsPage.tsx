import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { PageHeader, exportStamp } from '@venue/ui';
import type { Booking } from '../api/types.ts';
import { BookingsTable } from '../shared/BookingsTable.tsx';
import { columns } from '../shared/columns.tsx';
import { QueryStatus } from '@venue/ui/query-status';
import { RefreshButton, type Refetchable } from '@venue/ui/refresh-button';
import { RowAction, RowActions, actionsColumn } from '../shared/RowAction.tsx';
import { SearchAndResource, useSearchAndResource } from '../shared/SearchAndResource.tsx';
import { useBookingDialogs, type BookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { useCsvExport, usePagedBookings } from '../shared/usePagedBookings.ts';
import { useFormat } from '../shared/format.ts';
import { RequestPanel } from './RequestPanel.tsx';

export function HoldsPage() {
  const fmt = useFormat();
  const dialogs = useBookingDialogs({ cancelTitle: 'Cancel Booking Request' });
  const exportCsv = useCsvExport();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Booking | null>(null);
  const queue = useSearchAndResource('pending,tentative');
  const { list, debounced, table } = usePagedBookings(queue.filters, { sort: 'start', order: 'asc' });

  // The panel closes as the dialog it opens takes its place.
  const closeThen = (next: (b: Booking) => void) => (b: Booking) => {
    setOpen(null);
    next(b);
  };

  const c = columns(fmt);
  const cols = [
    c.booking,
    c.customer,
    c.resource,
    c.source,
    c.start,
    c.status,
    c.hold,
    c.value,
    actionsColumn((b: Booking) => <HoldActions booking={b} dialogs={dialogs} />),
  ];

  return (
    <>
      <PageHeader
        title="Booking Requests"
        subtitle="Pending booking requests and tentative holds, with the time each hold expires."
        actions={
          <HoldsHeaderActions
            list={list}
            onExport={() => void exportCsv(debounced, `booking_requests_export_${exportStamp()}.csv`)}
          />
        }
      />
      <SearchAndResource placeholder="Search booking requests..." {...queue.props} clearOnEscape>
        <Badge variant="dot">Pending &amp; holds</Badge>
        <Badge variant="dot" color="gray">
          Recent requests
        </Badge>
        {selected.size ? <Text size="sm">{selected.size} selected</Text> : null}
      </SearchAndResource>
      <QueryStatus query={list} loading="Loading booking requests...">
        {(data) => (
          <BookingsTable
            label="Booking requests"
            {...table(data)}
            columns={cols}
            selected={selected}
            onSelected={setSelected}
            onRowClick={setOpen}
            empty={{
              title: 'No booking requests found',
              description: queue.searching
                ? 'Try adjusting your search terms'
                : 'New pending booking requests will appear here.',
            }}
          />
        )}
      </QueryStatus>
      <RequestPanel
        booking={open}
        onClose={() => setOpen(null)}
        onConfirm={closeThen(dialogs.confirm)}
        onCancel={closeThen(dialogs.cancel)}
        onView={closeThen((b) => dialogs.details(b.id))}
      />
      {dialogs.element}
    </>
  );
}

/** A request's Confirm and Cancel. */
function HoldActions({ booking: b, dialogs }: { booking: Booking; dialogs: BookingDialogs }) {
  return (
    <RowActions>
      <RowAction onClick={() => dialogs.confirm(b)} label={`Confirm ${b.bookingCode}`}>
        Confirm
      </RowAction>
      <RowAction
        variant="subtle"
        color="red"
        onClick={() => dialogs.cancel(b)}
        label={`Cancel ${b.bookingCode}`}
      >
        Cancel
      </RowAction>
    </RowActions>
  );
}

function HoldsHeaderActions({ list, onExport }: { list: Refetchable; onExport: () => void }) {
  return (
    <>
      <RefreshButton queries={[list]} />
      <Button variant="default" onClick={onExport}>
        Export CSV
      </Button>
    </>
  );
}
