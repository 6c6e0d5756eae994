import { useState } from 'react';
import { Alert, Badge, Group, Loader, Paper, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { useDebouncedValue } from '@mantine/hooks';
import type { InvoiceableBooking } from '@venue/contracts/money-api/screens';
import { useInvoiceableBookings } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import type { bookingFigures } from './useNewInvoiceForm.ts';

/** Search the bookings an invoice can be made for, and choose one. */
export function InvoiceBookingPicker({
  chosen,
  error,
  onChoose,
}: {
  chosen: InvoiceableBooking | null;
  error: string | undefined;
  onChoose: (booking: InvoiceableBooking) => void;
}) {
  const fmt = useFormat();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const bookings = useInvoiceableBookings(debounced, true);
  return (
    <>
      <SearchField
        label="Search bookings"
        description="By customer, event type, date, resource or status"
        value={search}
        onSearch={setSearch}
        rightSection={bookings.isFetching ? <Loader size="xs" /> : null}
        data-autofocus
      />
      {bookings.isError ? (
        <Alert color="red" role="alert">
          {bookings.error.message}
        </Alert>
      ) : bookings.isPending ? (
        <Text size="sm" c="dimmed">
          Loading bookings...
        </Text>
      ) : bookings.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No confirmed, pending or completed bookings match.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={200}>
          <Radio.Group
            label="Booking"
            error={error}
            value={chosen?.id ?? ''}
            onChange={(id) => {
              const b = bookings.data.items.find((x) => x.id === id);
              if (b) onChoose(b);
            }}
          >
            <Stack gap={4} mt={4}>
              {bookings.data.items.map((b) => (
                <Radio
                  key={b.id}
                  value={b.id}
                  label={`${b.bookingCode} · ${b.customerName} · ${b.eventType} · ${fmt.date(b.bookingDate)} · ${b.resourceName} · ${b.status}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
      )}
    </>
  );
}

/** The chosen booking with its stored figures. */
export function ChosenBooking({
  booking,
  figures,
}: {
  booking: InvoiceableBooking;
  figures: ReturnType<typeof bookingFigures>;
}) {
  const fmt = useFormat();
  return (
    <Paper withBorder p="sm" aria-label="Selected booking" component="section">
      <Group justify="space-between">
        <Text fw={600}>
          {booking.bookingCode} — {booking.customerName}
        </Text>
        <Badge variant="light">{booking.status}</Badge>
      </Group>
      <Text size="sm">
        {booking.eventType} · {fmt.date(booking.bookingDate)} {fmt.time(booking.startTime)}–
        {fmt.time(booking.endTime)} · {booking.resourceName}
      </Text>
      <Text size="sm">
        Total {fmt.money(figures.total)} · Deposit {fmt.money(figures.deposit)} · Final due{' '}
        {fmt.money(figures.finalDue)}
      </Text>
    </Paper>
  );
}
