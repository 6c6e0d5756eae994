import { Badge, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useBooking } from '../api/hooks.ts';
import { paymentCents, type Booking } from '../api/types.ts';
import { depositLabel } from '../shared/deposit.ts';
import { useFormat } from '../shared/format.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { StaffFields } from './StaffFields.tsx';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { SourceBadge } from '../shared/SourceBadge.tsx';
import { BookingDocuments } from './BookingDocuments.tsx';
import { OnlineRequestDetails } from '../shared/OnlineRequestDetails.tsx';
import { cancelReasonLabel } from '../shared/cancel-reasons.ts';
import { usePhoneFormat } from '../shared/phone.ts';

interface Actions {
  edit: (b: Booking) => void;
  confirm: (b: Booking) => void;
  cancel: (b: Booking) => void;
  complete: (b: Booking) => void;
}

/** The full booking, fresh from the server, with the moves its status allows. */
export function BookingDetailDrawer({
  id,
  onClose,
  actions,
}: {
  id: string | null;
  onClose: () => void;
  actions: Actions;
}) {
  const query = useBooking(id);
  return (
    <Drawer opened={Boolean(id)} onClose={onClose} position="right" size="md" title="Booking Details">
      {id ? (
        <QueryStatus query={query} loading="Loading booking...">
          {(b) => <BookingDetail booking={b} actions={actions} />}
        </QueryStatus>
      ) : null}
    </Drawer>
  );
}

function BookingDetail({ booking: b, actions }: { booking: Booking; actions: Actions }) {
  const fmt = useFormat();
  const phone = usePhoneFormat();
  const p = b.payment_details;
  const rows: [string, React.ReactNode][] = [
    ['Booking code', b.bookingCode],
    ['Customer', b.customerName],
    ['E-mail', b.customerEmail],
    ['Phone', phone(b.customerPhone) || '—'],
    ['Event', b.eventType],
    ['Resource', b.resourceName],
    ['Date & time', fmt.slot(b)],
    ['Guests', b.guestCount ?? '—'],
    ['Price', fmt.money(b.calculatedPriceCents)],
    ['Deposit', depositLabel(b)],
    ['Source', <SourceBadge key="source" source={b.bookingSource} />],
    ['Priority', b.priority],
    ['Tier', b.customerTier],
    [
      'Bond',
      b.bondRequired ? `${fmt.money(b.bondCents)} ${b.bondPaid ? '(paid)' : '(unpaid)'}` : 'Not required',
    ],
    ['ID verified', b.docs?.idVerified ? 'Yes' : 'No'],
    ['Insurance verified', b.docs?.insuranceVerified ? 'Yes' : 'No'],
    ['Add-ons', b.addOns?.length ? b.addOns.map((a) => `${a.name} × ${a.quantity}`).join(', ') : 'None'],
    ['Description', b.additionalDescription || '—'],
    ['Notes', b.notes || '—'],
    ['Created', fmt.dateTime(b.createdAt)],
  ];
  if (b.holdExpiresAt) rows.push(['Hold expires', fmt.dateTime(b.holdExpiresAt)]);
  if (p) {
    rows.push(['Total (incl. GST)', fmt.money(paymentCents(p, 'total'))]);
    rows.push(['GST', fmt.money(paymentCents(p, 'gst'))]);
    rows.push(['Deposit amount', fmt.money(paymentCents(p, 'deposit'))]);
    rows.push(['Balance due', fmt.money(paymentCents(p, 'finalDue'))]);
  }
  if (b.cancelledAt) rows.push(['Cancelled', fmt.dateTime(b.cancelledAt)]);
  if (b.cancellationReason) rows.push(['Reason', cancelReasonLabel(b.cancellationReason)]);
  if (b.changeRequest) rows.push(['Changes requested', b.changeRequest.message]);
  const open = b.status === 'pending' || b.status === 'tentative';
  return (
    <Stack gap="md" data-testid="booking-detail">
      <Group gap="xs">
        <Text fw={700}>{b.customerName}</Text>
        <StatusBadge status={b.status} />
        {b.status === 'tentative' ? <Badge variant="outline">Hold</Badge> : null}
      </Group>
      <Table>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th scope="row" w={150}>
                {k}
              </Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {b.onlineRequest ? <OnlineRequestDetails info={b.onlineRequest} /> : null}
      <BookingDocuments bookingId={b.id} />
      <Group>
        {b.status !== 'completed' && b.status !== 'cancelled' && b.status !== 'expired' ? (
          <Button variant="default" onClick={() => actions.edit(b)}>
            Edit Booking
          </Button>
        ) : null}
        {open ? <Button onClick={() => actions.confirm(b)}>Confirm Booking</Button> : null}
        {b.status === 'confirmed' ? <Button onClick={() => actions.complete(b)}>Complete</Button> : null}
        {open || b.status === 'confirmed' ? (
          <Button color="red" variant="light" onClick={() => actions.cancel(b)}>
            Cancel Booking
          </Button>
        ) : null}
      </Group>
      <StaffFields key={b.updatedAt} booking={b} />
    </Stack>
  );
}
