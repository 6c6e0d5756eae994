import { lazy, useMemo, useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { PageHeader, exportStamp, OnDemand } from '@venue/ui';
import type { Booking } from '../api/types.ts';
import { BookingsTable } from '../shared/BookingsTable.tsx';
import { columns } from '../shared/columns.tsx';
import { QueryStatus } from '@venue/ui/query-status';
import { RefreshButton, type Refetchable } from '@venue/ui/refresh-button';
import { actionsColumn } from '../shared/RowAction.tsx';
import { SearchAndResource, useSearchAndResource } from '../shared/SearchAndResource.tsx';
import { useBookingDialogs } from '../booking-detail/useBookingDialogs.tsx';
import { useCsvExport, usePagedBookings } from '../shared/usePagedBookings.ts';
import { useFormat } from '../shared/format.ts';
import type { Review } from './ReviewDialogs.tsx';

// The review form (and the contract's schemas it checks with) loads when a review first opens.
const ReviewDialog = lazy(() => import('./ReviewDialogs.tsx').then((m) => ({ default: m.ReviewDialog })));

export function PendingPage() {
  const fmt = useFormat();
  const dialogs = useBookingDialogs();
  const exportCsv = useCsvExport();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [review, setReview] = useState<Review>(null);
  const queue = useSearchAndResource('pending');
  // The Conflicts column (spec 02 §2.4): the server lists what holds part of each booking's time.
  const filters = useMemo(() => ({ ...queue.filters, withConflicts: true }), [queue.filters]);
  const { list, debounced, table } = usePagedBookings(filters, { sort: 'start', order: 'asc' });
  const rows = list.data?.items ?? [];
  const chosen = rows.filter((b) => selected.has(b.id));

  const c = columns(fmt);
  const cols = [
    c.booking,
    c.customer,
    c.resource,
    c.start,
    c.end,
    c.notes,
    c.conflicts,
    actionsColumn((b: Booking) => (
      <ReviewMenu
        booking={b}
        onReview={(kind) => setReview({ kind, bookings: [b] })}
        onView={dialogs.details}
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title="Bookings — Pending Review"
        actions={
          <PendingActions
            list={list}
            chosen={chosen}
            onReview={(kind) => setReview({ kind, bookings: chosen })}
            onExport={() => void exportCsv(debounced, `pending_bookings_export_${exportStamp()}.csv`)}
          />
        }
      />
      <SearchAndResource placeholder="Search pending bookings..." {...queue.props}>
        {chosen.length ? <Text size="sm">{chosen.length} selected</Text> : null}
      </SearchAndResource>
      <QueryStatus query={list} loading="Loading pending bookings...">
        {(data) => (
          <BookingsTable
            label="Pending bookings"
            {...table(data)}
            columns={cols}
            selected={selected}
            onSelected={setSelected}
            onRowClick={(b) => dialogs.details(b.id)}
            empty={{ title: 'No pending bookings found.' }}
          />
        )}
      </QueryStatus>
      <OnDemand open={review !== null}>
        <ReviewDialog review={review} onClose={() => setReview(null)} onDone={() => setSelected(new Set())} />
      </OnDemand>
      {dialogs.element}
    </>
  );
}

type Kind = NonNullable<Review>['kind'];

/** A row's Actions menu: Accept, Decline, Request changes, View. */
function ReviewMenu({
  booking: b,
  onReview,
  onView,
}: {
  booking: Booking;
  onReview: (kind: Kind) => void;
  onView: (id: string) => void;
}) {
  return (
    <Menu withinPortal position="bottom-end">
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          onClick={(e) => e.stopPropagation()}
          aria-label={`Actions for ${b.bookingCode}`}
        >
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        <Menu.Item onClick={() => onReview('accept')}>Accept</Menu.Item>
        <Menu.Item onClick={() => onReview('decline')}>Decline</Menu.Item>
        <Menu.Item onClick={() => onReview('changes')}>Request changes</Menu.Item>
        <Menu.Item onClick={() => onView(b.id)}>View</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The page's Refresh, Bulk Accept and Bulk Decline (of the ticked rows) and Export CSV. */
function PendingActions({
  list,
  chosen,
  onReview,
  onExport,
}: {
  list: Refetchable;
  chosen: Booking[];
  onReview: (kind: Kind) => void;
  onExport: () => void;
}) {
  return (
    <>
      <RefreshButton queries={[list]} />
      <Button variant="default" disabled={chosen.length === 0} onClick={() => onReview('accept')}>
        Bulk Accept
      </Button>
      <Button
        variant="default"
        color="red"
        disabled={chosen.length === 0}
        onClick={() => onReview('decline')}
      >
        Bulk Decline
      </Button>
      <Button variant="default" onClick={onExport}>
        Export CSV
      </Button>
    </>
  );
}
