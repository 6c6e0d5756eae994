import { readFileSync } from 'node:fs';
import { test, expect, type APIRequestContext } from '@playwright/test';
import { apiToken, signIn } from './helpers.ts';

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

async function createResource(request: APIRequestContext, name: string, capacity: number, extra = {}) {
  const { token } = await apiToken(request, 'owner@demo.local');
  const res = await request.post('/api/resources', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, type: 'room', capacity, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string; code: string };
}

test('halls table: filters, sorting, duplicate, archive/restore and the selection export', async ({
  page,
  request,
}) => {
  const alpha = await createResource(request, `Alpha ${RUN}`, 60);
  const beta = await createResource(request, `Beta ${RUN}`, 25);
  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesHalls');
  await page.getByLabel('Search by name or code').fill(RUN);
  const table = page.getByTestId('halls-table');
  const rowOf = (name: string) => table.getByRole('row', { name: `${name} details` });
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await page.getByLabel('Minimum capacity').fill('30');
  await expect(rowOf(beta.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await page.getByLabel('Search by name or code').fill(RUN);

  // capacity sort cycles ascending → descending → none
  const capacity = table.getByRole('columnheader', { name: /Capacity/ });
  await capacity.getByRole('button').click();
  await expect(capacity).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').nth(1)).toContainText(beta.name);
  await capacity.getByRole('button').click();
  await expect(capacity).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText(alpha.name);
  await capacity.getByRole('button').click();
  await expect(capacity).toHaveAttribute('aria-sort', 'none');

  await page.getByRole('button', { name: `Actions for ${alpha.name}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(rowOf(`${alpha.name} (Copy)`)).toBeVisible();
  // the copy opens in the detail panel, with its own server-made code
  const panel = page.getByTestId('hall-detail-panel');
  await expect(panel).toBeVisible();
  const copyCode = panel.getByRole('row', { name: /^Code/ }).getByRole('cell');
  await expect(copyCode).toHaveText(/^[A-Z0-9-]+$/);
  await expect(copyCode).not.toHaveText(alpha.code);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: `Actions for ${alpha.name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(rowOf(alpha.name)).toContainText('Archived');
  await page.getByRole('group', { name: 'Status' }).getByText('Archived').click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Actions for ${alpha.name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.getByRole('group', { name: 'Status' }).getByText('Archived').click();

  // Enter on a focused row opens its details
  await rowOf(beta.name).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toContainText(beta.code);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByRole('checkbox', { name: `Select ${beta.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${alpha.name} (Copy)` }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export Selected' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain(beta.name);
  expect(csv).toContain(`${alpha.name} (Copy)`);
  expect(csv).not.toMatch(new RegExp(`${alpha.name}(?! \\(Copy\\))`));

  await bar.getByRole('button', { name: 'Archive Selected' }).click();
  await expect(rowOf(beta.name)).toContainText('Archived');
  await expect(rowOf(`${alpha.name} (Copy)`)).toContainText('Archived');
  await expect(rowOf(alpha.name)).toContainText('Active');
});

test('halls table at 1400 px: every status badge reads in full and the page does not scroll sideways', async ({
  page,
  request,
}) => {
  const wide = await createResource(request, `Wide Hall With A Long Name ${RUN}`, 120, {
    description: 'A public description long enough to fill its column. '.repeat(4),
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesHalls');
  const table = page.getByTestId('halls-table');
  await expect(table.getByRole('row', { name: `${wide.name} details` })).toContainText('Active');

  const fit = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[data-testid="halls-table"] tbody .mantine-Badge-label')];
    return {
      count: labels.length,
      clipped: labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(fit.count).toBeGreaterThan(0);
  expect(fit.clipped, 'no status badge is cut short').toEqual([]);
  expect(fit.pageOverflow, 'the page itself never scrolls sideways').toBeLessThanOrEqual(0);
});

test('on a 375 px phone the catalogue pages and the hours tab stay within the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'owner@demo.local');
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const [path, heading] of [
    ['/ResourcesHalls', 'Halls/Rooms'],
    ['/ResourcesBlockouts', 'Block-outs'],
    ['/PricingAddons', 'Add-ons'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    expect(await overflow(), `${path} does not scroll sideways`).toBeLessThanOrEqual(0);
  }
  await expect(page.getByTestId('addons-table')).toContainText('Projector');
  expect(await overflow(), 'the add-ons table scrolls inside its own box').toBeLessThanOrEqual(0);

  // the opening-hours grid scrolls inside the dialog, every day's "closed" box still reachable
  await page.goto('/ResourcesHalls');
  await page.getByRole('button', { name: 'New Hall/Room' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Hours' }).click();
  const sunday = dialog.getByRole('checkbox', { name: 'Sunday closed' });
  await sunday.check();
  await expect(sunday).toBeChecked();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('the detail panel hands out a secret calendar feed URL and can revoke it', async ({ page, request }) => {
  const room = await createResource(request, `Feed Room ${RUN}`, 20, { icsEnabled: true });
  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesHalls');
  await page
    .getByTestId('halls-table')
    .getByRole('row', { name: `${room.name} details` })
    .click();
  const panel = page.getByTestId('hall-detail-panel');
  await expect(panel.getByRole('button', { name: 'Revoke ICS URL' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Copy ICS URL' }).click();
  const url = (await panel.getByTestId('ics-url').innerText()).trim();
  expect(url).toMatch(/\/api\/ics\/[^/]+\.ics$/);
  const feed = await request.get(url); // public: no token
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await panel.getByRole('button', { name: 'Revoke ICS URL' }).click();
  await expect(panel.getByRole('button', { name: 'Revoke ICS URL' })).toHaveCount(0);
  expect((await request.get(url)).status()).toBe(404);
});

test('a holiday saved by hand survives an ICS export and re-import', async ({ page }) => {
  const name = `Harbour Festival ${RUN}`;
  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesHolidays');
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2027' }).click();

  await page.getByRole('button', { name: 'New Holiday' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save Holiday' }).click();
  await expect(dialog.getByTestId('form-errors')).toContainText('Holiday name is required');
  await expect(dialog.getByTestId('form-errors')).toContainText('Date is required');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByLabel('Date').fill('2027-03-15');
  await dialog.getByLabel('Block-out (no bookings)').check();
  await dialog.getByRole('button', { name: 'Save Holiday' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('holidays-table').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('15/03/2027');
  await expect(row).toContainText('Manual');
  await expect(row).toContainText('PH-Std');
  await expect(row).toContainText('25%');
  await expect(row).toContainText('Yes');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export ICS' }).click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toContain('BEGIN:VCALENDAR');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('holidays-table').getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await page.getByLabel('Import ICS file').setInputFiles(file);
  await expect(page.getByText(/Imported \d+ holiday/)).toBeVisible();
  await expect(page.getByTestId('holidays-table').getByRole('row').filter({ hasText: name })).toContainText(
    '15/03/2027',
  );
});

test('add-ons: the starting three, then add, edit inline and delete', async ({ page }) => {
  const name = `Chairs ${RUN}`;
  await signIn(page, 'owner@demo.local');
  await page.goto('/PricingAddons');
  const table = page.getByTestId('addons-table');
  await expect(table.getByRole('row').filter({ hasText: 'Projector' })).toContainText('$50.00');
  await expect(table.getByRole('row').filter({ hasText: 'Sound System' })).toContainText('$80.00');
  await expect(table.getByRole('row').filter({ hasText: 'Cleaning Service' })).toContainText('$30.00');

  await page.getByRole('button', { name: 'New add-on' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('form-errors')).toContainText('Add-on name is required');
  await expect(page.getByTestId('form-errors')).toContainText('Price is required');
  await page.getByLabel('Add-on name').fill(name);
  await page.getByLabel('Add-on price').fill('2.5');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$2.50');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editor = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Save' }) });
  await editor.getByLabel('Price').fill('3');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('$3.00');

  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('$3.00');
  await table.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
