import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
  type Api,
  OWNER,
  createBooking,
  createResource,
  ownerApi,
  pick,
  signIn,
  venueDay,
} from './helpers.ts';

// The browser lives where the venue does, so "today" and wall-clock times agree with the server.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = Date.now().toString(36);
let api: Api;
let hall: { id: string; name: string };

test.beforeAll(async ({ request }) => {
  hall = await createResource(await ownerApi(request), `E2E Hall ${RUN}`);
});

// A request fixture lives for one test, so each test signs in for its own API calls.
test.beforeEach(async ({ request }) => {
  api = await ownerApi(request);
});

async function openResourceDay(page: Page, daysAhead: number) {
  await page.goto('/Calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await pick(page, 'Resource filter', hall.name);
  await page.getByRole('tab', { name: 'Resources' }).click();
  for (let i = 0; i < daysAhead; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('resource-view')).toBeVisible();
}

test('a booking is created from a calendar slot, and an overlapping one shows the conflict', async ({
  page,
}) => {
  await signIn(page, OWNER);
  await openResourceDay(page, 3);
  await page.getByRole('button', { name: new RegExp(`^New booking for ${hall.name} at 10:00 AM`) }).click();

  const form = page.getByRole('dialog', { name: 'New Booking' });
  // shown in the owner's DD/MM/YYYY (issue 11 item 10), sent as yyyy-MM-dd
  await expect(form.getByLabel('Booking date')).toHaveValue(venueDay(3).split('-').reverse().join('/'));
  await expect(form.getByLabel('Start time')).toHaveValue('10:00');
  await expect(form.getByLabel('End time')).toHaveValue('11:00');
  await form.getByLabel('Customer name').fill('Calendar Carla');
  await form.getByLabel('Customer email').fill(`carla-${RUN}@example.com`);
  await form.getByLabel('Customer phone').fill('+61 412 000 111');
  await pick(page, 'Event type', 'Birthday Party');
  await form.getByLabel('Guest count').fill('40');
  await form.getByRole('button', { name: 'Create Booking' }).click();
  await expect(form.getByText(/Booking created successfully!/)).toBeVisible();
  await expect(form).toBeHidden({ timeout: 5000 });
  // the new booking is on the calendar, from the server
  await expect(page.getByTestId('resource-view').getByText(/Calendar Carla — Birthday Party/)).toBeVisible();

  // a second booking overlapping 10:00–11:00 gets the live conflict warning
  await page.getByRole('button', { name: new RegExp(`^New booking for ${hall.name} at 9:00 AM`) }).click();
  const second = page.getByRole('dialog', { name: 'New Booking' });
  await second.getByLabel('End time').fill('10:30');
  const conflicts = second.getByTestId('conflict-list');
  await expect(conflicts).toContainText('Calendar Carla');
  await expect(conflicts).toContainText(
    'Time slot conflicts with existing booking(s). Please choose a different time.',
  );
  // and the server refuses it too
  await second.getByLabel('Customer name').fill('Overlap Olly');
  await second.getByLabel('Customer email').fill(`olly-${RUN}@example.com`);
  await second.getByLabel('Customer phone').fill('+61 412 000 222');
  await pick(page, 'Event type', 'Meeting');
  await second.getByRole('button', { name: 'Create Booking' }).click();
  await expect(second.getByRole('alert', { name: 'Cannot save booking' })).toContainText(
    'Time slot conflicts with existing booking(s). Please choose a different time.',
  );
  await second.getByRole('button', { name: 'Cancel' }).click();

  // the side panel opens the full booking and its edit form
  await page
    .getByTestId('resource-view')
    .getByText(/Calendar Carla — Birthday Party/)
    .click();
  const panel = page.getByTestId('event-panel');
  await expect(panel).toContainText('Calendar Carla');
  await panel.getByRole('button', { name: 'Edit Booking' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Booking' });
  await expect(edit.getByLabel('Customer name')).toHaveValue('Calendar Carla');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await panel.getByRole('button', { name: 'Open Full Details' }).click();
  const details = page.getByTestId('booking-detail');
  await expect(details).toContainText(`carla-${RUN}@example.com`);
  await expect(details).toContainText('Birthday Party');
});

test('confirming with a 25 % deposit reports the amounts the server computed, with the code', async ({
  page,
}) => {
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(4),
    start: '12:00',
    end: '14:00',
    name: 'Deposit Dana',
    email: `dana-${RUN}@example.com`,
    price: 400,
  });
  await signIn(page, OWNER);
  await page.goto('/BookingsHolds');
  await page.getByLabel('Search').fill(booking.bookingCode);
  await page.getByRole('button', { name: `Confirm ${booking.bookingCode}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
  await dialog.getByText('Percentage', { exact: true }).click();
  await dialog.getByLabel('Deposit percentage').fill('25');
  // preview before committing: $400 incl. 10 % GST, 25 % deposit
  const preview = dialog.getByTestId('amounts-preview');
  await expect(preview).toContainText('$400.00');
  await expect(preview).toContainText('$36.36');
  await expect(preview).toContainText('$100.00');
  await expect(preview).toContainText('$300.00');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  // The dialog closes; the message names the booking and what the server stored.
  await expect(dialog).toBeHidden();
  const toast = page.getByRole('alert').filter({ hasText: 'Booking Confirmed!' });
  await expect(toast).toContainText(
    `${booking.bookingCode} — Deposit Dana. Deposit $100.00, balance due $300.00.`,
  );

  const stored = await api.get<
    { booking?: { status: string; payment_details: { deposit_amount: number; final_due: number } } } & {
      status?: string;
      payment_details?: { deposit_amount: number; final_due: number };
    }
  >(`/api/bookings/${booking.id}`);
  const b = stored.booking ?? stored;
  expect(b.status).toBe('confirmed');
  expect(b.payment_details?.deposit_amount).toBe(100);
  expect(b.payment_details?.final_due).toBe(300);
});

test('Confirm booking succeeds as success: the code, no error, and the deposit the venue set (issue 24 items 9 and 4)', async ({
  page,
  request,
}) => {
  // The venue's deposit: Settings → Payments, Invoice Settings (30 %, so it is not a default).
  const headers = { authorization: `Bearer ${api.token}` };
  const before = (await (await request.get('/api/tenant-settings/invoice', { headers })).json()) as {
    depositPercentage: number;
  };
  const set = await request.put('/api/tenant-settings/invoice', { headers, data: { depositPercentage: 30 } });
  expect(set.status(), await set.text()).toBe(200);
  try {
    const booking = await createBooking(api, {
      resourceId: hall.id,
      date: venueDay(5),
      start: '09:00',
      end: '11:00',
      name: 'Success Sid',
      email: `sid-${RUN}@example.com`,
      price: 1000,
    });
    const problems: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    });
    await signIn(page, OWNER);
    await page.goto('/BookingsHolds');
    await page.getByLabel('Search').fill(booking.bookingCode);
    await page.getByRole('button', { name: `Confirm ${booking.bookingCode}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
    // It starts from the venue's setting, not None.
    await expect(dialog.getByRole('radio', { name: 'Percentage' })).toBeChecked();
    await expect(dialog.getByLabel('Deposit percentage')).toHaveValue('30');
    await expect(dialog).toContainText('This venue’s setting (Settings → Payments).');
    await expect(dialog.getByTestId('amounts-preview')).toContainText('$300.00');

    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Booking Confirmed!' })).toContainText(
      `${booking.bookingCode} — Success Sid. Deposit $300.00, balance due $700.00.`,
    );
    // Nothing turns the success into an error afterwards, in the dialog or elsewhere.
    await page.waitForTimeout(1500);
    await expect(page.getByText('The amounts could not be computed')).toHaveCount(0);
    await expect(page.getByText(/already confirmed/i)).toHaveCount(0);
    await expect(page.getByText('Error Confirming Booking')).toHaveCount(0);
    expect(problems).toEqual([]);
    // The row has left Booking Requests: it is confirmed.
    await expect(page.getByRole('button', { name: `Confirm ${booking.bookingCode}` })).toHaveCount(0);
  } finally {
    await request.put('/api/tenant-settings/invoice', {
      headers,
      data: { depositPercentage: before.depositPercentage },
    });
  }
});

test('a booking made Confirmed in the form takes the venue’s deposit (issue 24 item 4)', async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${api.token}` };
  const before = (await (await request.get('/api/tenant-settings/invoice', { headers })).json()) as {
    depositPercentage: number;
  };
  await request.put('/api/tenant-settings/invoice', { headers, data: { depositPercentage: 40 } });
  try {
    await signIn(page, OWNER);
    await openResourceDay(page, 6);
    await page.getByRole('button', { name: new RegExp(`^New booking for ${hall.name} at 2:00 PM`) }).click();
    const form = page.getByRole('dialog', { name: 'New Booking' });
    await form.getByLabel('Customer name').fill('Form Fiona');
    await form.getByLabel('Customer email').fill(`fiona-${RUN}@example.com`);
    await form.getByLabel('Customer phone').fill('0412 000 333');
    await pick(page, 'Event type', 'Meeting');
    await form.getByLabel('Estimated price override').fill('500');
    await pick(page, 'Status', 'Confirmed');
    const deposit = form.getByTestId('confirm-deposit');
    await expect(deposit.getByRole('radio', { name: 'Percentage' })).toBeChecked();
    await expect(deposit.getByLabel('Deposit percentage')).toHaveValue('40');
    await expect(deposit).toContainText(
      'Confirmed with a deposit of $200.00, balance due $300.00 of $500.00',
    );
    await form.getByRole('button', { name: 'Create Booking' }).click();
    await expect(form.getByRole('status')).toContainText('Confirmed with a deposit of $200.00.');
    await expect(form).toBeHidden({ timeout: 5000 });

    const list = await api.get<{
      items: Array<{ status: string; payment_details: { deposit_amount: number; final_due: number } | null }>;
    }>(`/api/bookings?q=${encodeURIComponent(`fiona-${RUN}@example.com`)}&withTotal=0`);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      status: 'confirmed',
      payment_details: { deposit_amount: 200, final_due: 300 },
    });
  } finally {
    await request.put('/api/tenant-settings/invoice', {
      headers,
      data: { depositPercentage: before.depositPercentage },
    });
  }
});

test('a booking is cancelled with a reason', async ({ page }) => {
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(5),
    start: '15:00',
    end: '17:00',
    name: 'Cancel Cody',
    email: `cody-${RUN}@example.com`,
  });
  await signIn(page, OWNER);
  await page.goto('/BookingsAll');
  await page.getByLabel('Search').first().fill(booking.bookingCode);
  const row = page.getByTestId('booking-row').filter({ hasText: booking.bookingCode });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Booking' });
  await expect(dialog).toContainText(
    'Are you sure you want to cancel the booking for Cancel Cody? This action cannot be undone.',
  );
  await pick(page, 'Reason (optional)', 'Customer request');
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(page.getByText('Booking Cancelled!')).toBeVisible();
  await expect(row.getByText('cancelled')).toBeVisible();

  const stored = await api.get<
    { booking?: { status: string; cancellationReason: string; cancelledAt: string } } & {
      status?: string;
      cancellationReason?: string;
      cancelledAt?: string;
    }
  >(`/api/bookings/${booking.id}`);
  const b = stored.booking ?? stored;
  expect(b.status).toBe('cancelled');
  expect(b.cancellationReason).toBe('customer_request');
  expect(b.cancelledAt).toBeTruthy();
});

test('a customer is found and anonymised after an irreversible-action warning', async ({ page }) => {
  const email = `anna-${RUN}@example.com`;
  await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(6),
    start: '09:00',
    end: '10:00',
    name: 'Anonymise Anna',
    email,
  });
  await signIn(page, OWNER);
  await page.goto('/Customers');
  await page.getByLabel('Search customers').fill(email);
  const row = page.getByTestId('customer-row').filter({ hasText: 'Anonymise Anna' });
  await expect(row).toHaveCount(1);
  // Spec 02 §2.9: CLV in whole currency units, Spend with two decimals.
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\$[\d,]+$/);
  await expect(row.getByRole('cell').nth(5)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await row.click();
  const panel = page.getByTestId('customer-panel');
  await expect(panel).toContainText(email);
  await expect(panel.getByText(/^CLV est\./)).toHaveText(/^CLV est\.: \$[\d,]+$/);
  await panel.getByRole('button', { name: 'Anonymise' }).click();
  const confirm = page.getByRole('dialog', { name: 'Anonymise customer?' });
  await expect(confirm).toContainText('This cannot be undone');
  await confirm.getByRole('button', { name: 'Anonymise permanently' }).click();
  await expect(panel.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
  await expect(panel).not.toContainText(email);

  // the server no longer finds the e-mail address
  const found = await api.get<{ items: unknown[] }>(`/api/customers?search=${encodeURIComponent(email)}`);
  expect(found.items).toHaveLength(0);
});

test('the calendar and the bookings list have no axe violations', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/Calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  const calendar = await new AxeBuilder({ page }).include('[data-testid="remote-bookings"]').analyze();
  expect(calendar.violations).toEqual([]);

  await page.goto('/BookingsAll');
  await expect(page.getByRole('heading', { name: 'Bookings — All' })).toBeVisible();
  await expect(page.getByTestId('booking-row').first()).toBeVisible();
  const list = await new AxeBuilder({ page }).include('[data-testid="remote-bookings"]').analyze();
  expect(list.violations).toEqual([]);
});
