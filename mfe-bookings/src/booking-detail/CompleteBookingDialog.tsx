import { DialogActions } from '@venue/ui';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useBookingActions } from '../api/hooks.ts';
import type { Booking } from '../api/types.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';

export function CompleteBookingDialog({
  booking,
  onClose,
}: {
  booking: Booking | null;
  onClose: () => void;
}) {
  const fmt = useFormat();
  const { complete } = useBookingActions();
  async function submit() {
    if (!booking) return;
    try {
      await complete.mutateAsync(booking.id);
      toastSuccess('Booking Completed!', `${booking.customerName} — ${booking.bookingCode}`);
      onClose();
    } catch (err) {
      toastError('Error Completing Booking', errorText(err));
    }
  }
  return (
    <Modal opened={Boolean(booking)} onClose={onClose} title="Complete Booking">
      {booking ? (
        <Stack>
          <Text size="sm">
            Mark the booking of {booking.customerName} at {booking.resourceName} on {fmt.slot(booking)} as
            completed?
          </Text>
          <DialogActions onCancel={onClose}>
            <Button onClick={() => void submit()} loading={complete.isPending}>
              Complete Booking
            </Button>
          </DialogActions>
        </Stack>
      ) : null}
    </Modal>
  );
}
