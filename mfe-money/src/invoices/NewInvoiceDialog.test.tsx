import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { INVOICE_SETTINGS_DEFAULTS } from '@venue/contracts';
import type { InvoiceableBooking } from '@venue/contracts/money-api/screens';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { NewInvoiceDialog } from './NewInvoiceDialog.tsx';

/** yyyy-MM-dd, `days` after the venue's today (Sydney, the test tenant's zone), by calendar days. */
function venueDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const shown = (day: string) => day.split('-').reverse().join('/');

const booking = (eventInDays: number): InvoiceableBooking => ({
  id: '3c000000-0000-4000-8000-000000000001',
  bookingCode: 'HH-2026-0042',
  status: 'confirmed',
  customerName: 'Jane Smith',
  customerEmail: 'jane@example.com',
  eventType: 'Wedding',
  bookingDate: venueDay(eventInDays),
  startTime: '18:00',
  endTime: '23:00',
  resourceName: 'Main Hall',
  calculatedPriceCents: 50_000,
  money: {
    taxType: 'inclusive',
    taxRateBp: 1000,
    netCents: 45_455,
    gstCents: 4_545,
    totalCents: 50_000,
    depositCents: 25_000,
    finalDueCents: 25_000,
  },
});

async function open(b: InvoiceableBooking) {
  captureRequests('get', '/api/bookings', { items: [b], total: 1 });
  captureRequests('get', '/api/tenant-settings/invoice', {
    ...INVOICE_SETTINGS_DEFAULTS,
    defaultDueDays: 30,
  });
  const view = renderWithProviders(<NewInvoiceDialog onClose={jest.fn()} onCreated={jest.fn()} />);
  await waitFor(() =>
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement),
  );
  await view.user.click(await screen.findByRole('radio', { name: /HH-2026-0042/ }));
  return view;
}

describe('New invoice: what the server refuses is said beside its field (issue 24 items 6 and 13)', () => {
  test('an amount over what the booking has left is named on the Amount field, which gets the focus', async () => {
    const limit =
      'Amount is more than this booking has left to invoice: at most $250.00 (the booking’s total is $500.00).';
    captureRequests('post', '/api/invoices', () =>
      HttpResponse.json(
        { message: limit, limitCents: 25_000, errors: [{ path: 'amount', message: limit }] },
        { status: 409 },
      ),
    );
    const { user } = await open(booking(60));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '90000');
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(limit));
    await waitFor(() => expect(amount).toHaveFocus());
    // the message goes once the amount is changed
    await user.type(amount, '{Backspace}');
    expect(amount).not.toHaveAccessibleDescription(limit);
  });

  test('a deposit falls due by the deposit deadline before the event, as the server will decide', async () => {
    const { user } = await open(booking(20));
    const due = screen.getByRole('textbox', { name: 'Due Date' });
    // a final invoice: the payment terms, 30 days
    await waitFor(() => expect(due).toHaveValue(shown(venueDay(30))));
    await user.click(screen.getByText('Deposit'));
    // a deposit: 14 days before the event (20 days away), not 30 days from today
    await waitFor(() => expect(due).toHaveValue(shown(venueDay(6))));
  });

  test('Enter creates it with the typed dollars as integer cents and the schema’s parsed body', async () => {
    const posts = captureRequests('post', '/api/invoices', () =>
      HttpResponse.json(
        { id: '4d000000-0000-4000-8000-000000000001', invoiceNumber: null, customer: { name: 'Jane Smith' } },
        { status: 201 },
      ),
    );
    const { user } = await open(booking(60));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    // a final invoice starts at what the booking has left: $250.00
    expect(amount).toHaveValue('250.00');
    await user.clear(amount);
    await user.type(amount, '200.10');
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, '  Balance of the hire  {Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({
      bookingId: '3c000000-0000-4000-8000-000000000001',
      invoiceType: 'FINAL',
      amountCents: 20_010,
      description: 'Balance of the hire',
      dueDate: venueDay(30),
      issue: false,
    });
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
  });
});
