// Send Email, step 2: the customer's booking and its pay link (split out of SendEmailPage.tsx).
import { useEffect, useState } from 'react';
import { Button, Group, NativeSelect, Paper, Text, Title } from '@mantine/core';
import { QueryStatus } from '@venue/ui/query-status';
import { type CommsBooking, type CommsCustomer } from '@venue/contracts/comms';
import { useCustomerBookings } from '../api/hooks.ts';
import { type CommsFormat } from '../shared/format.ts';
import { useFailureToast } from '../shared/notify.ts';

function bookingLabel(b: CommsBooking, fmt: CommsFormat): string {
  return `${b.bookingCode} — ${b.eventType}, ${fmt.date(b.bookingDate)} ${fmt.time(b.startTime)}–${fmt.time(b.endTime)}, ${b.hallName || b.selectedHall}, ${fmt.money(b.calculatedPriceCents)}`;
}

export function BookingPanel({
  customer,
  selected,
  autoPick,
  onSelect,
  onPayLink,
  payLinkBusy,
  fmt,
}: {
  customer: CommsCustomer | null;
  selected: CommsBooking | null;
  autoPick: string | null;
  onSelect: (b: CommsBooking | null) => void;
  onPayLink: () => void;
  payLinkBusy: boolean;
  fmt: CommsFormat;
}) {
  const bookings = useCustomerBookings(customer?.email ?? null);
  useFailureToast(bookings, 'Failed to load customer bookings');
  const list = bookings.data?.bookings;
  // The share link's booking is chosen once its customer's bookings arrive; the user may clear it.
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (picked || !autoPick || selected || !list) return;
    setPicked(true);
    const match = list.find((b) => b.id === autoPick);
    if (match) onSelect(match);
  }, [picked, autoPick, selected, list, onSelect]);

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        Select Booking
      </Title>
      {!customer ? (
        <Text size="sm" c="dimmed">
          Choose a customer to see their bookings.
        </Text>
      ) : (
        // A failed refresh replaces the list (the toast above says it too), as a first read's does.
        <QueryStatus
          query={bookings}
          loading="Loading bookings..."
          failure="Failed to load customer bookings"
          staleData="replace"
        >
          {({ bookings: found }) => (
            <NativeSelect
              label="Booking (optional)"
              value={selected?.id ?? ''}
              onChange={(e) => onSelect(found.find((b) => b.id === e.currentTarget.value) ?? null)}
              data={[
                { value: '', label: found.length ? 'No booking' : 'This customer has no bookings' },
                ...found.map((b) => ({ value: b.id, label: bookingLabel(b, fmt) })),
              ]}
            />
          )}
        </QueryStatus>
      )}
      {selected ? (
        <Group justify="flex-end" mt="sm">
          <Button variant="light" size="xs" onClick={onPayLink} loading={payLinkBusy}>
            Send Pay Link
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
