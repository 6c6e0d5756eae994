import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
  OWNER,
  createBooking,
  createResource,
  finalInvoice,
  ownerApi,
  signIn,
  venueDay,
  venueTakesPayments,
} from './helpers.ts';

// Issue 13 "Payment links" (decision 43): pay through the public link with the card stand-in
// (scripts/e2e.mjs starts it and points money's Stripe SDK at it) → the invoice is PAID.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = Date.now().toString(36);
let hall: { id: string; name: string };

test.beforeAll(async ({ request }) => {
  const owner = await ownerApi(request);
  hall = await createResource(owner, `E2E Paylink Hall ${RUN}`);
  await venueTakesPayments(request, owner);
});

test('pay through the public link with the card stand-in → the invoice is PAID', async ({
  page,
  browser,
  request,
}) => {
  const api = await ownerApi(request);
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(9),
    start: '10:00',
    end: '14:00',
    name: 'Card Carla',
    email: `carla-${RUN}@example.com`,
    price: 330,
  });
  const headers = { authorization: `Bearer ${api.token}` };
  const invoice = await finalInvoice(request, api, booking.id, true);
  const number = invoice.invoiceNumber;
  // The venue's Stripe account reaches money with the settings event.
  await expect(async () => {
    const res = await request.post(`/api/invoices/${invoice.id}/payment-link`, { headers });
    expect((await res.json()).cardPayments).toBe(true);
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });

  // Staff: Copy Payment Link from the row menu.
  await signIn(page, OWNER);
  await page.goto('/invoices');
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  const row = page.getByTestId('invoice-row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: new RegExp(`Actions for invoice ${number}`) }).click();
  await page.getByRole('menuitem', { name: 'Copy Payment Link' }).click();
  const shown = page.getByText(/\/pay\/[A-Za-z0-9_-]{43}/).first();
  await expect(shown).toBeVisible();
  const url = (await shown.innerText()).match(/https?:\/\/\S+\/pay\/[A-Za-z0-9_-]{43}/)![0];

  // The customer, not signed in: the public page, then Stripe Checkout (the stand-in).
  const visitor = await browser.newContext();
  const pay = await visitor.newPage();
  await pay.goto(new URL(url).pathname);
  await expect(pay.getByRole('heading', { name: `Tax Invoice ${number}` })).toBeVisible();
  await expect(pay.getByRole('heading', { name: 'Amount due' })).toBeVisible();
  await expect(pay.getByText('$330.00').first()).toBeVisible();
  await expect(pay.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  await expect(pay.getByText('062-000')).toBeVisible();
  const axe = await new AxeBuilder({ page: pay }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await pay.getByRole('button', { name: 'Pay by card' }).click();
  await expect(pay.getByRole('heading', { name: 'Checkout (Stripe stand-in)' })).toBeVisible();
  await pay.getByRole('button', { name: 'Pay $330.00' }).click();
  // Back on the link: the signed webhook has recorded the payment.
  await expect(pay).toHaveURL(/\/pay\/[A-Za-z0-9_-]{43}\?card=paid$/);
  await expect(pay.getByText('This invoice is paid, thank you.')).toBeVisible();
  await visitor.close();

  // Staff see it PAID, by card.
  await page.goto(`/invoices#${number}`);
  const panel = page.getByRole('dialog', { name: `Tax Invoice ${number}` });
  await expect(panel).toContainText('PAID');
  await expect(panel.getByRole('table', { name: 'Payments' })).toContainText('Card');
});
