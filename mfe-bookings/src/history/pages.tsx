import { Badge, Group, Modal } from '@mantine/core';
import type { Booking } from '../api/types.ts';
import { depositLabel, valueCents } from '../shared/deposit.ts';
import { cancelReasonLabel } from '../shared/cancel-reasons.ts';
import { DetailsTable } from '../shared/DetailsTable.tsx';
import { RowAction, RowActions, actionsColumn } from '../shared/RowAction.tsx';
import { exportStamp } from '@venue/ui';
import { useFormat } from '../shared/format.ts';
import { parseIsoDate, weekdayName } from '../shared/dates.ts';
import { StatusListPage, type StatusListConfig } from './StatusListPage.tsx';
import { SendRemindersButton } from './SendRemindersDialog.tsx';
import { InvoiceButton, SendInvoicesButton } from './SendInvoices.tsx';

const confirmed: StatusListConfig = {
  title: 'Bookings — Confirmed',
  status: 'confirmed',
  defaultSort: { sort: 'start', order: 'asc' },
  searchPlaceholder: 'Search by ID, customer...',
  toggles: [
    { label: 'Balance due', params: { balanceDue: true } },
    { label: 'Bond required', params: { bondRequired: true } },
    { label: 'Docs missing', params: { docsMissing: true } },
    { label: 'With add-ons', params: { withAddOns: true } },
    { label: 'Public holiday', params: {}, holidays: true },
  ],
  columns: (c, dialogs) => [
    c.bookingSummary,
    c.customer,
    c.start,
    c.end,
    c.balance,
    c.deposit,
    c.addOns,
    actionsColumn((b: Booking) => (
      <RowActions>
        <RowAction onClick={() => dialogs.edit(b)} label={`Edit booking ${b.bookingCode}`}>
          Edit
        </RowAction>
        <RowAction color="blue" onClick={() => dialogs.complete(b)}>
          Complete
        </RowAction>
      </RowActions>
    )),
  ],
  exportFile: () => 'confirmed_bookings_export.csv',
  empty: {
    title: 'No confirmed bookings found',
    unfiltered: 'Confirmed bookings will appear here.',
  },
  printLabel: 'Print run sheets',
  actions: ({ selected, rows }) => <SendRemindersButton selected={selected} rows={rows} />,
};

const completed: StatusListConfig = {
  title: 'Bookings — Completed',
  status: 'completed',
  defaultSort: { sort: 'start', order: 'desc' },
  searchPlaceholder: 'Search by ID, customer, event...',
  toggles: [
    { label: 'Recent (30 days)', params: { recent30: true } },
    { label: 'High Value', params: { quick: 'highValue' } },
    { label: 'With Add-ons', params: { withAddOns: true } },
  ],
  cards: (s, fmt) => [
    { label: 'Total Completed', value: s.completedCount },
    { label: 'This Month', value: s.completedThisMonth },
    { label: 'Total Revenue (incl. GST)', value: fmt.money(s.completedRevenueInclGstCents) },
    { label: 'Avg Value', value: fmt.money(s.avgCompletedValueCents) },
  ],
  columns: (c) => [
    c.bookingSummary,
    c.customer,
    c.eventDate,
    c.eventType,
    { ...c.value, label: 'Total Value' },
    c.deposit,
    c.bond,
    c.docs,
    c.addOns,
    actionsColumn((b: Booking) => <InvoiceButton booking={b} />),
  ],
  actions: ({ selected, rows }) => <SendInvoicesButton selected={selected} rows={rows} />,
  exportFile: () => `completed_bookings_export_${exportStamp()}.csv`,
  empty: {
    title: 'No completed bookings found',
    unfiltered: 'Completed bookings will appear here.',
  },
  printLabel: 'Print reports',
};

const cancelled: StatusListConfig = {
  title: 'Bookings — Cancelled',
  status: 'cancelled',
  defaultSort: { sort: 'cancelledAt', order: 'desc' },
  searchPlaceholder: 'Search by ID, customer, reason...',
  toggles: [
    { label: 'Recent (30 days)', params: { recent30: true } },
    { label: 'High Value', params: { quick: 'highValue' } },
  ],
  cards: (s, fmt) => [
    { label: 'Total Cancelled', value: s.cancelledCount },
    { label: 'This Month', value: s.cancelledThisMonth },
    { label: 'Lost Revenue', value: fmt.money(s.lostRevenueCents) },
    { label: 'Refunded', value: fmt.money(s.refundedCents) },
  ],
  columns: (c, _dialogs, openView) => [
    c.bookingSummary,
    c.customer,
    c.eventDate,
    c.eventType,
    c.value,
    c.deposit,
    c.cancelled,
    c.reason,
    actionsColumn((b: Booking) => (
      <RowAction onClick={() => openView(b)} label={`View booking ${b.bookingCode}`}>
        View
      </RowAction>
    )),
  ],
  exportFile: () => `cancelled_bookings_export_${exportStamp()}.csv`,
  empty: {
    title: 'No cancelled bookings found',
    unfiltered: 'Cancelled bookings will appear here.',
  },
  printLabel: 'Print report',
  viewDialog: (booking, onClose) => <CancelledDetails booking={booking} onClose={onClose} />,
};

function CancelledDetails({ booking: b, onClose }: { booking: Booking | null; onClose: () => void }) {
  const fmt = useFormat();
  const rows: [string, string][] = b
    ? [
        ['Resource', b.resourceName],
        ['Date', fmt.date(b.bookingDate)],
        ['Times', `${fmt.time(b.startTime)} – ${fmt.time(b.endTime)}`],
        ['Reason', cancelReasonLabel(b.cancellationReason)],
        ['Booking ID', b.bookingCode],
        ['E-mail', b.customerEmail],
        ['Event', `${weekdayName(parseIsoDate(b.bookingDate))} ${fmt.date(b.bookingDate)}`],
        ['Cancelled at', fmt.dateTime(b.cancelledAt)],
        ['Guests', String(b.guestCount ?? 0)],
        ['Total value', fmt.money(valueCents(b))],
      ]
    : [];
  return (
    <Modal opened={Boolean(b)} onClose={onClose} title="Cancelled Booking Details">
      {b ? (
        <>
          <Group mb="sm">
            <strong>{b.customerName}</strong>
            <Badge color="red" variant="dot">
              Cancelled
            </Badge>
            <Badge variant="dot">{depositLabel(b)}</Badge>
          </Group>
          <DetailsTable rows={rows} />
        </>
      ) : null}
    </Modal>
  );
}

export const ConfirmedPage = () => <StatusListPage config={confirmed} />;
export const CompletedPage = () => <StatusListPage config={completed} />;
export const CancelledPage = () => <StatusListPage config={cancelled} />;
