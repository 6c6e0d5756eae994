import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { QUOTATION_MESSAGES as M, type Quotation, type QuotationList } from '@venue/contracts/money-api';

import { QuotationsPage } from './QuotationsPage.tsx';

const SENT: Quotation = {
  id: '5a000000-0000-4000-8000-000000000001',
  hallOwnerId: '1a000000-0000-4000-8000-000000000001',
  customerName: 'Jane Smith',
  customerEmail: 'jane@example.com',
  customerPhone: '0412 345 678',
  eventType: 'Wedding',
  resource: 'hall',
  resourceName: 'Main Hall',
  eventDate: '2026-12-12',
  startTime: '18:00',
  endTime: '23:00',
  guestCount: 120,
  totalAmount: 5500,
  totalCents: 550_000,
  totalInclGst: 5500,
  gstCents: 50_000,
  taxType: 'Inclusive',
  taxRate: 10,
  depositType: 'Percentage',
  depositValue: 20,
  depositAmount: 1100,
  depositCents: 110_000,
  finalAmount: 4400,
  validUntil: '2026-12-01',
  notes: '',
  status: 'Sent',
  bookingId: null,
  acceptedAt: null,
  sentAt: '2026-11-20T00:00:00.000Z',
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  payment_details: {
    total_amount: 5500,
    deposit_amount: 1100,
    deposit_type: 'Percentage',
    final_due: 4400,
    deposit_paid: false,
  },
};
const LIST: QuotationList = {
  quotations: [SENT],
  counts: { Draft: 0, Sent: 1, Accepted: 0, Declined: 0, Expired: 0 },
  acceptanceRate: 0,
  totalValueCents: 550_000,
};

describe('Quotations page', () => {
  test('empty: says so and offers to create one', async () => {
    captureRequests('get', '/api/quotations/my-quotations', { ...LIST, quotations: [], counts: LIST.counts });
    renderWithProviders(<QuotationsPage />);
    expect(await screen.findByText(M.empty)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create Quotation' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bulk Send' })).toBeDisabled();
  });

  test('accepting into a taken slot keeps it Sent and names the booking in the way', async () => {
    captureRequests('get', '/api/quotations/my-quotations', LIST);
    captureRequests('put', `/api/quotations/${SENT.id}/status`, () =>
      HttpResponse.json(
        {
          message: M.slotTaken,
          conflict: { bookingId: 'b', bookingCode: 'HH-2026-0007', customerName: 'Other Party' },
        },
        { status: 409 },
      ),
    );
    const { user } = renderWithProviders(<QuotationsPage />);
    await user.click(await screen.findByText('Jane Smith'));
    await user.click(await screen.findByRole('button', { name: 'Accept & Create Booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(M.acceptFailed);
    expect(alert).toHaveTextContent('HH-2026-0007');
  });

  test('accepting: the spec’s success banner', async () => {
    captureRequests('get', '/api/quotations/my-quotations', LIST);
    const puts = captureRequests('put', `/api/quotations/${SENT.id}/status`, { ...SENT, status: 'Accepted' });
    const { user } = renderWithProviders(<QuotationsPage />);
    await user.click(await screen.findByText('Jane Smith'));
    await user.click(await screen.findByRole('button', { name: 'Accept & Create Booking' }));
    expect(await screen.findByText(M.accepted)).toBeVisible();
    expect(puts[0]!.body).toEqual({ status: 'Accepted' });
  });

  test('Export CSV asks the service for the searched list in the screen’s sort and saves its dated file', async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    captureRequests('get', '/api/quotations/my-quotations', LIST);
    const asked = captureRequests(
      'get',
      '/api/quotations/export.csv',
      () =>
        new HttpResponse('\ufeff"Quotation ID"\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="quotations-2026-11-24.csv"',
          },
        }),
    );
    const { user } = renderWithProviders(<QuotationsPage />);
    await user.type(await screen.findByRole('textbox', { name: /Search/ }), 'jane');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['quotations-2026-11-24.csv']));
    const q = asked[0]!.url.searchParams;
    expect(q.get('search')).toBe('jane');
    expect(q.get('sort')).toBe('created');
    expect(q.get('order')).toBe('desc');
    expect(q.get('status')).toBeNull();
    expect(asked[0]!.headers.get('authorization')).toBe('Bearer test-token');
    click.mockRestore();
  });
});
