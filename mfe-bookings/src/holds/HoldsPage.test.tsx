import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import type { Booking } from '../api/types.ts';
import { HoldsPage } from './HoldsPage.tsx';

const HALL = { id: 'res-main', name: 'Main Hall', type: 'hall', capacity: 200, status: 'active' };

const row = (id: string, customerName: string, bookingSource: Booking['bookingSource']) =>
  ({
    id,
    bookingCode: `HH-2026-01${id}`,
    customerName,
    customerEmail: `${id}@example.com`,
    customerPhone: '',
    eventType: 'Birthday',
    resourceId: HALL.id,
    resourceName: HALL.name,
    bookingDate: '2026-12-12',
    startTime: '18:00',
    endTime: '22:00',
    status: 'pending',
    bookingSource,
    calculatedPriceCents: 80_000,
    balanceDueCents: 80_000,
    payment_details: null,
    holdExpiresAt: null,
    createdAt: '2026-01-01T00:00:00Z',
  }) as Booking;

describe('Booking Requests: where each request came from (issue 25)', () => {
  test('a request from the booking page reads Website in the list and in its panel, with its answers', async () => {
    server.use(http.get('/api/resources', () => HttpResponse.json([HALL])));
    const lists = captureRequests('get', '/api/bookings', {
      items: [
        {
          ...row('1', 'Wendy Web', 'website'),
          onlineRequest: {
            answers: [{ questionId: 'alcohol', label: 'Will alcohol be served?', answer: 'Yes, BYO' }],
            agreementVersion: 2,
            acceptedAt: '2026-11-28T21:55:00.000Z',
            clientAddress: '203.0.113.7',
          },
        },
        { ...row('2', 'Sam Staff', 'admin'), onlineRequest: null },
      ],
      total: 2,
      page: 1,
      limit: 25,
      totalPages: 1,
    });
    const { user } = renderWithProviders(<HoldsPage />);
    const table = await screen.findByRole('table', { name: 'Booking requests' });
    expect(screen.getByRole('columnheader', { name: /^Source/ })).toBeVisible();
    const wendy = within(table).getByText('Wendy Web').closest('tr')!;
    expect(within(wendy).getByText('Website')).toBeVisible();
    expect(within(within(table).getByText('Sam Staff').closest('tr')!).getByText('Admin')).toBeVisible();
    expect(lists[0]!.url.searchParams.get('status')).toBe('pending,tentative');

    await user.click(within(wendy).getByText('Wendy Web'));
    const panel = await screen.findByTestId('request-panel');
    expect(within(panel).getByText('Website')).toBeVisible();
    // What the customer answered on the booking page, and the agreement they accepted.
    const sent = within(panel).getByRole('region', { name: 'Sent from the booking page' });
    expect(
      within(sent).getByRole('rowheader', { name: 'Will alcohol be served?' }).closest('tr'),
    ).toHaveTextContent('Yes, BYO');
    expect(sent).toHaveTextContent('Hire agreement version 2 accepted');
  });
});
