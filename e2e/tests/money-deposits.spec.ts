import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { type Api, OWNER, createBooking, createResource, ownerApi, signIn, venueDay } from './helpers.ts';

// Issue 13: a confirmed booking's deposit goes from invoice to paid, and every screen agrees.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = Date.now().toString(36);
let api: Api;
let hall: { id: string; name: string };

test.beforeAll(async ({ request }) => {
  const owner = await ownerApi(request);
  hall = await createResource(owner, `E2E Money Hall ${RUN}`);
  // A tax invoice needs the seller's name and ABN: the deposit invoice is issued with them.
  const res = await request.put('/api/tenant-settings/business', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { businessName: 'Harbourside Hall Pty Ltd', businessABN: '12345679016' },
  });
  expect(res.status(), await res.text()).toBe(200);
});

test.beforeEach(async ({ request }) => {
  api = await ownerApi(request);
});

/**
 * Confirms the booking on Booking Requests with a 50 % deposit; success closes the dialog and its
 * message names the booking and the stored deposit (issue 24 item 9).
 */
async function confirmHalfDeposit(page: Page, code: string, deposit: string) {
  await page.goto('/BookingsHolds');
  await page.getByLabel('Search').fill(code);
  await page.getByRole('button', { name: `Confirm ${code}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Booking' });
  await confirm.getByText('Percentage', { exact: true }).click();
  await confirm.getByLabel('Deposit percentage').fill('50');
  await confirm.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(confirm).toBeHidden();
  const confirmed = page.getByRole('alert').filter({ hasText: 'Booking Confirmed!' });
  await expect(confirmed).toContainText(code);
  await expect(confirmed).toContainText(`Deposit ${deposit}`);
}

/** Events reach money and bookings through the outbox: reload until the screen shows them. */
async function untilShown(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
}

test('confirm with a 50 % deposit → its deposit invoice → Mark Paid by bank → Deposits says Paid', async ({
  page,
}) => {
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(6),
    start: '10:00',
    end: '14:00',
    name: 'Deposit Dora',
    email: `dora-${RUN}@example.com`,
    price: 400,
  });
  await signIn(page, OWNER);

  // Confirm on Booking Requests with a 50 % deposit: $400.00 incl. GST, $200.00 deposit.
  await confirmHalfDeposit(page, booking.bookingCode, '$200.00');

  // Its deposit invoice appears on Invoices & Payments, issued, for the stored $200.00.
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices & Payments' })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search' });
  const row = page.getByTestId('invoice-row').filter({ hasText: booking.bookingCode });
  await untilShown(page, async () => {
    await search.fill(booking.bookingCode);
    await expect(row).toHaveCount(1, { timeout: 2000 });
  });
  await expect(row).toContainText('DEPOSIT');
  await expect(row).toContainText('$200.00');
  await expect(row).toContainText('SENT');
  // The side panel, opened from the keyboard's way in (the invoice number).
  const number = (await row.getByRole('button').first().innerText()).trim();
  expect(number).toMatch(/^INV-\d{4}-\d{5}$/);
  await row.getByRole('button', { name: number, exact: true }).click();
  const panel = page.getByRole('dialog', { name: `Tax Invoice ${number}` });
  await expect(panel).toContainText('Deposit Dora');
  await expect(panel.getByRole('region', { name: 'Payment Summary' })).toContainText('$200.00');
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');

  // Deposits: Unpaid, then Mark Paid by bank from the drawer with the bank details.
  await page.goto('/deposits');
  await expect(page.getByRole('heading', { name: 'Deposits' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(booking.bookingCode);
  const deposit = page.getByTestId('deposit-row').filter({ hasText: booking.bookingCode });
  await expect(deposit).toContainText('Unpaid');
  await expect(deposit).toContainText('$200.00');
  await deposit.getByRole('button', { name: `Details of ${booking.bookingCode}` }).click();
  const drawer = page.getByRole('dialog', { name: `Deposit — ${booking.bookingCode}` });
  await expect(drawer.getByRole('region', { name: 'How to pay' })).toContainText('BSB');
  await drawer.getByRole('textbox', { name: 'Payment reference (optional)' }).fill(`EFT ${RUN}`);
  await drawer.getByRole('button', { name: 'Mark Paid (Bank)' }).click();
  await expect(
    page.getByText(`Deposit of $200.00 for ${booking.bookingCode} marked paid (Bank Transfer).`),
  ).toBeVisible();
  await expect(drawer.getByText('Paid', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deposit).toContainText('Paid');
  await expect(deposit.getByRole('button', { name: `Mark Unpaid ${booking.bookingCode}` })).toBeVisible();
  const depositsAxe = await new AxeBuilder({ page }).include('main').analyze();
  expect(depositsAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The invoice is paid in full now, and the receipt is on it.
  await page.goto(`/invoices#${number}`);
  const paidPanel = page.getByRole('dialog', { name: `Tax Invoice ${number}` });
  await expect(paidPanel).toContainText('PAID');
  await expect(paidPanel.getByRole('table', { name: 'Payments' })).toContainText('Bank Transfer');
});

// The booking's own screens read deposit_paid from bookings' copy of money's figures
// (booking_money.changed, decision 25, consumed by bookings).
test('after Mark Paid the booking shows its deposit paid', async ({ page, request }) => {
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(7),
    start: '10:00',
    end: '14:00',
    name: 'Deposit Dan',
    email: `dan-${RUN}@example.com`,
    price: 400,
  });
  const headers = { authorization: `Bearer ${api.token}` };
  const confirmed = await request.put(`/api/bookings/${booking.id}/status`, {
    headers,
    data: { status: 'confirmed', payment_details: { deposit_type: 'Percentage', deposit_value: 50 } },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect(async () => {
    const paid = await request.post(`/api/deposits/${booking.id}/mark-paid`, {
      // A new key per attempt: a refusal (the confirmation has not reached money yet) is kept per key.
      headers: { ...headers, 'idempotency-key': `e2e-${RUN}-dan-${Date.now()}` },
      data: { paymentMethod: 'Bank Transfer' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  }).toPass({ timeout: 30_000 });

  await signIn(page, OWNER);
  await page.goto('/BookingsConfirmed');
  const bookingRow = page.getByTestId('booking-row').filter({ hasText: 'Deposit Dan' });
  await untilShown(page, async () => {
    await page.getByLabel('Search').fill(booking.bookingCode);
    await expect(bookingRow.getByText('Paid', { exact: true })).toBeVisible({ timeout: 2000 });
  });
});

test('New Invoice raises the final invoice from the booking’s figures; Record Payment part-pays it and refuses more than the balance', async ({
  page,
  request,
}) => {
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(8),
    start: '10:00',
    end: '14:00',
    name: 'Final Fay',
    email: `fay-${RUN}@example.com`,
    price: 400,
  });
  const confirmed = await request.put(`/api/bookings/${booking.id}/status`, {
    headers: { authorization: `Bearer ${api.token}` },
    data: { status: 'confirmed', payment_details: { deposit_type: 'Percentage', deposit_value: 50 } },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await signIn(page, OWNER);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'New Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Invoice' });
  await dialog.getByRole('textbox', { name: /Search bookings/ }).fill(booking.bookingCode);
  await dialog.getByRole('radio', { name: new RegExp(booking.bookingCode) }).check();
  // A booking with a deposit and a balance starts as Final with the final due (spec 03 §4).
  await expect(dialog.getByRole('region', { name: 'Selected booking' })).toContainText('Final due $200.00');
  await expect(dialog.getByRole('textbox', { name: 'Amount (AUD)' })).toHaveValue('200.00');
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Wedding Final Payment');
  await expect(dialog.getByRole('region', { name: 'Tax breakdown' })).toContainText('GST (10%): $18.18');
  await dialog.getByRole('checkbox', { name: /Send to the customer now/ }).check();
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(dialog).toBeHidden();

  // The customer is called Final Fay: the row is found by its Type cell, not by any text.
  const row = page
    .getByTestId('invoice-row')
    .filter({ has: page.getByRole('cell', { name: 'FINAL', exact: true }) });
  await untilShown(page, async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill(booking.bookingCode);
    await expect(row).toHaveCount(1, { timeout: 2000 });
  });
  await expect(row).toContainText('$200.00');
  await row.getByRole('button', { name: /^Actions for invoice/ }).click();
  await page.getByRole('menuitem', { name: 'Record Bank Payment' }).click();
  const pay = page.getByRole('dialog', { name: /^Record Payment/ });
  const amount = pay.getByRole('textbox', { name: 'Amount' });
  await amount.fill('250');
  await expect(pay).toContainText('This payment is more than the balance due ($200.00).');
  await expect(pay.getByRole('button', { name: 'Record Payment' })).toBeDisabled();
  await amount.fill('50');
  await pay.getByRole('textbox', { name: 'Reference' }).fill(`EFT ${RUN}`);
  await pay.getByRole('button', { name: 'Record Payment' }).click();
  await expect(pay).toBeHidden();
  await expect(row).toContainText('PARTIAL');
  await expect(row).toContainText('Paid $50.00');
  await expect(row).toContainText('Bal $150.00');
});

test("Export CSV saves the service's file of the searched invoices", async ({ page }) => {
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(12),
    start: '09:00',
    end: '11:00',
    name: 'Csv Carla',
    email: `carla-${RUN}@example.com`,
    price: 300,
  });
  await signIn(page, OWNER);
  await confirmHalfDeposit(page, booking.bookingCode, '$150.00');

  await page.goto('/invoices');
  const row = page.getByTestId('invoice-row').filter({ hasText: booking.bookingCode });
  await untilShown(page, async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill(booking.bookingCode);
    await expect(row).toHaveCount(1, { timeout: 2000 });
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).first().click(),
  ]);
  // Written by money with the kit's writer: the spec's name, a header and only the searched row.
  expect(download.suggestedFilename()).toBe('invoices_export.csv');
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(booking.bookingCode);
  expect(lines[1]).toContain('150.00');
});
