import { Badge, Button, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Booking } from '../api/types.ts';
import { SourceBadge } from '../shared/SourceBadge.tsx';
import { OnlineRequestDetails } from '../shared/OnlineRequestDetails.tsx';
import { valueCents } from '../shared/deposit.ts';
import { relativeTime, useFormat } from '../shared/format.ts';
import { usePhoneFormat } from '../shared/phone.ts';

interface Props {
  booking: Booking | null;
  onClose: () => void;
  onConfirm: (b: Booking) => void;
  onCancel: (b: Booking) => void;
  onView: (b: Booking) => void;
}

/** "Booking Request Details" (spec 02 §2.5). */
export function RequestPanel({ booking: b, onClose, onConfirm, onCancel, onView }: Props) {
  const fmt = useFormat();
  const phone = usePhoneFormat();
  return (
    <Drawer opened={Boolean(b)} onClose={onClose} position="right" title="Booking Request Details" size="md">
      {b ? (
        <Stack gap="sm" data-testid="request-panel">
          <Title order={3} fz="lg">
            {b.eventType}
          </Title>
          <Group gap="xs">
            <Text fw={600}>{b.customerName}</Text>
            <Badge color={b.status === 'tentative' ? 'violet' : 'yellow'} variant="dot">
              {b.status === 'tentative' ? 'Tentative Hold' : 'Pending Review'}
            </Badge>
            <SourceBadge source={b.bookingSource} />
          </Group>
          <Text size="sm">{b.bookingCode || 'No booking code available'}</Text>
          <Text size="sm">Resource: {b.resourceName}</Text>
          <Text size="sm">Guests: {b.guestCount ?? 0}</Text>
          <Text size="sm">Total value: {fmt.money(valueCents(b))} (incl. GST)</Text>
          <Text size="sm">Event: {fmt.slot(b)}</Text>
          <Paper withBorder p="sm" radius="md">
            <Text fw={600} size="sm">
              Request Status
            </Text>
            <Text size="sm">
              Requested {relativeTime(b.createdAt)} ({fmt.dateTime(b.createdAt)})
            </Text>
            <Text size="sm">Status: {b.status}</Text>
            {b.holdExpiresAt ? (
              <Text size="sm">
                Hold expires {relativeTime(b.holdExpiresAt)} ({fmt.dateTime(b.holdExpiresAt)})
              </Text>
            ) : null}
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Text fw={600} size="sm">
              Customer Information
            </Text>
            <Text size="sm">{b.customerName}</Text>
            <Text size="sm">{b.customerEmail}</Text>
            {b.customerPhone ? <Text size="sm">{phone(b.customerPhone)}</Text> : null}
          </Paper>
          {b.onlineRequest ? (
            <Paper withBorder p="sm" radius="md">
              <OnlineRequestDetails info={b.onlineRequest} />
            </Paper>
          ) : null}
          <Group>
            <Button onClick={() => onConfirm(b)}>Confirm Booking</Button>
            <Button color="red" variant="light" onClick={() => onCancel(b)}>
              Cancel Booking
            </Button>
            <Button variant="default" onClick={() => onView(b)}>
              View Full Details
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Drawer>
  );
}
