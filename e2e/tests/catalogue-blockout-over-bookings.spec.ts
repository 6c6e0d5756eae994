import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { apiToken, seedDemo, signIn } from './helpers.ts';

interface Booking {
  id: string;
  bookingCode: string;
  customerName: string;
  resourceId: string;
  resourceName: string;
  bookingDate: string;
  startTime: string;
  endTime: string;
}

const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

test.beforeAll(async ({ baseURL }) => {
  // The demo venue's bookings as a first `npm start` seeds them (decision 48; skipped when there).
  test.setTimeout(240_000);
  await seedDemo(baseURL!);
});

/**
 * Decision 55 through the real screens and services: a block-out over a demo booking's time is
 * refused by bookings with the booking named, the dialog lists it, and "Block out over these
 * bookings" stores it over the booking (bookings holds the block-out as waiting).
 */
test('a block-out over a demo booking lists it, and is stored over it when asked', async ({
  page,
  request,
}) => {
  const { token } = await apiToken(request, 'owner@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  const from = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const list = await request.get(
    `/api/bookings?status=confirmed&from=${from}&sort=start&order=asc&limit=50`,
    {
      headers,
    },
  );
  expect(list.ok(), await list.text()).toBe(true);
  const booking = ((await list.json()) as { items: Booking[] }).items.find(
    (b) => b.startTime < b.endTime && b.endTime < '24:00' && b.resourceId,
  );
  expect(booking, 'a confirmed demo booking two weeks ahead or later').toBeTruthy();
  const { bookingCode, customerName, resourceName, bookingDate, startTime, endTime } = booking!;

  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesBlockouts');
  await expect(page.getByRole('heading', { name: 'Block-outs' })).toBeVisible();
  await page.getByRole('button', { name: 'New Block-out' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Resource' }).click();
  // the booking's own space: by its id, as other specs of the suite may have halls of one name
  const option = page.locator(`[role="option"][value="${booking!.resourceId}"]`).filter({ visible: true });
  await expect(option).toHaveText(resourceName);
  await option.click();
  await dialog.getByLabel('Date from').fill(bookingDate);
  await dialog.getByLabel('Date to').fill(bookingDate);
  await dialog.getByLabel('Time from').fill(startTime);
  await dialog.getByLabel('Time to').fill(endTime);
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('e2e over bookings');
  await dialog.getByRole('button', { name: 'Create Block-out' }).click();

  const clashes = dialog.getByTestId('blockout-clashes');
  await expect(clashes).toContainText('Nothing was saved.');
  const row = clashes.getByRole('row').filter({ hasText: bookingCode });
  await expect(row).toContainText(customerName);
  await expect(row).toContainText(resourceName);
  await expect(row).toContainText(ddmmyyyy(bookingDate));
  // the list and its two buttons pass axe (the dialog with the question in it)
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations).toEqual([]);
  // nothing stored yet
  const before = (await (await request.get('/api/blockouts', { headers })).json()) as { notes: string }[];
  expect(before.filter((b) => b.notes === 'e2e over bookings')).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Block out over these bookings' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Block-out created')).toBeVisible();

  const after = (await (await request.get('/api/blockouts', { headers })).json()) as {
    id: string;
    notes: string;
    dateFrom: string;
    timeFrom: string;
    timeTo: string;
    resources: { name: string }[];
  }[];
  const stored = after.filter((b) => b.notes === 'e2e over bookings');
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ dateFrom: bookingDate, timeFrom: startTime, timeTo: endTime });
  expect(stored[0]!.resources.map((r) => r.name)).toEqual([resourceName]);
  // the booking is still there, as it was
  const still = await request.get(`/api/bookings/${booking!.id}`, { headers });
  expect(((await still.json()) as { status: string }).status).toBe('confirmed');

  const gone = await request.delete(`/api/blockouts/${stored[0]!.id}`, { headers });
  expect(gone.status()).toBe(204);
});
