import { DialogActions } from '@venue/ui';
import { useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import type { z } from 'zod';
import { statusBody } from '@venue/contracts/bookings';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useBookingActions } from '../api/hooks.ts';
import type { Booking } from '../api/types.ts';
import { netCents, valueCents } from '../shared/deposit.ts';
import { useFormat } from '../shared/format.ts';
import { DetailsTable } from '../shared/DetailsTable.tsx';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { CANCEL_REASONS } from '../shared/cancel-reasons.ts';

type CancelValues = { reason: string | null };
type CancelStatus = z.output<typeof statusBody>;

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

/**
 * The body of the status call, checked by the contract's statusBody as the service parses it; a
 * refusal naming the reason (either name the service reads) is shown under the list.
 */
function useCancelForm(booking: Booking, onClose: () => void, onDone?: () => void) {
  const { cancel } = useBookingActions();
  const { form, failure, onSubmit } = useContractForm<CancelValues, CancelStatus>({
    schema: statusBody,
    defaultValues: { reason: null },
    toBody: ({ reason }) => ({ status: 'cancelled', ...(reason ? { reason } : {}) }),
    fieldOf: { cancellationReason: 'reason' },
  });
  const send = async (body: CancelStatus) => {
    try {
      await cancel.mutateAsync({ id: booking.id, reason: body.reason ?? undefined });
    } catch (err) {
      toastError('Error Cancelling Booking', errorText(err));
      throw err;
    }
    toastSuccess('Booking Cancelled!', `${booking.customerName} — ${booking.bookingCode}`);
    onDone?.();
    onClose();
  };
  return { control: form.control, failure, submit: onSubmit(send), sending: cancel.isPending };
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
  const { control, failure, submit, sending } = useCancelForm(booking, onClose, onDone);
  // The figures the server stored for the booking, as on every other screen (not the base
  // times the rate here, which disagreed with the CSV and the confirm dialog).
  const base = netCents(booking);
  const inclGst = valueCents(booking);

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
      <SelectField
        control={control}
        name="reason"
        label="Reason (optional)"
        data={CANCEL_REASONS}
        clearable
        placeholder="Select a reason"
      />
      <DialogActions
        error={failure}
        onCancel={onClose}
        cancelLabel={isRequest ? 'Keep Request' : 'Keep Booking'}
      >
        {/* Not a <form>: Enter in the reason list has never cancelled the booking, only this button. */}
        <Button color="red" onClick={(event) => void submit(event)} loading={sending}>
          Cancel Booking
        </Button>
      </DialogActions>
    </Stack>
  );
}
