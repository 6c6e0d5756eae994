import { DialogActions } from '@venue/ui';
import { useState } from 'react';
import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { useBookingActions } from '../api/hooks.ts';
import type { Booking } from '../api/types.ts';
import { netCents, valueCents } from '../shared/deposit.ts';
import { useFormat } from '../shared/format.ts';
import { DetailsTable } from '../shared/DetailsTable.tsx';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';

import { CANCEL_REASONS } from '../shared/cancel-reasons.ts';

interface Props {
  booking: Booking | null;
  onClose: () => void;
  onDone?: () => void;
  /** "Cancel Booking Request" on the requests screen, "Cancel Booking" elsewhere. */
  title?: string;
}

export function CancelBookingDialog({ booking, onClose, onDone, title = 'Cancel Booking' }: Props) {
  return (
    <Modal opened={Boolean(booking)} onClose={onClose} title={title}>
      {booking ? (
        <CancelForm
          key={booking.id}
          booking={booking}
          onClose={onClose}
          onDone={onDone}
          isRequest={title.includes('Request')}
        />
      ) : null}
    </Modal>
  );
}

function CancelForm({
  booking,
  onClose,
  onDone,
  isRequest,
}: {
  booking: Booking;
  onClose: () => void;
  onDone?: () => void;
  isRequest: boolean;
}) {
  const fmt = useFormat();
  const { cancel } = useBookingActions();
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The figures the server stored for the booking, as on every other screen (not the base
  // times the rate here, which disagreed with the CSV and the confirm dialog).
  const base = netCents(booking);
  const inclGst = valueCents(booking);

  async function submit() {
    setError(null);
    try {
      await cancel.mutateAsync({ id: booking.id, reason: reason ?? undefined });
      toastSuccess('Booking Cancelled!', `${booking.customerName} — ${booking.bookingCode}`);
      onDone?.();
      onClose();
    } catch (err) {
      setError(errorText(err));
      toastError('Error Cancelling Booking', errorText(err));
    }
  }

  const rows: [string, string][] = [
    ['Event', booking.eventType],
    ['Date', fmt.date(booking.bookingDate)],
    ['Time', `${fmt.time(booking.startTime)} – ${fmt.time(booking.endTime)}`],
    ['Resource', booking.resourceName],
    ['Guests', booking.guestCount == null ? '—' : String(booking.guestCount)],
    ['Base amount', fmt.money(base)],
    ['Total value (incl. GST)', fmt.money(inclGst)],
  ];
  return (
    <Stack gap="md">
      <Text size="sm">
        Are you sure you want to cancel the booking {isRequest ? 'request ' : ''}for {booking.customerName}?
        This action cannot be undone.
      </Text>
      <DetailsTable rows={rows} />
      <Select
        label="Reason (optional)"
        data={CANCEL_REASONS}
        value={reason}
        onChange={setReason}
        clearable
        placeholder="Select a reason"
      />
      <DialogActions
        error={error}
        onCancel={onClose}
        cancelLabel={isRequest ? 'Keep Request' : 'Keep Booking'}
      >
        <Button color="red" onClick={() => void submit()} loading={cancel.isPending}>
          Cancel Booking
        </Button>
      </DialogActions>
    </Stack>
  );
}
