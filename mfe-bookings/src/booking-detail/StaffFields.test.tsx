import { describe, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
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

    expect(bond).toHaveAttribute('aria-invalid', 'true');
    expect(
      document.getElementById(bond.getAttribute('aria-describedby')!.split(' ').at(-1)!),
    ).toHaveTextContent('Bond must be 0 or more');
    expect(bond).toHaveFocus();
    expect(puts).toHaveLength(0);
  });
});
