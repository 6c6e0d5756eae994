import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { QUOTATION_MESSAGES as M, type Quotation, type QuotationSummary } from '@venue/contracts/money-api';

import { QuotationsPage } from './QuotationsPage.tsx';

const SENT: Quotation = {
  id: '5a000000-0000-4000-8000-000000000001',
  number: 'QUO-2026-00012',
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
  bookingCode: null,
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
const SUMMARY: QuotationSummary = {
  counts: { Draft: 0, Sent: 1, Accepted: 0, Declined: 0, Expired: 0 },
  total: 1,
  acceptanceRate: 0,
  totalValueCents: 550_000,
  resources: ['Main Hall'],
};

/** The service's page and summary over `rows` (the page as asked: its size and number). */
function answerList(rows: Quotation[] = [SENT], summary: QuotationSummary = SUMMARY) {
  const pages = captureRequests('get', '/api/quotations', ({ url }) => {
    const limit = Number(url.searchParams.get('limit'));
    const page = Number(url.searchParams.get('page'));
    return {
      items: rows.slice((page - 1) * limit, page * limit),
      total: rows.length,
      totalIsEstimate: false,
      page,
      limit,
      totalPages: Math.max(1, Math.ceil(rows.length / limit)),
      hasMore: rows.length > page * limit,
      nextCursor: null,
    };
  });
  captureRequests('get', '/api/quotations/summary', summary);
  return pages;
}

describe('Quotations page', () => {
  test('empty: says so and offers to create one', async () => {
    answerList([], { ...SUMMARY, total: 0, resources: [] });
    renderWithProviders(<QuotationsPage />);
    expect(await screen.findByText(M.empty)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create Quotation' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bulk Send' })).toBeDisabled();
  });

  test('accepting into a taken slot keeps it Sent and names the booking in the way', async () => {
    answerList();
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

  test('accepting names the booking it made, by its code, with the way to it (issue 24 item 9)', async () => {
    answerList();
    const puts = captureRequests('put', `/api/quotations/${SENT.id}/status`, {
      ...SENT,
      status: 'Accepted',
      bookingId: '8d000000-0000-4000-8000-000000000004',
      bookingCode: 'HH-2026-0042',
    });
    const { user, navigate } = renderWithProviders(<QuotationsPage />);
    await user.click(await screen.findByText('Jane Smith'));
    await user.click(await screen.findByRole('button', { name: 'Accept & Create Booking' }));
    const banner = await screen.findByTestId('accepted-booking');
    expect(banner).toHaveTextContent(
      'QUO-2026-00012 accepted: booking HH-2026-0042 is confirmed for Jane Smith.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(puts[0]!.body).toEqual({ status: 'Accepted' });
    await user.click(within(banner).getByRole('link', { name: 'HH-2026-0042' }));
    expect(navigate).toHaveBeenCalledWith('/BookingsAll?q=HH-2026-0042');
  });

  test('quotations are called by their numbers (a draft: "Draft"), never by a piece of their id (issue 24 item 2)', async () => {
    const draft: Quotation = {
      ...SENT,
      id: '9e000000-0000-4000-8000-000000000009',
      number: null,
      status: 'Draft',
      customerName: 'Dee Raft',
      sentAt: null,
    };
    answerList([SENT, draft]);
    const { user } = renderWithProviders(<QuotationsPage />);
    const table = await screen.findByRole('table', { name: 'Quotations' });
    await within(table).findByText('Jane Smith');
    const firstCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(firstCells).toEqual(['QUO-2026-00012', 'Draft']);
    expect(table.textContent).not.toContain('5a000000');
    expect(screen.getByRole('button', { name: 'Number' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Number' })).toHaveAttribute('aria-sort', 'none');
    // a sent quotation keeps its number: it is declined, not deleted
    await user.click(screen.getByRole('button', { name: 'Actions for QUO-2026-00012 of Jane Smith' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeDisabled();
    await user.click(screen.getByText('Jane Smith'));
    expect(await screen.findByRole('dialog', { name: 'Quotation QUO-2026-00012' })).toBeVisible();
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
    answerList();
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
    const pages = answerList();
    await user.type(await screen.findByRole('textbox', { name: /Search/ }), 'jane');
    // the search reaches the list's server page too
    await waitFor(() => expect(pages.at(-1)!.url.searchParams.get('search')).toBe('jane'));
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

  test('pages by the server: figures from the summary, page 2 asked for with the sort', async () => {
    const many = Array.from({ length: 30 }, (_, n) => ({
      ...SENT,
      id: `5a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      customerName: `Customer ${n}`,
    }));
    const pages = answerList(many, { ...SUMMARY, total: 30, totalValueCents: 30 * 550_000 });
    const { user } = renderWithProviders(<QuotationsPage />);
    expect(await screen.findByText('Customer 0')).toBeVisible();
    expect(screen.getByText('Customer 24')).toBeVisible();
    expect(screen.queryByText('Customer 25')).toBeNull();
    expect(screen.getByText('$165,000.00 AUD')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(pages.at(-1)!.url.searchParams.get('sort')).toBe('amount'));
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Customer 25')).toBeVisible();
    const q = pages.at(-1)!.url.searchParams;
    expect([q.get('page'), q.get('sort'), q.get('order')]).toEqual(['2', 'amount', 'asc']);
  });
});
