import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { confirmBooking, createBooking, createResource, ownerApi, signIn, venueDay } from './helpers.ts';

const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

/**
 * Decision 55 through the real screens and services: a block-out over a confirmed booking's time
 * is refused by bookings with the booking named, the dialog lists it, and "Block out over these
 * bookings" stores it over the booking (bookings holds the block-out as waiting). The booking and
 * its space are the test's own, so what the other specs did to the demo bookings cannot matter.
 */
test('a block-out over a confirmed booking lists it, and is stored over it when asked', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const headers = { authorization: `Bearer ${api.token}` };
  const run = Date.now().toString(36);
  const space = await createResource(api, `Blockout Hall ${run}`);
  const bookingDate = venueDay(21);
  const [startTime, endTime] = ['10:00', '12:00'];
  const customerName = `Blockout Guest ${run}`;
  const made = await createBooking(api, {
    resourceId: space.id,
    date: bookingDate,
    start: startTime,
    end: endTime,
    name: customerName,
    email: `blockout.${run}@example.com`,
  });
  await confirmBooking(request, api, made.id);
  const booking = { id: made.id, resourceId: space.id };
  const { bookingCode } = made;
  const resourceName = space.name;

  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesBlockouts');
  await expect(page.getByRole('heading', { name: 'Block-outs' })).toBeVisible();
  await page.getByRole('button', { name: 'New Block-out' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Resource' }).click();
  // the booking's own space: by its id, as other specs of the suite may have halls of one name
  const option = page.locator(`[role="option"][value="${booking.resourceId}"]`).filter({ visible: true });
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
  const still = await request.get(`/api/bookings/${booking.id}`, { headers });
  expect(((await still.json()) as { status: string }).status).toBe('confirmed');

  const gone = await request.delete(`/api/blockouts/${stored[0]!.id}`, { headers });
  expect(gone.status()).toBe(204);
});
