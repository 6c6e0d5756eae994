import { test, expect } from '@playwright/test';
import { SUPER_ADMIN_MENU, apiToken, menuEntries, sideMenu, signIn } from './helpers.ts';

// Issue 24 item 15: the super admin has no venue, so the pages of one venue's records could only
// ever be empty for it (Calendar, Bookings, Invoices with New buttons and no halls).
const ADMIN = 'admin@demo.local';

test.use({ viewport: { width: 1400, height: 900 } });

test('the super admin is shown only the platform pages, and a venue page by its address says why', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  expect(await menuEntries(page)).toEqual([...SUPER_ADMIN_MENU]);
  const nav = sideMenu(page);
  for (const name of ['Calendar', 'Bookings', 'Invoices & Payments', 'Deposits', 'Quotations', 'Customers'])
    await expect(nav.getByText(name, { exact: true })).toHaveCount(0);

  for (const [path, heading] of [
    ['/Calendar', 'Calendar'],
    ['/BookingsAll', 'Bookings — All'],
    ['/Invoices', 'Invoices & Payments'],
    ['/Resources', 'Resources'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByText('As super admin you have no venue of your own')).toBeVisible();
    // nothing of the page itself: no empty list, and no New button that could only fail
    await expect(page.getByRole('button', { name: /^New/ })).toHaveCount(0);
    await expect(page.getByTestId('remote-bookings')).toHaveCount(0);
  }

  // The platform pages stay: Users, and every venue's e-mail history.
  await page.goto('/Users');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await page.goto('/CommsMessages');
  await expect(page.getByText('As super admin you have no venue of your own')).toHaveCount(0);
});

test('the services already answer the super admin empty or refuse its writes', async ({ request }) => {
  const { token } = await apiToken(request, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  // Its own tenant has no bookings and no halls…
  const list = await request.get('/api/bookings?withTotal=1', { headers });
  expect(list.status()).toBe(200);
  expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
  const halls = await request.get('/api/resources', { headers });
  expect(halls.status()).toBe(200);
  expect(await halls.json()).toEqual([]);
  // …a hall cannot be made for it (owners manage resources)…
  const hall = await request.post('/api/resources', {
    headers,
    data: { name: 'Nobody’s Hall', type: 'hall', capacity: 10 },
  });
  expect(hall.status()).toBe(403);
  // …so a booking has nowhere to be.
  const booking = await request.post('/api/bookings/admin', {
    headers,
    data: {
      customerName: 'Nobody',
      customerEmail: 'nobody@example.com',
      customerPhone: '+61 412 345 678',
      eventType: 'Meeting',
      selectedHall: '00000000-0000-4000-8000-000000000000',
      resourceId: '00000000-0000-4000-8000-000000000000',
      bookingDate: '2031-01-10',
      startTime: '10:00',
      endTime: '11:00',
      status: 'pending',
    },
  });
  expect(booking.status(), await booking.text()).toBeGreaterThanOrEqual(400);
  expect(booking.status()).toBeLessThan(500);
});
