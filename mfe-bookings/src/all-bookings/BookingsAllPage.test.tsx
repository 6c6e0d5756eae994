import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server, type CapturedRequest } from '@venue/ui/testing';
import type { Booking } from '../api/types.ts';
import { RouteSearch } from '@venue/ui/remote-root';
import { BookingsAllPage } from './BookingsAllPage.tsx';

const HALL = { id: 'res-main', name: 'Main Hall', type: 'hall', capacity: 200, status: 'active' };

function booking(over: Partial<Booking> & Pick<Booking, 'id' | 'customerName' | 'status'>): Booking {
  return {
    bookingCode: `BK-${over.id}`,
    customerEmail: `${over.id}@example.com`,
    customerPhone: '+61 400 000 000',
    eventType: 'Wedding',
    resourceId: HALL.id,
    selectedHall: HALL.id,
    resourceName: HALL.name,
    bookingDate: '2031-03-14',
    startTime: '10:00',
    endTime: '14:00',
    bookingSource: 'admin',
    calculatedPriceCents: 110_000,
    calculatedPrice: 1100,
    balanceDueCents: 110_000,
    payment_details: null,
    createdAt: '2025-01-01T00:00:00Z',
    ...over,
  } as Booking;
}

const ROWS = [
  // A request sent from the venue's booking page (issue 25).
  booking({ id: '1', customerName: 'Zoe Pending', status: 'pending', bookingSource: 'website' }),
  booking({ id: '2', customerName: 'Adam Confirmed', status: 'confirmed' }),
  booking({ id: '3', customerName: 'Mia Confirmed', status: 'confirmed' }),
];

/**
 * A stand-in for GET /api/bookings that filters by status and sorts by customer as the service
 * does, so the table must show the server's rows in the server's order.
 */
function answerList(url: URL) {
  const statuses = url.searchParams.get('status')?.split(',').filter(Boolean) ?? [];
  const sources = url.searchParams.get('source')?.split(',').filter(Boolean) ?? [];
  const q = url.searchParams.get('q')?.toLowerCase() ?? '';
  let items = ROWS.filter(
    (b) =>
      (statuses.length === 0 || statuses.includes(b.status)) &&
      (sources.length === 0 || sources.includes(b.bookingSource)) &&
      (!q || b.bookingCode.toLowerCase().includes(q) || b.customerName.toLowerCase().includes(q)),
  );
  if (url.searchParams.get('sort') === 'customer') {
    items = [...items].sort((a, b) => a.customerName.localeCompare(b.customerName));
    if (url.searchParams.get('order') === 'desc') items.reverse();
  }
  return { items, total: items.length, page: 1, limit: 25, totalPages: 1 };
}

/** The page as the shell opens it, at `search` (the URL's query string, e.g. ?q=BK-2). */
function renderPage(search = '') {
  server.use(
    http.get('/api/resources', () => HttpResponse.json([HALL])),
    http.get('/api/bookings/stats', () =>
      HttpResponse.json({ todayCount: 2, pendingCount: 1, completedRevenueCents: 550_000, highRiskCount: 0 }),
    ),
  );
  const lists = captureRequests('get', '/api/bookings', (req) => answerList(req.url));
  return {
    lists,
    ...renderWithProviders(
      <RouteSearch.Provider value={search}>
        <BookingsAllPage />
      </RouteSearch.Provider>,
    ),
  };
}

/** Customer names of the table's rows, top to bottom. */
function customers(): string[] {
  const table = screen.getByRole('table', { name: 'Bookings' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ROWS.find((b) => within(row).queryByText(b.customerName))?.customerName ?? '?');
}

const last = (requests: CapturedRequest[]) => requests.at(-1)!.url.searchParams;

describe('Bookings — All', () => {
  test('first shows the newest start first, as the server sorted it', async () => {
    const { lists } = renderPage();
    await screen.findByRole('table', { name: 'Bookings' });
    expect(customers()).toEqual(['Zoe Pending', 'Adam Confirmed', 'Mia Confirmed']);
    expect(last(lists).get('sort')).toBe('start');
    expect(last(lists).get('order')).toBe('desc');
    expect(last(lists).get('status')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /^Start/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Total Revenue (Completed)').parentElement).toHaveTextContent('$5,500.00');
  });

  test('a status filter and a column sort are asked of the server, and its rows are shown', async () => {
    const { lists, user } = renderPage();
    await screen.findByRole('table', { name: 'Bookings' });

    await user.click(screen.getByRole('button', { name: 'Advanced Filters' }));
    // the filter panel opens with a transition: wait for the field rather than expect it at once
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Confirmed' }));
    await waitFor(() => expect(last(lists).get('status')).toBe('confirmed'));
    await waitFor(() => expect(customers()).toEqual(['Adam Confirmed', 'Mia Confirmed']));

    await user.click(screen.getByRole('button', { name: /^Customer/ }));
    await waitFor(() => expect(last(lists).get('sort')).toBe('customer'));
    expect(last(lists).get('order')).toBe('desc');
    expect(last(lists).get('status')).toBe('confirmed');
    // A new sort starts again at the first page.
    expect(last(lists).get('page')).toBe('1');
    await waitFor(() => expect(customers()).toEqual(['Mia Confirmed', 'Adam Confirmed']));
    expect(screen.getByRole('columnheader', { name: /^Customer/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByRole('button', { name: /^Customer/ }));
    await waitFor(() => expect(last(lists).get('order')).toBe('asc'));
    await waitFor(() => expect(customers()).toEqual(['Adam Confirmed', 'Mia Confirmed']));
    expect(screen.getByRole('columnheader', { name: /^Customer/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('the source shows on each row, and the Source filter asks the server for website requests only', async () => {
    const { lists, user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Bookings' });
    const zoe = within(table).getByText('Zoe Pending').closest('tr')!;
    expect(within(zoe).getByText('Website')).toBeVisible();
    const adam = within(table).getByText('Adam Confirmed').closest('tr')!;
    expect(within(adam).getByText('Admin')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Advanced Filters' }));
    await user.click(await screen.findByRole('combobox', { name: 'Booking source' }));
    await user.click(await screen.findByRole('option', { name: 'Website' }));
    await waitFor(() => expect(last(lists).get('source')).toBe('website'));
    await waitFor(() => expect(customers()).toEqual(['Zoe Pending']));
  });

  test('opened at ?q=<code> (a link from an e-mail or a quotation), it searches for that booking', async () => {
    const { lists } = renderPage('?q=BK-2');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('BK-2');
    await waitFor(() => expect(customers()).toEqual(['Adam Confirmed']));
    // The server was asked for the code from the first request on: no unfiltered list first.
    expect(lists.map((r) => r.url.searchParams.get('q'))).toEqual(lists.map(() => 'BK-2'));
  });

  test('opened at ?source=website, the Source filter is set and shown', async () => {
    const { lists } = renderPage('?source=website');
    await waitFor(() => expect(customers()).toEqual(['Zoe Pending']));
    expect(lists[0]!.url.searchParams.get('source')).toBe('website');
    expect(await screen.findByRole('combobox', { name: 'Booking source' })).toHaveValue('Website');
  });

  test('a filter the server finds nothing for says so', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Bookings' });
    await user.click(screen.getByRole('button', { name: 'Advanced Filters' }));
    // the filter panel opens with a transition: wait for the field rather than expect it at once
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    expect(await screen.findByText('No bookings found. Try adjusting your filters.')).toBeVisible();
  });

  test('a failed load shows the error with Try Again', async () => {
    server.use(
      http.get('/api/resources', () => HttpResponse.json([HALL])),
      http.get('/api/bookings/stats', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
      http.get('/api/bookings', () =>
        HttpResponse.json(
          { message: 'Bookings are unavailable right now' },
          { status: 503, statusText: 'Service Unavailable' },
        ),
      ),
    );
    renderWithProviders(<BookingsAllPage />);
    expect(
      await screen.findByText(
        'Failed to fetch bookings: 503 Service Unavailable - Bookings are unavailable right now',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});
