import { test, expect } from '@playwright/test';
import {
  OWNER,
  confirmBooking,
  createBooking,
  createResource,
  ownerApi,
  signIn,
  venueDay,
} from './helpers.ts';

test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = `ls${Date.now().toString(36)}`;

test('Confirmed: a bond set by staff is real data the Bond required filter finds', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `List Hall ${RUN}`);
  const confirm = async (i: number, start: string, end: string) => {
    const b = await createBooking(api, {
      resourceId: hall.id,
      date: venueDay(11),
      start,
      end,
      name: `Listed ${RUN} ${i}`,
      email: `listed${i}-${RUN}@example.com`,
    });
    await confirmBooking(request, api, b.id);
    return b;
  };
  const bonded = await confirm(1, '09:00', '10:00');
  const plain = await confirm(2, '13:00', '14:00');

  await signIn(page, OWNER);
  await page.goto('/BookingsConfirmed');
  await page.getByLabel('Search').fill(RUN);
  const rows = page.getByTestId('booking-row');
  await expect(rows).toHaveCount(2);

  await rows.filter({ hasText: bonded.bookingCode }).getByRole('cell').nth(2).click();
  const detail = page.getByTestId('booking-detail');
  await expect(detail).toContainText(bonded.bookingCode);
  await detail.getByRole('switch', { name: 'Bond required' }).click();
  await detail.getByLabel('Bond amount').fill('500');
  await detail.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Booking Updated!')).toBeVisible();
  await expect(detail).toContainText('$500.00');
  await page.keyboard.press('Escape');

  await expect(detail).toBeHidden();
  await page.getByText('Bond required', { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(bonded.bookingCode);
  await expect(page.getByText(plain.bookingCode)).toHaveCount(0);
  const stored = await api.get<{ bondRequired: boolean; bondCents: number }>(`/api/bookings/${bonded.id}`);
  expect(stored).toMatchObject({ bondRequired: true, bondCents: 50000 });
});

test('All at 1400 px: the actions stay inside the table and booking codes keep to one line', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `Wide Hall ${RUN}`);
  const pending = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(12),
    start: '09:00',
    end: '10:00',
    name: `Wide ${RUN} Customer With A Long Name`,
    email: `wide-customer-with-a-long-address-${RUN}@example.com`,
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, OWNER);
  await page.goto('/BookingsAll');
  await page.getByLabel('Search').fill(RUN);
  const row = page.getByTestId('booking-row').filter({ hasText: pending.bookingCode });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();

  const box = await page.evaluate((code) => {
    const table = document.querySelector('table[aria-label="Bookings"]')!;
    const area = document.querySelector('[data-testid="remote-bookings"]')!.getBoundingClientRect();
    const tr = [...table.querySelectorAll('tbody tr')].find((r) => r.textContent?.includes(code))!;
    const buttons = [...tr.querySelectorAll('button')].map((b) => b.getBoundingClientRect().right);
    const codeEl = [...tr.querySelectorAll('p')].find((p) => p.textContent === code)!;
    return {
      areaRight: area.right,
      tableRight: table.getBoundingClientRect().right,
      buttonsRight: Math.max(...buttons),
      codeHeight: codeEl.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(codeEl).lineHeight),
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  }, pending.bookingCode);
  expect(box.tableRight, 'the table fits the main column').toBeLessThanOrEqual(box.areaRight + 0.5);
  expect(box.buttonsRight, 'Confirm and Cancel are inside it').toBeLessThanOrEqual(box.tableRight + 0.5);
  expect(box.codeHeight, 'the booking code is one line').toBeLessThan(box.lineHeight * 1.5);
  expect(box.pageOverflow, 'the page itself never scrolls sideways').toBeLessThanOrEqual(0);
});
