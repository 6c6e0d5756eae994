import { test, expect } from '@playwright/test';
import { OWNER, createResource, ownerApi, pick, signIn, venueDay } from './helpers.ts';

// The browser lives where the venue does, so "today" and wall-clock times agree with the server.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = `rc${Date.now().toString(36)}`;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** yyyy-MM-dd as the demo owner reads it (DD/MM/YYYY). */
const shown = (day: string) => day.split('-').reverse().join('/');

test('a weekly booking repeated 3 times is created from the form, and the 3 are in the bookings list', async ({
  page,
  request,
}) => {
  const hall = await createResource(await ownerApi(request), `Series Hall ${RUN}`);
  const first = venueDay(20);
  const dates = [0, 7, 14].map((d) => addDays(first, d));

  await signIn(page, OWNER);
  await page.goto('/BookingsAll');
  await page.getByRole('button', { name: 'New Booking' }).click();
  const form = page.getByRole('dialog', { name: 'New Booking' });
  await form.getByLabel('Customer name').fill(`Weekly ${RUN}`);
  await form.getByLabel('Customer email').fill(`weekly-${RUN}@example.com`);
  await form.getByLabel('Customer phone').fill('+61 412 000 333');
  await pick(page, 'Event type', 'Meeting');
  await pick(page, 'Resource', hall.name);
  await form.getByLabel('Guest count').fill('20');
  const bookingDate = form.getByLabel('Booking date');
  await bookingDate.fill(shown(first));
  await bookingDate.blur();
  await form.getByLabel('Start time').fill('10:00');
  await form.getByLabel('End time').fill('12:00');

  await form.getByRole('switch', { name: 'Repeat this booking' }).check();
  await form.getByRole('textbox', { name: 'Number of times' }).fill('3');
  // every date checked by the server before saving, each free
  const listed = form.getByTestId('series-dates').getByRole('row');
  await expect(listed).toHaveCount(4);
  for (const [i, day] of dates.entries()) {
    await expect(listed.nth(i + 1)).toContainText(shown(day));
    await expect(listed.nth(i + 1)).toContainText('Free');
  }
  await expect(form.getByTestId('series-summary')).toHaveText('3 of 3 dates will be booked.');

  await form.getByRole('button', { name: 'Create 3 Bookings' }).click();
  await expect(form.getByText('3 bookings created successfully!')).toBeVisible();
  await expect(form).toBeHidden({ timeout: 5000 });

  await page.getByLabel('Search').fill(RUN);
  const rows = page.getByTestId('booking-row');
  await expect(rows).toHaveCount(3);
  for (const day of dates) await expect(rows.filter({ hasText: shown(day) })).toHaveCount(1);
});
