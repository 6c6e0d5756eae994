import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { OWNER, seedDemo, signIn } from './helpers.ts';

// Issue 14 items 3–4: the Reports page over the demo venue's data, and its exports.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const PANELS = [
  'Historical Performance',
  'Upcoming Pipeline',
  'Forecast',
  'Resource Utilisation',
  'Bookings Funnel',
  'Payment Timeliness',
  'Payment Aging',
  'Customer Cohorts & Retention',
  'Cancellation Reasons',
];

test.beforeAll(async ({ baseURL }) => {
  // Six months of history for two venues through the services' demo routes (decision 48).
  test.setTimeout(240_000);
  // The demo venue's data as a first `npm start` seeds it (skipped when it is there already).
  await seedDemo(baseURL!);
});

/**
 * Events reach the insights read model through the outbox: reload until the figures are in. The
 * nine calls on a busy machine take seconds, so each look waits long enough for them to answer.
 */
async function openReports(page: Page) {
  test.setTimeout(180_000);
  await signIn(page, OWNER);
  await page.goto('/Reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const firstMonth = page.getByTestId('month-row').first();
  let looks = 0;
  await expect(async () => {
    if (looks++ > 0) await page.reload();
    await expect(firstMonth).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 120_000, intervals: [1000, 5000] });
}

test('Reports render every panel with the seeded demo data', async ({ page }) => {
  await openReports(page);
  await expect(page.getByTestId('error-state')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Executive KPIs' }).getByRole('listitem')).toHaveCount(6);
  for (const name of PANELS) await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(page.getByTestId('last-updated')).toContainText('Last updated');
  // The demo venue has bookings ahead, halls with opening hours and a forecast from them.
  await expect(
    page.getByRole('region', { name: 'Upcoming Pipeline' }).getByTestId('month-row').first(),
  ).toBeVisible();
  await expect(page.getByTestId('heatmap')).toBeVisible();
  await expect(page.getByTestId('forecast-method')).not.toBeEmpty();
  await expect(page.getByRole('region', { name: 'Forecast' }).getByRole('img')).toBeVisible();

  // The whole page as drawn, kept with the run's results for a look by eye.
  await page.screenshot({ path: test.info().outputPath('reports-page.png'), fullPage: true });
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('Export PDF downloads a multi-page PDF; Download CSVs a zip', async ({ page }) => {
  await openReports(page);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const pages = bytes.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
  expect(pages.length).toBeGreaterThan(1);

  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSVs' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const zipBytes = await readFile((await zip.path())!);
  expect(zipBytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByTestId('export-notice')).toHaveCount(0);
});

test('Schedule Email stores a weekly report, lists it and deletes it', async ({ page }) => {
  await openReports(page);
  await page.getByRole('button', { name: 'Schedule Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Report Email' });
  const address = `reports-${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel('Recipients').fill(`${address}, not-an-address`);
  await dialog.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(dialog).toContainText('"not-an-address" is not an e-mail address.');
  await dialog.getByLabel('Recipients').fill(address);
  await dialog.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Schedule Email' }).click();
  const row = dialog.getByTestId('schedule-row').filter({ hasText: address });
  await expect(row).toContainText('Weekly');
  await row.getByRole('button', { name: /^Delete the weekly report/ }).click();
  await expect(row).toHaveCount(0);
});
