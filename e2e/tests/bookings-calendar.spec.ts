import { test, expect, type Page } from '@playwright/test';
import { OWNER, createBooking, createResource, ownerApi, signIn, venueDay } from './helpers.ts';

test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 1000 } });

const RUN = `cal${Date.now().toString(36)}`;

async function dragTo(page: Page, name: string, time: string) {
  const event = page.locator('.fc-timegrid-event').filter({ hasText: name });
  const from = await event.boundingBox();
  const lane = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`).boundingBox();
  if (!from || !lane) throw new Error('calendar not laid out');
  // grab the middle: the top and bottom edges are resize handles
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 10, { steps: 4 });
  await page.mouse.move(x, y + (lane.y - from.y) + 2, { steps: 12 });
  await page.mouse.up();
}

test('dragging a booking moves it on the server; onto another booking it snaps back', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `Drag Hall ${RUN}`);
  const date = venueDay(2);
  const dora = await createBooking(api, {
    resourceId: hall.id,
    date,
    start: '10:00',
    end: '11:00',
    name: `Dora ${RUN}`,
    email: `dora-${RUN}@example.com`,
  });
  await createBooking(api, {
    resourceId: hall.id,
    date,
    start: '16:00',
    end: '18:00',
    name: `Fixed ${RUN}`,
    email: `fixed-${RUN}@example.com`,
  });

  await signIn(page, OWNER);
  await page.goto('/Calendar');
  const filter = page.getByRole('combobox', { name: 'Resource filter', exact: true });
  await filter.click();
  await page.getByRole('option', { name: hall.name, exact: true }).click();
  await page.getByRole('tab', { name: 'Day' }).click();
  for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.locator('.fc-timegrid-event').filter({ hasText: `Dora ${RUN}` })).toBeVisible();

  await dragTo(page, `Dora ${RUN}`, '13:00');
  await expect(page.getByText('Booking Updated!')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await api.get<{ startTime: string; endTime: string }>(`/api/bookings/${dora.id}`)).startTime,
    )
    .toBe('13:00');
  expect((await api.get<{ endTime: string }>(`/api/bookings/${dora.id}`)).endTime).toBe('14:00');

  // onto the other booking: the server refuses, the event goes back and an error is shown
  await dragTo(page, `Dora ${RUN}`, '16:00');
  await expect(page.getByText('Could not move booking')).toBeVisible();
  expect((await api.get<{ startTime: string }>(`/api/bookings/${dora.id}`)).startTime).toBe('13:00');
  const event = await page
    .locator('.fc-timegrid-event')
    .filter({ hasText: `Dora ${RUN}` })
    .boundingBox();
  const lane13 = await page.locator('td.fc-timegrid-slot-lane[data-time="13:00:00"]').boundingBox();
  expect(Math.abs(event!.y - lane13!.y)).toBeLessThan(6);
});
