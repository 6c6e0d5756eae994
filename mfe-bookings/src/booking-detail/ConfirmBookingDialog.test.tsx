import { describe, expect, jest, test } from '@jest/globals';
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { INVOICE_SETTINGS_DEFAULTS } from '@venue/contracts';
import { captureRequests, onlyBody, renderWithProviders, server } from '@venue/ui/testing';
import type { Booking } from '../api/types.ts';
import { ConfirmBookingDialog } from './ConfirmBookingDialog.tsx';

const BOOKING = {
  id: 'b-7',
  bookingCode: 'BK-0007',
  customerName: 'Ada Lovelace',
  resourceName: 'Main Hall',
  bookingDate: '2031-03-14',
  startTime: '10:00',
  endTime: '14:00',
  status: 'pending',
} as Booking;

/** The table's figures as a user reads them: label → amount. */
function figures(tableName: string): Record<string, string> {
  const table = screen.getByRole('table', { name: tableName });
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]),
  );
}

/** The venue's terms: $1,100.00 with GST included at 10 %. */
function answerPreview() {
  return captureRequests('post', `/api/bookings/${BOOKING.id}/confirm-preview`, {
    priceCents: 110_000,
    terms: { taxType: 'inclusive', rateBp: 1000 },
    figures: {
      taxType: 'inclusive',
      rateBp: 1000,
      netCents: 100_000,
      gstCents: 10_000,
      totalCents: 110_000,
      depositType: 'None',
      depositValue: null,
      depositCents: 0,
      finalDueCents: 110_000,
    },
  });
}

/** Settings → Payments' Invoice Settings as admin answers them, with this deposit percentage. */
function answerVenueDeposit(depositPercentage: number) {
  return captureRequests('get', '/api/tenant-settings/invoice', {
    ...INVOICE_SETTINGS_DEFAULTS,
    depositPercentage,
  });
}

/** The dialog as a page holds it: open for one booking until it asks to close. */
function Host({ onDone }: { onDone?: (b: Booking | null) => void }) {
  const [open, setOpen] = useState<Booking | null>(BOOKING);
  return <ConfirmBookingDialog booking={open} onClose={() => setOpen(null)} onDone={onDone} />;
}

describe('Confirm booking dialog', () => {
  test('shows the GST and deposit figures for the price and the venue’s tax setting, as choices change', async () => {
    answerPreview();
    answerVenueDeposit(0);
    const { user } = renderWithProviders(<ConfirmBookingDialog booking={BOOKING} onClose={jest.fn()} />);

    expect(await screen.findByText(/The price of \$1,100\.00 includes GST at 10 %/)).toHaveTextContent(
      '(this venue’s setting)',
    );
    expect(figures('Amounts preview')).toEqual({
      Total: '$1,100.00',
      GST: '$100.00',
      Deposit: '$0.00',
      'Balance due': '$1,100.00',
    });

    await user.click(screen.getByRole('radio', { name: 'GST exclusive' }));
    expect(screen.getByText(/has GST at 10 % added/)).toHaveTextContent('(not this venue’s setting)');
    expect(figures('Amounts preview')).toMatchObject({ Total: '$1,210.00', GST: '$110.00' });

    await user.click(screen.getByRole('radio', { name: 'Percentage' }));
    // Only digits and a period are taken (spec 02 §2.1).
    await user.type(screen.getByRole('textbox', { name: 'Deposit percentage' }), '25%');
    expect(screen.getByRole('textbox', { name: 'Deposit percentage' })).toHaveValue('25');
    expect(figures('Amounts preview')).toEqual({
      Total: '$1,210.00',
      GST: '$110.00',
      Deposit: '$302.50',
      'Balance due': '$907.50',
    });

    await user.click(screen.getByRole('radio', { name: 'Fixed' }));
    await user.clear(screen.getByRole('textbox', { name: 'Deposit amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Deposit amount' }), '200.456');
    // A fixed deposit is rounded to cents.
    expect(figures('Amounts preview')).toMatchObject({ Deposit: '$200.46', 'Balance due': '$1,009.54' });
  });

  test('starts from the venue’s deposit setting (Settings → Payments: 50 %), not None', async () => {
    answerPreview();
    answerVenueDeposit(50);
    renderWithProviders(<ConfirmBookingDialog booking={BOOKING} onClose={jest.fn()} />);

    expect(await screen.findByRole('radio', { name: 'Percentage' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Deposit percentage' })).toHaveValue('50');
    expect(screen.getByText('This venue’s setting (Settings → Payments).')).toBeVisible();
    expect(figures('Amounts preview')).toEqual({
      Total: '$1,100.00',
      GST: '$100.00',
      Deposit: '$550.00',
      'Balance due': '$550.00',
    });
  });

  test('a venue whose deposit setting cannot be read starts at None and is told so', async () => {
    answerPreview();
    server.use(
      http.get('/api/tenant-settings/invoice', () =>
        HttpResponse.json({ message: 'Settings unavailable' }, { status: 503 }),
      ),
    );
    renderWithProviders(<ConfirmBookingDialog booking={BOOKING} onClose={jest.fn()} />);
    expect(await screen.findByRole('radio', { name: 'None' })).toBeChecked();
    expect(screen.getByText(/deposit setting could not be read; choose the deposit/)).toBeVisible();
  });

  test('confirming sends the choices, closes with the booking’s code and the stored amounts, and shows no error', async () => {
    // As the server does: once the booking is confirmed, a preview of it is refused (409).
    let confirmed = false;
    const previews = captureRequests('post', `/api/bookings/${BOOKING.id}/confirm-preview`, () =>
      confirmed
        ? HttpResponse.json(
            { message: 'Booking is already confirmed' },
            { status: 409, statusText: 'Conflict' },
          )
        : HttpResponse.json({
            priceCents: 110_000,
            terms: { taxType: 'inclusive', rateBp: 1000 },
            figures: {},
          }),
    );
    answerVenueDeposit(50);
    const puts = captureRequests('put', `/api/bookings/${BOOKING.id}/status`, () => {
      confirmed = true;
      return {
        booking: {
          ...BOOKING,
          status: 'confirmed',
          // Deliberately not the preview's figures: the message must say what the server stored.
          money: {
            taxType: 'exclusive',
            taxRateBp: 1000,
            netCents: 110_000,
            gstCents: 11_000,
            totalCents: 121_000,
            depositCents: 30_300,
            finalDueCents: 90_700,
          },
        },
      };
    });
    const onDone = jest.fn();
    const { user } = renderWithProviders(<Host onDone={onDone} />);
    await screen.findByRole('table', { name: 'Amounts preview' });
    await user.click(screen.getByRole('radio', { name: 'GST exclusive' }));
    await user.clear(screen.getByRole('textbox', { name: 'Deposit percentage' }));
    await user.type(screen.getByRole('textbox', { name: 'Deposit percentage' }), '25');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    const toast = (await screen.findByText('Booking Confirmed!')).closest('[role="alert"]');
    expect(toast).toHaveTextContent('BK-0007 — Ada Lovelace. Deposit $303.00, balance due $907.00.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Booking' })).toBeNull());
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ id: BOOKING.id, status: 'confirmed' }));
    expect(onlyBody(puts)).toEqual({
      status: 'confirmed',
      payment_details: { tax_type: 'exclusive', deposit_type: 'Percentage', deposit_value: 25 },
    });
    // Give any refetch the write set off time to land: none may turn success into an error.
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByText(/could not be computed/)).toBeNull();
    expect(screen.queryByText(/already confirmed/)).toBeNull();
    expect(screen.queryByText('Error Confirming Booking')).toBeNull();
    expect(previews).toHaveLength(1);
  });

  test('a refused confirmation shows the server’s words and keeps the choices', async () => {
    answerPreview();
    answerVenueDeposit(0);
    server.use(
      http.put(`/api/bookings/${BOOKING.id}/status`, () =>
        HttpResponse.json(
          { message: 'Booking is already cancelled' },
          { status: 409, statusText: 'Conflict' },
        ),
      ),
    );
    const { user } = renderWithProviders(<ConfirmBookingDialog booking={BOOKING} onClose={jest.fn()} />);
    await screen.findByRole('table', { name: 'Amounts preview' });
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    // Spec 02 §8: "Failed to {action}: {status} {statusText} - {server message}".
    const text = 'Failed to confirm booking: 409 Conflict - Booking is already cancelled';
    const dialog = screen.getByRole('dialog', { name: 'Confirm Booking' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    // …and the toast of spec 02 §8.
    expect(screen.getByText('Error Confirming Booking').closest('[role="alert"]')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
    expect(screen.getByRole('table', { name: 'Amounts preview' })).toBeVisible();
  });

  test('a refusal naming the deposit shows its words under the deposit, focused', async () => {
    answerPreview();
    answerVenueDeposit(50);
    server.use(
      http.put(`/api/bookings/${BOOKING.id}/status`, () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            errors: [{ path: ['payment_details', 'deposit_value'], message: 'Deposit is too large.' }],
          },
          { status: 400, statusText: 'Bad Request' },
        ),
      ),
    );
    const { user } = renderWithProviders(<ConfirmBookingDialog booking={BOOKING} onClose={jest.fn()} />);
    await screen.findByRole('table', { name: 'Amounts preview' });
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    const field = screen.getByRole('textbox', { name: 'Deposit percentage' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Deposit is too large\./));
    expect(field).toHaveFocus();
    expect(screen.getByText('Error Confirming Booking')).toBeInTheDocument();
  });
});
