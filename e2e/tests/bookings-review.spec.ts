import { test, expect } from '@playwright/test';
import { OWNER, createBooking, createResource, ownerApi, signIn, venueDay } from './helpers.ts';

test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = `rv${Date.now().toString(36)}`;

interface Stored {
  status: string;
  holdExpiresAt: string | null;
  cancellationReason: string | null;
}

test('pending review: accept with a 72 h hold, and bulk decline with a reason', async ({ page, request }) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `Review Hall ${RUN}`);
  const make = (i: number, start: string, end: string) =>
    createBooking(api, {
      resourceId: hall.id,
      date: venueDay(8),
      start,
      end,
      name: `Review ${RUN} ${i}`,
      email: `review${i}-${RUN}@example.com`,
    });
  const held = await make(1, '09:00', '10:00');
  const d1 = await make(2, '12:00', '13:00');
  const d2 = await make(3, '15:00', '16:00');

  await signIn(page, OWNER);
  await page.goto('/BookingsPending');
  await page.getByLabel('Search').fill(RUN);
  const rows = page.getByTestId('booking-row');
  await expect(rows).toHaveCount(3);

  // accept one: a tentative hold that expires in 72 hours
  await rows
    .filter({ hasText: held.bookingCode })
    .getByRole('button', { name: `Actions for ${held.bookingCode}` })
    .click();
  await page.getByRole('menuitem', { name: 'Accept' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept Booking' });
  await accept
    .getByRole('combobox', { name: 'Hold for' })
    .or(accept.getByRole('combobox', { name: 'Hold for' }))
    .first()
    .click();
  await page.getByRole('option', { name: '72 hours' }).click();
  const before = Date.now();
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(rows).toHaveCount(2);
  const accepted = await api.get<Stored>(`/api/bookings/${held.id}`);
  expect(accepted.status).toBe('tentative');
  const hours = (new Date(accepted.holdExpiresAt!).getTime() - before) / 3_600_000;
  expect(hours).toBeGreaterThan(71.5);
  expect(hours).toBeLessThan(72.5);

  // bulk decline the other two
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: 'Bulk Decline' }).click();
  const decline = page.getByRole('dialog', { name: 'Decline Booking' });
  await expect(decline).toContainText('Decline 2 bookings');
  await decline.getByRole('button', { name: 'Decline' }).click();
  // the problem beside its field, which is marked invalid (issue 24 item 13)
  await expect(decline.getByText('Please choose a reason')).toBeVisible();
  await expect(decline.getByRole('combobox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
  await decline
    .getByRole('combobox', { name: 'Reason' })
    .or(decline.getByRole('combobox', { name: 'Reason' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Over capacity' }).click();
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('2 booking(s) declined')).toBeVisible();
  await expect(page.getByText('No pending bookings found.')).toBeVisible();
  for (const b of [d1, d2]) {
    const stored = await api.get<Stored>(`/api/bookings/${b.id}`);
    expect(stored.status).toBe('cancelled');
    expect(stored.cancellationReason).toMatch(/^Declined/);
  }

  // the hold is listed on Booking Requests with its expiry
  await page.goto('/BookingsHolds');
  await page.getByLabel('Search').fill(held.bookingCode);
  const row = page.getByTestId('booking-row').filter({ hasText: held.bookingCode });
  await expect(row).toContainText('tentative');
  // the hold-expiry column shows the server's expiry in the venue's date format
  const expiry = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Australia/Sydney',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(accepted.holdExpiresAt!));
  // (the row also shows its source since issue 25, so the expiry is found by its header)
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const expiryColumn = headers.findIndex((h) => /expir/i.test(h));
  expect(expiryColumn, `a hold-expiry column among ${headers.join(', ')}`).toBeGreaterThan(-1);
  await expect(row.getByRole('cell').nth(expiryColumn)).toContainText(expiry);
});

test('Ctrl+K searches bookings from 2 characters and opens the one picked', async ({ page, request }) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `Palette Hall ${RUN}`);
  const b = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(9),
    start: '10:00',
    end: '12:00',
    name: `Palette ${RUN}`,
    email: `palette-${RUN}@example.com`,
  });
  await signIn(page, OWNER);
  await page.goto('/BookingsAll');
  await expect(page.getByRole('heading', { name: 'Bookings — All' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Search bookings' });
  await search.fill('P');
  await expect(page.getByText('Type at least 2 characters to search bookings')).toBeVisible();
  await search.fill(`Palette ${RUN}`);
  const hit = page.getByRole('button', { name: new RegExp(`${b.bookingCode} · Palette ${RUN}`) });
  await hit.click();
  await expect(page.getByTestId('booking-detail')).toContainText(`palette-${RUN}@example.com`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('booking-detail')).toBeHidden();
});
