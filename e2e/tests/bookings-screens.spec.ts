import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { signIn } from './helpers.ts';
import { OWNER } from './bookings-helpers.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const PAGES: [string, string][] = [
  ['/Calendar', 'Calendar'],
  ['/BookingsAll', 'Bookings — All'],
  ['/BookingsPending', 'Bookings — Pending Review'],
  ['/BookingsHolds', 'Booking Requests'],
  ['/BookingsConfirmed', 'Bookings — Confirmed'],
  ['/BookingsCompleted', 'Bookings — Completed'],
  ['/BookingsCancelled', 'Bookings — Cancelled'],
  ['/Customers', 'Customers'],
];

test('every bookings screen opens under its heading', async ({ page }) => {
  await signIn(page, OWNER);
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByText('This page ran into a problem')).toHaveCount(0);
  }
});

test('a list that cannot load shows the error and Try Again, never sample rows', async ({ page }) => {
  let fail = true;
  await page.route(/\/api\/bookings\?/, (route) =>
    fail
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Bookings is unavailable right now. Please try again shortly.' }),
        })
      : route.continue(),
  );
  await signIn(page, OWNER);
  await page.goto('/BookingsConfirmed');
  const error = page.getByTestId('error-state');
  await expect(error).toContainText('Bookings is unavailable right now');
  await expect(page.getByTestId('booking-row')).toHaveCount(0);
  fail = false;
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('error-state')).toHaveCount(0);
});

test('the booking form checks the spec rules in order before asking the server', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/BookingsAll');
  await page.getByRole('button', { name: 'New Booking' }).click();
  const form = page.getByRole('dialog', { name: 'New Booking' });
  const submit = form.getByRole('button', { name: 'Create Booking' });
  const alert = form.getByRole('alert');
  await submit.click();
  await expect(alert).toContainText('Please fill in the customer name');
  await form.getByLabel('Customer name').fill('Rule Rita');
  await submit.click();
  await expect(alert).toContainText('Please fill in the customer email');
  await form.getByLabel('Customer email').fill('not-an-email');
  await form.getByLabel('Customer phone').fill('+61 412 345 678');
  await submit.click();
  await expect(alert).toContainText('Please fill in the event type');
});

test('the bookings screens have no axe violations', async ({ page }) => {
  await signIn(page, OWNER);
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByTestId('loading-state')).toHaveCount(0);
    const result = await new AxeBuilder({ page }).include('[data-testid="remote-bookings"]').analyze();
    expect(result.violations, path).toEqual([]);
  }
});
