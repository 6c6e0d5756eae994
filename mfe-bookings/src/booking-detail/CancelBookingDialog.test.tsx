import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import {
  captureRequests,
  dialogFocused,
  fieldRefusal,
  onlyBody,
  renderWithProviders,
} from '@venue/ui/testing';
import type { Booking } from '../api/types.ts';
import { CancelBookingDialog } from './CancelBookingDialog.tsx';

const BOOKING = {
  id: 'b-9',
  bookingCode: 'BK-0009',
  customerName: 'Grace Hopper',
  eventType: 'Wedding',
  resourceName: 'Main Hall',
  bookingDate: '2031-05-02',
  startTime: '12:00',
  endTime: '18:00',
  status: 'confirmed',
  calculatedPriceCents: 110_000,
} as Booking;

const STATUS = `/api/bookings/${BOOKING.id}/status`;

function open() {
  const onClose = jest.fn();
  const onDone = jest.fn();
  const view = renderWithProviders(
    <CancelBookingDialog booking={BOOKING} onClose={onClose} onDone={onDone} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Cancel Booking' });
  return { ...view, dialog, onClose, onDone };
}

describe('Cancel booking: the status call checked by the contract the service parses it with', () => {
  test('with a reason chosen, the booking is cancelled with that reason and the dialog closes', async () => {
    const puts = captureRequests('put', STATUS, { booking: { ...BOOKING, status: 'cancelled' } });
    const { user, dialog, onClose, onDone } = open();
    await dialogFocused(dialog);
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Customer request' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onlyBody(puts)).toEqual({ status: 'cancelled', reason: 'customer_request' });
    expect(onDone).toHaveBeenCalled();
  });

  test('without a reason, only the status is sent', async () => {
    const puts = captureRequests('put', STATUS, { booking: { ...BOOKING, status: 'cancelled' } });
    const { user, dialog, onClose } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts[0]!.body).toEqual({ status: 'cancelled' });
  });

  test('the server refusing the reason shows its message under the reason, and the dialog stays open', async () => {
    captureRequests('put', STATUS, () =>
      fieldRefusal({ reason: 'Choose one of the listed reasons.' }, 'The booking could not be cancelled.'),
    );
    const { user, dialog, onClose } = open();
    await dialogFocused(dialog);
    const reason = within(dialog).getByRole('combobox', { name: 'Reason (optional)' });
    await user.click(reason);
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Choose one of the listed reasons.'));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The booking could not be cancelled.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
