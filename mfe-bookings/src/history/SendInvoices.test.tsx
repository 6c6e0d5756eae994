import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { MONEY_MESSAGES } from '@venue/contracts/money-api';
import type { Booking } from '../api/types.ts';
import { InvoiceButton, SendInvoicesButton } from './SendInvoices.tsx';

const booking = (n: number) =>
  ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    bookingCode: `BK-000${n}`,
    customerName: `Customer ${n}`,
    customerEmail: `c${n}@example.com`,
    eventType: 'Wedding',
    bookingDate: '2026-10-03',
    status: 'completed',
    calculatedPriceCents: 110_000,
    money: { totalCents: 110_000 },
  }) as Booking;

const conflict = (status: string) =>
  HttpResponse.json(
    {
      message: MONEY_MESSAGES.finalExists,
      existingInvoice: {
        id: '00000000-0000-4000-8000-0000000000f1',
        invoiceNumber: null,
        status,
        total: 1100,
        totalCents: 110_000,
      },
    },
    { status: 409 },
  );

describe('Completed → Invoice and Send invoices', () => {
  test('Invoice issues one FINAL invoice for the booking and says whom it went to', async () => {
    const posts = captureRequests('post', '/api/invoices', () =>
      HttpResponse.json({ id: 'x' }, { status: 201 }),
    );
    const { user } = renderWithProviders(<InvoiceButton booking={booking(1)} />);
    await user.click(screen.getByRole('button', { name: 'Invoice booking BK-0001' }));
    expect(await screen.findByText('Invoice sent to Customer 1 (c1@example.com).')).toBeVisible();
    expect(posts[0]!.body).toMatchObject({ bookingId: booking(1).id, invoiceType: 'FINAL', issue: true });
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  test('a second attempt: a draft final invoice is sent, an issued one is reported as already sent', async () => {
    let answer = 'DRAFT';
    captureRequests('post', '/api/invoices', () => conflict(answer));
    const puts = captureRequests('put', '/api/invoices/00000000-0000-4000-8000-0000000000f1/status', {
      id: 'f1',
    });
    const { user } = renderWithProviders(
      <SendInvoicesButton selected={new Set()} rows={[booking(1), booking(2)]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Send invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Invoices' });
    expect(dialog).toHaveTextContent('2 bookings · $2,200.00 incl. GST · Sent 0');
    expect(within(dialog).getAllByText('Final')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Send invoice for BK-0001' }));
    expect(await within(dialog).findByText('Invoice sent to Customer 1 (c1@example.com).')).toBeVisible();
    expect(puts[0]!.body).toEqual({ status: 'SENT' });
    expect(within(dialog).getByRole('button', { name: 'Sent BK-0001' })).toBeDisabled();

    answer = 'SENT';
    await user.click(within(dialog).getByRole('button', { name: 'Send invoice for BK-0002' }));
    expect(await within(dialog).findByText('Invoice already sent for this booking.')).toBeVisible();
    expect(dialog).toHaveTextContent('Sent 2');
    expect(puts).toHaveLength(1);
  });

  test('other refusals are said as the server words them', async () => {
    captureRequests('post', '/api/invoices', () =>
      HttpResponse.json({ message: MONEY_MESSAGES.sellerDetailsMissing }, { status: 409 }),
    );
    const { user } = renderWithProviders(<InvoiceButton booking={booking(3)} />);
    await user.click(screen.getByRole('button', { name: 'Invoice booking BK-0003' }));
    expect(
      await screen.findByText(`Failed to send invoice: ${MONEY_MESSAGES.sellerDetailsMissing}`),
    ).toBeVisible();
  });

  test('hidden from staff who may not use Invoices', () => {
    renderWithProviders(<InvoiceButton booking={booking(1)} />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['bookings'] } },
    });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
