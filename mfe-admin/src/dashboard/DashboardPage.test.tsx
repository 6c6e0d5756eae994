import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type {
  DashboardActivity,
  DashboardAlerts,
  DashboardHolds,
  DashboardPaymentsDue,
  DashboardSchedule,
  DashboardStats,
  Kpi,
} from '@venue/contracts/insights';
import { captureRequests, onlyBody, renderWithProviders, server } from '@venue/ui/testing';
import { DashboardPage } from './DashboardPage.tsx';

const OWNER = '00000000-0000-4000-8000-000000000001';
const R1 = '1a000000-0000-4000-8000-000000000001';

const k = (key: Kpi['key'], title: string, unit: Kpi['unit'], value: number, previous: number): Kpi => ({
  key,
  title,
  unit,
  value,
  previous,
  delta: value - previous,
  deltaType: value > previous ? 'increase' : value < previous ? 'decrease' : 'neutral',
  sparkline: [previous, value],
  sparklineLabels: ['Before', 'Now'],
  note: `${title} explained`,
});

const stats: DashboardStats = {
  date: '2026-11-18',
  timezone: 'Australia/Sydney',
  generatedAt: '2026-11-18T12:00:00.000+11:00',
  kpis: [
    k('occupancyToday', 'Occupancy Today', 'percent', 27.8, 50),
    k('bookingsThisWeek', 'Bookings (This Week)', 'count', 5, 2),
    k('holdsExpiring', 'Holds Expiring', 'count', 2, 1),
    k('paymentsDue', 'Payments Due', 'cents', 110000, 70000),
    k('cancellations30d', 'Cancellations (30d)', 'count', 1, 1),
    k('revenueMtd', 'Revenue (MTD)', 'cents', 55000, 30000),
  ],
};

const schedule: DashboardSchedule = {
  date: '2026-11-18',
  schedule: [
    {
      time: '10:00',
      endTime: '14:00',
      startsAt: '2026-11-18T10:00:00.000+11:00',
      endsAt: '2026-11-18T14:00:00.000+11:00',
      title: 'Wedding - Jane Smith',
      resource: 'Main Hall',
      resourceId: R1,
      status: 'confirmed',
      bookingId: 'b1',
      bookingCode: 'BK-0001',
      customer: 'Jane Smith',
      blockoutId: null,
    },
  ],
};

const payments: DashboardPaymentsDue = {
  date: '2026-11-18',
  horizonDays: 7,
  paymentLinks: false,
  payments: [
    {
      invoice: 'INV-2026-00001',
      invoiceId: 'inv-1',
      customer: 'Jane Smith',
      customerEmail: 'jane@example.com',
      type: 'DEPOSIT',
      amountCents: 50000,
      amountAud: 500,
      dueDate: '2026-11-10',
      status: 'Overdue',
      daysOverdue: 8,
      bookingId: 'b1',
      bookingCode: 'BK-0001',
    },
  ],
};

const holds: DashboardHolds = {
  holds: [
    {
      booking: 'BK-0006',
      bookingId: 'b6',
      resource: 'Garden',
      resourceId: R1,
      start: '2026-11-20T10:00:00.000+11:00',
      // Counted on the viewer's clock: an hour (and a little) from now.
      expiresAt: new Date(Date.now() + 60 * 60_000 + 30_000).toISOString(),
      minutesLeft: 60,
      expiresIn: '1h',
      badge: 'destructive',
      customer: 'Sam Lee',
    },
    {
      booking: 'BK-0002',
      bookingId: 'b2',
      resource: 'Garden',
      resourceId: R1,
      start: '2026-11-18T16:00:00.000+11:00',
      expiresAt: new Date(Date.now() + 600 * 60_000 + 30_000).toISOString(),
      minutesLeft: 600,
      expiresIn: '10h',
      badge: 'warning',
      customer: 'Jane Smith',
    },
  ],
};

const activity: DashboardActivity = {
  activities: [
    {
      id: 'e1',
      at: '2026-11-18T11:30:00.000+11:00',
      actor: 'owner@demo.local',
      text: 'Booking confirmed: BK-0001',
      action: 'booking_confirmed',
      targetType: 'booking',
    },
  ],
};

const alertList: DashboardAlerts = {
  alerts: [
    {
      key: 'doc:b9',
      type: 'doc',
      text: 'BK-0009 for Jane Smith on Sat 21 Nov 10:00: ID not verified.',
      at: '2026-11-21T10:00:00.000+11:00',
      bookingId: 'b9',
      invoiceId: null,
    },
  ],
};

function answerAll(over: Partial<Record<string, unknown>> = {}) {
  const answers: Record<string, unknown> = {
    stats,
    schedule,
    'payments-due': payments,
    'holds-expiring': holds,
    activity,
    resources: { resources: [{ id: R1, name: 'Main Hall' }] },
    alerts: alertList,
    ...over,
  };
  const seen: Record<string, URL[]> = {};
  for (const [name, body] of Object.entries(answers)) {
    seen[name] = [];
    server.use(
      http.get(`/api/dashboard/${name}`, ({ request }) => {
        seen[name]!.push(new URL(request.url));
        return body instanceof Response ? body : HttpResponse.json(body as object);
      }),
    );
  }
  return seen;
}

describe('Dashboard', () => {
  test('loading, then the server’s figures: banner tiles, KPIs with delta and sparkline, every list', async () => {
    const seen = answerAll();
    renderWithProviders(<DashboardPage />, {
      session: {
        hallName: 'Harbourside Hall',
        profile: {
          role: 'hall_owner',
          permissions: [],
          parentUserId: null,
          name: 'Olivia Owner',
          profilePicture: null,
          hallName: 'Harbourside Hall',
        },
      },
    });
    expect(screen.getByText('Loading dashboard data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText("Today's status across bookings, availability, and payments."),
    ).toBeInTheDocument();

    const banner = screen.getByTestId('welcome-banner');
    expect(banner).toHaveTextContent('Welcome back, Olivia Owner!');
    expect(banner).toHaveTextContent('Hall Owner');
    expect(banner).toHaveTextContent('Harbourside Hall');
    expect(screen.getByTestId('tile-bookings-week')).toHaveTextContent('5');
    expect(screen.getByTestId('tile-revenue-mtd')).toHaveTextContent('$550.00');

    const occupancy = screen.getByTestId('kpi-occupancyToday');
    expect(within(occupancy).getByTestId('kpi-value')).toHaveTextContent('27.8%');
    expect(within(occupancy).getByText('−22.2 pts')).toBeInTheDocument();
    expect(within(occupancy).getByRole('img')).toHaveAccessibleName('Before: 50.0%; Now: 27.8%');
    expect(within(occupancy).getByRole('button', { name: /About Occupancy Today/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('kpi-paymentsDue')).getByTestId('kpi-value')).toHaveTextContent(
      '$1,100.00',
    );
    expect(within(screen.getByTestId('kpi-paymentsDue')).getByText('+$400.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('kpi-cancellations30d')).getByText('No change')).toBeInTheDocument();

    const sched = screen.getByRole('region', { name: "Today's Schedule" });
    expect(sched).toHaveTextContent('Wedding - Jane Smith');
    expect(within(sched).getByText('Confirmed')).toBeInTheDocument();

    const pay = screen.getByRole('region', { name: 'Payments Due' });
    expect(within(pay).getByRole('link', { name: 'INV-2026-00001' })).toHaveAttribute(
      'href',
      '/invoices#inv-1',
    );
    expect(within(pay).getByText('Overdue 8d')).toBeInTheDocument();
    // No payment-link call exists yet, so the action is not offered.
    expect(within(pay).queryByRole('button', { name: /payment link/i })).toBeNull();

    const holdRows = within(screen.getByTestId('holds')).getAllByRole('row').slice(1);
    expect(holdRows.map((r) => r.getAttribute('data-booking-code'))).toEqual(['BK-0006', 'BK-0002']);
    expect(within(holdRows[0]!).getByText('1h').closest('[data-badge]')).toHaveAttribute(
      'data-badge',
      'destructive',
    );
    expect(within(holdRows[1]!).getByText('10h').closest('[data-badge]')).toHaveAttribute(
      'data-badge',
      'warning',
    );

    expect(screen.getByRole('region', { name: 'Recent Activity' })).toHaveTextContent(
      'Booking confirmed: BK-0001',
    );
    // Every call names the tenant; the schedule asks for the default toggle.
    expect(seen.stats![0]!.searchParams.get('hallOwnerId')).toBe(OWNER);
    expect(seen.schedule![0]!.searchParams.get('status')).toBe('confirmed');
  });

  test('actions go where the spec says', async () => {
    answerAll();
    const { user, navigate } = renderWithProviders(<DashboardPage />);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const pay = screen.getByRole('region', { name: 'Payments Due' });
    await user.click(within(pay).getByRole('button', { name: 'Record bank payment' }));
    expect(navigate).toHaveBeenLastCalledWith('/invoices#inv-1');
    const share = within(pay).getByRole('button', { name: 'Share by e-mail' });
    // issue 24 item 14: the invoice goes along, so Send Email attaches its PDF, and says so
    expect(share).toHaveAccessibleDescription(
      'Opens Send Email with invoice INV-2026-00001 attached as a PDF',
    );
    await user.click(share);
    expect(navigate).toHaveBeenLastCalledWith(
      '/comms-send-email?toName=Jane+Smith&invoice=INV-2026-00001&amount=500.00&bookingId=b1&invoiceId=inv-1',
    );
    await user.click(screen.getByRole('button', { name: 'View hold BK-0002' }));
    expect(navigate).toHaveBeenLastCalledWith('/BookingsHolds');
    await user.click(screen.getByRole('link', { name: 'View audit log' }));
    expect(navigate).toHaveBeenLastCalledWith('/Audit');
  });

  test('Send payment link e-mails the pay-link template for the row’s booking, once per click', async () => {
    answerAll({ 'payments-due': { ...payments, paymentLinks: true } });
    const posts = captureRequests('post', '/api/email-comms/send', { message: 'Email queued for sending.' });
    const { user } = renderWithProviders(<DashboardPage />);
    const pay = within(await screen.findByRole('region', { name: 'Payments Due' }));
    await user.click(pay.getByRole('button', { name: 'Send payment link for INV-2026-00001' }));
    expect(await screen.findByText(/Payment Link Sent/)).toBeInTheDocument();
    expect(onlyBody(posts)).toEqual({
      purpose: 'payment_link',
      bookingId: 'b1',
      recipientEmail: 'jane@example.com',
      recipientName: 'Jane Smith',
    });
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  test('Payments Due asks the server a page at a time; Show more sends the cursor it gave', async () => {
    const second = {
      ...payments.payments[0]!,
      invoice: 'INV-2026-00002',
      invoiceId: 'inv-2',
      dueDate: '2026-11-19',
      status: 'Due Soon' as const,
      daysOverdue: 0,
    };
    const seen = answerAll({
      'payments-due': new Response(null), // replaced below: two pages by cursor
    });
    server.use(
      http.get('/api/dashboard/payments-due', ({ request }) => {
        const url = new URL(request.url);
        seen['payments-due']!.push(url);
        return HttpResponse.json(
          url.searchParams.get('cursor') === 'c1'
            ? { ...payments, payments: [second], nextCursor: null }
            : { ...payments, nextCursor: 'c1' },
        );
      }),
    );
    const { user } = renderWithProviders(<DashboardPage />);
    const pay = within(await screen.findByRole('region', { name: 'Payments Due' }));
    expect(pay.getByText('INV-2026-00001')).toBeInTheDocument();
    expect(pay.queryByText('INV-2026-00002')).toBeNull();
    expect(seen['payments-due']!.at(-1)!.searchParams.get('limit')).toBe('10');
    await user.click(pay.getByRole('button', { name: 'Show more' }));
    expect(await pay.findByText('INV-2026-00002')).toBeInTheDocument();
    expect(pay.getByText('INV-2026-00001')).toBeInTheDocument();
    expect(seen['payments-due']!.at(-1)!.searchParams.get('cursor')).toBe('c1');
    expect(pay.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  test('staff without Invoices & Payments or Comms are not offered those pages', async () => {
    answerAll();
    renderWithProviders(<DashboardPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['dashboard'] } },
    });
    const pay = within(await screen.findByRole('region', { name: 'Payments Due' }));
    expect(pay.getByText('INV-2026-00001')).toBeInTheDocument();
    expect(pay.queryByRole('link', { name: 'INV-2026-00001' })).toBeNull();
    expect(pay.queryByRole('button', { name: 'Record bank payment' })).toBeNull();
    expect(pay.queryByRole('button', { name: 'Share by e-mail' })).toBeNull();
  });

  test('the toggles and the resource filter ask again; Reset filters goes back to confirmed, all, today', async () => {
    const seen = answerAll();
    const { user } = renderWithProviders(<DashboardPage />);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await user.click(screen.getByRole('checkbox', { name: 'Block-out' }));
    await waitFor(() =>
      expect(seen.schedule!.at(-1)!.searchParams.get('status')).toBe('confirmed,block-out'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: 'Main Hall' }));
    await waitFor(() => expect(seen.stats!.at(-1)!.searchParams.get('resourceId')).toBe(R1));
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => {
      const last = seen.schedule!.at(-1)!;
      expect(last.searchParams.get('status')).toBe('confirmed');
      expect(last.searchParams.get('resourceId')).toBeNull();
    });
  });

  test('Resolve posts once with an Idempotency-Key and the list is read again', async () => {
    answerAll();
    const posts = captureRequests('post', '/api/dashboard/alerts/:key/resolve', {
      key: 'doc:b9',
      action: 'resolved',
      at: '2026-11-18T12:00:00.000+11:00',
    });
    const { user } = renderWithProviders(<DashboardPage />);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.getByTestId('alerts')).toHaveTextContent('ID not verified');
    server.use(http.get('/api/dashboard/alerts', () => HttpResponse.json({ alerts: [] })));
    await user.click(screen.getByRole('button', { name: /^Resolve:/ }));
    expect(await screen.findByText('No active alerts.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url.pathname).toBe('/api/dashboard/alerts/doc%3Ab9/resolve');
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  test('empty lists say so', async () => {
    answerAll({
      schedule: { date: '2026-11-18', schedule: [] },
      'payments-due': { ...payments, payments: [] },
      'holds-expiring': { holds: [] },
      alerts: { alerts: [] },
    });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('No activity scheduled today.')).toBeInTheDocument();
    expect(screen.getByText('No payments due.')).toBeInTheDocument();
    expect(screen.getByText('No holds are expiring soon.')).toBeInTheDocument();
    expect(screen.getByText('No active alerts.')).toBeInTheDocument();
  });

  test('a failure shows the spec’s error state and no figures; Try Again asks again', async () => {
    answerAll({ stats: HttpResponse.json({ message: 'Database is down' }, { status: 500 }) });
    const { user } = renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dashboard stats: 500/)).toBeInTheDocument();
    expect(screen.queryByTestId('kpi-occupancyToday')).toBeNull();
    server.use(http.get('/api/dashboard/stats', () => HttpResponse.json(stats)));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('kpi-occupancyToday')).toBeInTheDocument();
  });

  test('an authentication failure says Authentication Required with Go to Login', async () => {
    answerAll({ stats: HttpResponse.json({ message: 'Authentication required' }, { status: 401 }) });
    const { user, navigate } = renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
