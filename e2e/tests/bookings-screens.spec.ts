import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { OWNER, signIn } from './helpers.ts';

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

test('the booking form says every problem at once, beside its field, before asking the server', async ({
  page,
}) => {
  await signIn(page, OWNER);
  await page.goto('/BookingsAll');
  await page.getByRole('button', { name: 'New Booking' }).click();
  const form = page.getByRole('dialog', { name: 'New Booking' });
  const submit = form.getByRole('button', { name: 'Create Booking' });
  await form.getByLabel('Customer email').fill('not-an-email');
  await submit.click();
  await expect(form.getByRole('alert')).toContainText('Please correct the 8 fields marked below.');
  // each beside its field, the first one focused
  await expect(form.getByLabel('Customer name')).toBeFocused();
  const beside: Array<[string, string]> = [
    ['Customer name', 'Please fill in the customer name'],
    ['Customer email', 'Please enter a valid email address'],
    ['Customer phone', 'Please fill in the customer phone'],
    ['Event type', 'Please fill in the event type'],
    ['Resource', 'Please fill in the selected hall'],
    ['Booking date', 'Please fill in the booking date'],
    ['Start time', 'Please fill in the start time'],
    ['End time', 'Please fill in the end time'],
  ];
  // (a required field's name ends with its asterisk)
  for (const [label, message] of beside)
    await expect(form.getByLabel(new RegExp(`^${label}`)).first()).toHaveAccessibleDescription(message);
  // fixing one takes its message away, the others stay
  await form.getByLabel('Customer name').fill('Rule Rita');
  await expect(form.getByLabel('Customer name')).toHaveAccessibleDescription('');
  await expect(form.getByLabel('Customer phone')).toHaveAccessibleDescription(
    'Please fill in the customer phone',
  );
});

test('the bookings screens have no axe violations', async ({ page }) => {
  // Seven pages, each loaded and analysed: close to the default minute on a busy machine.
  test.slow();
  await signIn(page, OWNER);
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByTestId('loading-state')).toHaveCount(0);
    const result = await new AxeBuilder({ page }).include('[data-testid="remote-bookings"]').analyze();
    expect(result.violations, path).toEqual([]);
  }
});
