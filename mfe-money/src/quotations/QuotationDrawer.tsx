import { Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import type { Quotation } from '@venue/contracts/money-api';
import { useFormat } from '../lib/format.ts';
import { STATUS_COLOURS, editable, type QuotationActions } from './QuotationTable.tsx';

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
    <Drawer opened={open !== null} onClose={onClose} position="right" title="Quotation">
      {open && (
        <Stack gap="sm">
          <Badge color={STATUS_COLOURS[open.status]}>{open.status}</Badge>
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
          {open.status === 'Sent' && (
            <Group>
              <Button color="green" loading={accepting} onClick={() => actions.setStatus(open, 'Accepted')}>
                Accept & Create Booking
              </Button>
              <Button color="red" variant="light" onClick={() => actions.setStatus(open, 'Declined')}>
                Decline Quotation
              </Button>
            </Group>
          )}
          <Group>
            <Button variant="default" disabled={!editable(open)} onClick={() => actions.edit(open)}>
              Edit Quotation
            </Button>
            <Button variant="default" onClick={() => actions.duplicate(open)}>
              Duplicate
            </Button>
            <Button variant="default" onClick={() => actions.pdf(open)}>
              Download PDF
            </Button>
            <Button
              color="red"
              variant="subtle"
              disabled={open.status === 'Accepted'}
              onClick={() => actions.remove(open)}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
