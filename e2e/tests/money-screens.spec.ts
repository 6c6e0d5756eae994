import { test, expect, type Page } from '@playwright/test';
import { OWNER, apiToken, seedDemo, signIn } from './helpers.ts';

// Issue 24 items 13 and 14 over the demo venue's money: the screens a venue reads at a glance, at
// a desktop's 1400 px and a phone's 375 px, and a paid invoice sent again.
test.use({ timezoneId: 'Australia/Sydney' });

test.beforeAll(async ({ baseURL }) => {
  // Six months of history for two venues through the services' demo routes (decision 48): every
  // invoice status, deposits, quotations (skipped when it is there already).
  test.setTimeout(300_000);
  await seedDemo(baseURL!);
});

/** Status badges whose words do not fit (Mantine cuts them with an ellipsis: "UN…"). */
async function cutBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-root'))
      .filter((b) => b.offsetParent !== null)
      .filter((b) => {
        const label = b.querySelector<HTMLElement>('.mantine-Badge-label') ?? b;
        return label.scrollWidth > label.clientWidth + 1 || b.scrollWidth > b.clientWidth + 1;
      })
      .map((b) => b.textContent ?? ''),
  );
}

/** How many lines each element's text takes (an invoice number must take one). */
async function lineCounts(page: Page, selector: string): Promise<Record<string, number>> {
  return page.evaluate((sel) => {
    const out: Record<string, number> = {};
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
      out[el.textContent ?? ''] = tops.size;
    }
    return out;
  }, selector);
}

/** Whether the page scrolls sideways (it must not on a phone: tables scroll inside themselves). */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('no status badge is cut off and no invoice number or booking code wraps', async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, OWNER);

      // Dashboard: schedule, payments due, holds, KPI changes
      await page.goto('/Dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByTestId('payments-due')).toBeVisible({ timeout: 30_000 });
      // (a badge of the page, not the side menu's count of requests waiting)
      await expect(page.locator('main .mantine-Badge-root').first()).toBeVisible();
      expect(await cutBadges(page), 'Dashboard').toEqual([]);
      const due = await lineCounts(page, '[data-testid="payments-due"] tbody td:nth-child(2)');
      for (const [invoice, lines] of Object.entries(due)) expect(lines, invoice).toBe(1);

      // Invoices: every status, numbers on one line
      await page.goto('/Invoices');
      const rows = page.getByTestId('invoice-row');
      await expect(rows.first()).toBeVisible({ timeout: 30_000 });
      await expect(rows.locator('.mantine-Badge-root').first()).toBeVisible();
      expect(await cutBadges(page), 'Invoices').toEqual([]);
      const numbers = await lineCounts(page, '[data-testid="invoice-row"] td:nth-child(2) button');
      expect(Object.keys(numbers).length).toBeGreaterThan(0);
      for (const [number, lines] of Object.entries(numbers)) expect(lines, number).toBe(1);
      expect(await overflowsSideways(page), 'Invoices scroll sideways').toBe(false);

      // Deposits: both tabs
      await page.goto('/Deposits');
      const deposits = page.getByTestId('deposit-row');
      await expect(deposits.first()).toBeVisible({ timeout: 30_000 });
      expect(await cutBadges(page), 'Deposits').toEqual([]);
      const codes = await lineCounts(page, '[data-testid="deposit-row"] td:first-child');
      for (const [code, lines] of Object.entries(codes)) expect(lines, code).toBe(1);
      await page.getByRole('tab', { name: 'Quotations' }).click();
      await expect(page.getByTestId('quotation-deposit-row').first()).toBeVisible({ timeout: 30_000 });
      expect(await cutBadges(page), 'Deposits → Quotations').toEqual([]);
      expect(await overflowsSideways(page), 'Deposits scroll sideways').toBe(false);

      // Quotations: badges whole, no sideways scroll of the page, numbers not ids
      await page.goto('/Quotations');
      const table = page.getByRole('table', { name: 'Quotations' });
      await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      expect(await cutBadges(page), 'Quotations').toEqual([]);
      expect(await overflowsSideways(page), 'Quotations scroll sideways').toBe(false);
      const names = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/^(QUO-\d{4}-\d{5}|Draft)$/);
      const quotationNumbers = await lineCounts(page, 'table[aria-label="Quotations"] tbody td:nth-child(2)');
      for (const [number, lines] of Object.entries(quotationNumbers)) expect(lines, number).toBe(1);
    });
  });
}

test('a paid invoice can be sent to the customer again, as a copy (issue 24 item 14)', async ({
  page,
  request,
}) => {
  const { token } = await apiToken(request, OWNER);
  const res = await request.get('/api/invoices?status=PAID&limit=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const paid = (
    (await res.json()) as { items: { invoiceNumber: string; customer: { name: string; email: string } }[] }
  ).items[0];
  expect(paid, 'the demo venue has a paid invoice').toBeTruthy();

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, OWNER);
  await page.goto('/Invoices');
  await page.getByRole('textbox', { name: 'Search' }).fill(paid!.invoiceNumber);
  const row = page.getByTestId('invoice-row').filter({ hasText: paid!.invoiceNumber });
  await expect(row).toHaveCount(1);
  await row
    .getByRole('button', { name: `Actions for invoice ${paid!.invoiceNumber} of ${paid!.customer.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Send Email to Customer (copy)' }).click();
  await expect(
    page.getByText(
      `A copy of invoice ${paid!.invoiceNumber}, marked COPY, was e-mailed to ${paid!.customer.name} (${paid!.customer.email}) with its PDF.`,
    ),
  ).toBeVisible();
});

test('Share by e-mail on the Dashboard opens Send Email with the invoice to attach (issue 24 item 14)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, OWNER);
  const due = page.getByTestId('payments-due');
  await expect(due).toBeVisible({ timeout: 30_000 });
  // a row with an invoice (a bond not yet received has none to attach)
  const share = due.locator('button[title^="Opens Send Email with invoice"]').first();
  await expect(share).toHaveText('Share by e-mail');
  await expect(share).toHaveAttribute('title', /^Opens Send Email with invoice \S+ attached as a PDF$/);
  await share.click();
  await expect(page).toHaveURL(/\/comms-send-email\?.*invoiceId=[0-9a-f-]{36}/);
});
