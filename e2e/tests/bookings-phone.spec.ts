import { test, expect } from '@playwright/test';
import { OWNER, createResource, ownerApi, pick, signIn, venueDay } from './helpers.ts';

// Issue 11 item 2 (decision 28): an Australian venue types a landline the way it says it, the
// server keeps it in E.164, and every screen shows it back the way it was typed.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = Date.now().toString(36);
let hall: { id: string; name: string };

test.beforeAll(async ({ request }) => {
  hall = await createResource(await ownerApi(request), `Phone Hall ${RUN}`);
});

test('a booking made with (02) 9876 5432 is stored in E.164 and shown as (02) 9876 5432', async ({
  page,
  request,
}) => {
  const email = `landline-${RUN}@example.com`;
  await signIn(page, OWNER);
  await page.goto('/Calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await pick(page, 'Resource filter', hall.name);
  await page.getByRole('tab', { name: 'Resources' }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^New booking for ${hall.name} at 10:00 AM`) }).click();

  const form = page.getByRole('dialog', { name: 'New Booking' });
  await form.getByLabel('Customer name').fill('Landline Lena');
  await form.getByLabel('Customer email').fill(email);
  // a number that is no Australian phone number is refused with examples, before the server
  await form.getByLabel('Customer phone').fill('9876 54');
  await pick(page, 'Event type', 'Meeting');
  await form.getByRole('button', { name: 'Create Booking' }).click();
  // said beside the phone box, which takes the focus
  const phoneBox = form.getByLabel('Customer phone');
  await expect(phoneBox).toHaveAccessibleDescription(
    'Enter a phone number such as 0412 345 678 or +61 412 345 678',
  );
  await expect(phoneBox).toBeFocused();
  await form.getByLabel('Customer phone').fill('(02) 9876 5432');
  await form.getByRole('button', { name: 'Create Booking' }).click();
  await expect(form.getByText(/Booking created successfully!/)).toBeVisible();
  await expect(form).toBeHidden({ timeout: 5000 });

  // stored in E.164 …
  const api = await ownerApi(request);
  const list = await api.get<{ items: { id: string; customerPhone: string; bookingDate: string }[] }>(
    `/api/bookings?q=${encodeURIComponent(email)}&withTotal=0`,
  );
  expect(list.items.map((b) => [b.customerPhone, b.bookingDate])).toEqual([['+61298765432', venueDay(4)]]);

  // … and shown the way the venue writes it: the booking's details …
  await page
    .getByTestId('resource-view')
    .getByText(/Landline Lena — Meeting/)
    .click();
  const panel = page.getByTestId('event-panel');
  await panel.getByRole('button', { name: 'Open Full Details' }).click();
  const details = page.getByTestId('booking-detail');
  await expect(details).toContainText('(02) 9876 5432');
  await expect(details).not.toContainText('+61298765432');

  // … and the customer directory, found by the number as typed
  await page.goto('/Customers');
  await page.getByPlaceholder('Name, e-mail or phone').fill('(02) 9876 5432');
  const row = page.getByTestId('customer-row').filter({ hasText: email });
  await expect(row).toContainText('(02) 9876 5432');
  await row.click();
  await expect(page.getByTestId('customer-panel')).toContainText('(02) 9876 5432');
});
