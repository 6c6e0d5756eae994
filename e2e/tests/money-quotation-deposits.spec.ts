import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { OWNER, createResource, ownerApi, signIn, venueDay } from './helpers.ts';

// Issue 13, spec 03 §2.2: the Deposits page's Quotations tab lists a quotation's deposit and
// marks it paid from its drawer; the quotation itself then says its deposit is paid.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = Date.now().toString(36);

test('Deposits → Quotations: a quotation’s deposit, Mark Paid by cash from the drawer, and back', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  // a quotation names one of the venue's spaces (issue 24 item 2: the catalogue's, by id or name)
  const hall = await createResource(api, `Quote Hall ${RUN}`);
  const quotation = await api.post<{ id: string; depositCents: number }>('/api/quotations', {
    customerName: `Quoted Quinn ${RUN}`,
    customerEmail: `quinn-${RUN}@example.com`,
    customerPhone: '0412 345 678',
    eventType: 'Wedding',
    resource: hall.id,
    eventDate: venueDay(40),
    startTime: '18:00',
    endTime: '23:00',
    totalAmount: 2200,
    depositType: 'Percentage',
    depositValue: 25,
  });
  expect(quotation.depositCents).toBe(55_000);
  // A draft has no number yet (issue 24 item 2): the page calls it a draft, never by its id.
  const name = `Draft quotation of Quoted Quinn ${RUN}`;

  await signIn(page, OWNER);
  await page.goto('/deposits');
  await expect(page.getByRole('heading', { name: 'Deposits' })).toBeVisible();
  await page.getByRole('tab', { name: 'Quotations' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(`Quoted Quinn ${RUN}`);
  const row = page.getByTestId('quotation-deposit-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('Draft');
  await expect(row).not.toContainText(quotation.id.slice(0, 8));
  await expect(row).toContainText('$2,200.00');
  await expect(row).toContainText('$550.00');
  await expect(row).toContainText('$1,650.00');
  await expect(row).toContainText('Draft');
  await expect(page.getByRole('region', { name: 'Quotations: TOTAL DEPOSITS' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await row.getByRole('button', { name: `Details of ${name}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Deposit — Draft quotation' });
  await expect(drawer).toContainText(`quinn-${RUN}@example.com`);
  await drawer.getByRole('button', { name: 'Mark Paid (Cash)' }).click();
  await expect(
    page.getByText(`Deposit of $550.00 for Draft quotation (Quoted Quinn ${RUN}) marked paid (Cash).`),
  ).toBeVisible();
  await expect(drawer.getByText('Deposit Paid', { exact: true })).toBeVisible();
  const drawerAxe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(drawerAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Deposit Paid');

  // The quotation says so too (spec 03 §4: the flag is the quotation's until it is accepted).
  const q = await api.get<{ payment_details: { deposit_paid: boolean } }>(`/api/quotations/${quotation.id}`);
  expect(q.payment_details.deposit_paid).toBe(true);

  // Filter cycle: Unpaid hides it, Paid shows it.
  await page.getByRole('button', { name: /^Filter: All/ }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: /^Filter: Unpaid/ }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Mark Unpaid ${name}` }).click();
  await expect(
    page.getByText(`Deposit for Draft quotation (Quoted Quinn ${RUN}) marked unpaid.`),
  ).toBeVisible();
  // Now unpaid, so the Paid filter no longer shows it.
  await expect(row).toHaveCount(0);
});
