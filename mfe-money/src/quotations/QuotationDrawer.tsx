import { Anchor, Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@venue/ui';
import type { Quotation } from '@venue/contracts/money-api';
import { useFormat } from '../shared/format.ts';
import { quotationName } from '../shared/labels.ts';
import { STATUS_COLOURS, deletable, editable, type QuotationActions } from './QuotationTable.tsx';
import { bookingPath } from './booking-path.ts';

/** The quotation in full, with Accept / Decline while Sent and its other actions (spec 03 §2.3). */
export function QuotationDrawer({
  quotation: open,
  onClose,
  actions,
  accepting,
}: {
  quotation: Quotation | null;
  onClose: () => void;
  actions: QuotationActions;
  /** A status change is under way. */
  accepting: boolean;
}) {
  const fmt = useFormat();
  return (
    <Drawer
      opened={open !== null}
      onClose={onClose}
      position="right"
      title={open ? `Quotation ${open.number ?? '(draft)'}` : 'Quotation'}
    >
      {open && (
        <Stack gap="sm">
          <Badge color={STATUS_COLOURS[open.status]}>{open.status}</Badge>
          {open.bookingCode ? <BookingMade quotation={open} code={open.bookingCode} /> : null}
          <Title order={5}>Customer</Title>
          <Text size="sm">
            {open.customerName} · {open.customerEmail} · {open.customerPhone}
          </Text>
          <Title order={5}>Event</Title>
          <Text size="sm">
            {open.eventType} at {open.resourceName}, {fmt.date(open.eventDate)} {fmt.time(open.startTime)}–
            {fmt.time(open.endTime)}
            {open.guestCount !== null ? ` · ${open.guestCount} guests` : ''}
          </Text>
          <Title order={5}>Pricing</Title>
          <Text size="sm">
            Total {fmt.money(Math.round(open.totalInclGst * 100))} AUD (GST {fmt.money(open.gstCents)}) ·
            Deposit {fmt.money(open.depositCents)} ({open.depositType}) · Final{' '}
            {fmt.money(Math.round(open.finalAmount * 100))}
          </Text>
          <Text size="sm">Valid until {fmt.date(open.validUntil)}</Text>
          {open.notes && (
            <>
              <Title order={5}>Notes</Title>
              <Text size="sm">{open.notes}</Text>
            </>
          )}
          <Text size="xs" c="dimmed">
            Created {fmt.dateTime(open.createdAt)} · Updated {fmt.dateTime(open.updatedAt)}
          </Text>
          <DrawerActions quotation={open} actions={actions} accepting={accepting} />
        </Stack>
      )}
    </Drawer>
  );
}

/** The booking Accept made, with the way to it. */
function BookingMade({ quotation, code }: { quotation: Quotation; code: string }) {
  const { navigate } = useSession();
  return (
    <Text size="sm" data-testid="quotation-booking">
      Booking{' '}
      <Anchor
        href={bookingPath(code)}
        fw={700}
        onClick={(e) => {
          e.preventDefault();
          navigate(bookingPath(code));
        }}
      >
        {code}
      </Anchor>{' '}
      was made when {quotationName(quotation)} was accepted.
    </Text>
  );
}

/** Accept and Decline while Sent; Edit, Duplicate, Download PDF and Delete. */
function DrawerActions({
  quotation,
  actions,
  accepting,
}: {
  quotation: Quotation;
  actions: QuotationActions;
  accepting: boolean;
}) {
  return (
    <>
      {quotation.status === 'Sent' && (
        <Group>
          <Button color="green" loading={accepting} onClick={() => actions.setStatus(quotation, 'Accepted')}>
            Accept & Create Booking
          </Button>
          <Button color="red" variant="light" onClick={() => actions.setStatus(quotation, 'Declined')}>
            Decline Quotation
          </Button>
        </Group>
      )}
      <Group>
        <Button variant="default" disabled={!editable(quotation)} onClick={() => actions.edit(quotation)}>
          Edit Quotation
        </Button>
        <Button variant="default" onClick={() => actions.duplicate(quotation)}>
          Duplicate
        </Button>
        <Button variant="default" onClick={() => actions.pdf(quotation)}>
          Download PDF
        </Button>
        <Button
          color="red"
          variant="subtle"
          disabled={!deletable(quotation)}
          onClick={() => actions.remove(quotation)}
        >
          Delete
        </Button>
      </Group>
    </>
  );
}
