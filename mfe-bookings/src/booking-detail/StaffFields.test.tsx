import { describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { captureRequests, fieldRefusal, problemOf, renderWithProviders } from '@venue/ui/testing';
import type { Booking } from '../api/types.ts';
import { StaffFields } from './StaffFields.tsx';

const BOOKING = {
  id: 'b-3',
  bookingCode: 'BK-0003',
  bondRequired: true,
  bondCents: 0,
  bondPaid: false,
  docs: { idVerified: false, insuranceVerified: false },
  priority: 'normal',
  customerTier: 'standard',
  notes: '',
} as unknown as Booking;

describe('Staff details', () => {
  test('a bond below 0 is refused beside the amount, which takes the focus, and nothing is sent', async () => {
    const puts = captureRequests('put', `/api/bookings/${BOOKING.id}`, { booking: BOOKING });
    const { user } = renderWithProviders(<StaffFields booking={BOOKING} />);
    const bond = screen.getByRole('spinbutton', { name: 'Bond amount' });
    await user.type(bond, '-5');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(problemOf(bond)).toBe('Bond must be 0 or more');
    expect(bond).toHaveFocus();
    expect(puts).toHaveLength(0);
  });

  test('the details are sent as the edit’s body: the bond in cents, the documents and the choices', async () => {
    const puts = captureRequests('put', `/api/bookings/${BOOKING.id}`, { booking: BOOKING });
    const { user } = renderWithProviders(<StaffFields booking={BOOKING} />);
    await user.type(screen.getByRole('spinbutton', { name: 'Bond amount' }), '250.5');
    await user.click(screen.getByRole('checkbox', { name: 'ID verified' }));
    await user.type(screen.getByRole('textbox', { name: 'Staff notes' }), 'Keys at the bar');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({
      bondRequired: true,
      bondCents: 25_050,
      bondPaid: false,
      docs: { idVerified: true, insuranceVerified: false },
      priority: 'normal',
      customerTier: 'standard',
      notes: 'Keys at the bar',
    });
  });

  test('notes longer than the contract allows are refused under them, and nothing is sent', async () => {
    const puts = captureRequests('put', `/api/bookings/${BOOKING.id}`, { booking: BOOKING });
    const { user } = renderWithProviders(<StaffFields booking={BOOKING} />);
    const notes = screen.getByRole('textbox', { name: 'Staff notes' });
    // Pasted rather than typed: 5,001 key presses would only slow the test.
    fireEvent.change(notes, { target: { value: 'x'.repeat(5001) } });
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(notes).toHaveAccessibleDescription('Notes is too long (at most 5000 characters).'),
    );
    expect(notes).toHaveFocus();
    expect(puts).toHaveLength(0);
  });

  test('the server refusing the bond shows its message beside the amount', async () => {
    captureRequests('put', `/api/bookings/${BOOKING.id}`, () =>
      fieldRefusal({ bondCents: 'Bond is too large' }, 'Invalid request.'),
    );
    const { user } = renderWithProviders(<StaffFields booking={BOOKING} />);
    const bond = screen.getByRole('spinbutton', { name: 'Bond amount' });
    await user.type(bond, '900');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(bond).toHaveAccessibleDescription('Bond is too large'));
    expect(bond).toHaveAttribute('aria-invalid', 'true');
  });
});
