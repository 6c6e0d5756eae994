import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PASSWORD, apiToken, signIn } from './helpers.ts';

// Each run starts from a fresh product, but names still carry a suffix so a re-run against
// a long-lived instance does not trip over its own leftovers.
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

async function ownerApi(request: APIRequestContext) {
  const { token } = await apiToken(request, 'owner@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  return {
    headers,
    async createResource(
      name: string,
      extra: Record<string, unknown> = {},
    ): Promise<{ id: string; name: string }> {
      const res = await request.post('/api/resources', {
        headers,
        data: { name, type: 'room', capacity: 40, ...extra },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: string; name: string };
    },
  };
}

/** Picks an option in a Mantine Select / MultiSelect opened from its labelled input. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a hall with custom hours and a rate card, priced by the server', async ({ page }) => {
  const hall = `Riverside Hall ${RUN}`;
  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesHalls');
  await expect(page.getByRole('heading', { name: 'Halls/Rooms' })).toBeVisible();
  await page.getByRole('button', { name: 'New Hall/Room' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(hall);
  await dialog.getByRole('textbox', { name: 'Capacity' }).fill('150');
  await dialog.getByRole('tab', { name: 'Hours' }).click();
  // §9 defaults are in place before anything is changed
  await expect(dialog.getByLabel('Saturday opening time')).toHaveValue('09:00');
  await expect(dialog.getByLabel('Sunday closing time')).toHaveValue('16:00');
  await dialog.getByLabel('Monday closing time').fill('21:30');
  await dialog.getByLabel('Sunday closed').check();
  await dialog.getByLabel('Tuesday closing time').fill('07:00');
  await dialog.getByRole('button', { name: 'Create Hall/Room' }).click();
  const errors = dialog.getByTestId('form-errors');
  await expect(errors).toContainText('Please fix the following errors:');
  await expect(errors).toContainText('Tuesday closing time must be after opening time');

  await dialog.getByLabel('Tuesday closing time').fill('18:00');
  await dialog.getByRole('tab', { name: 'Buffers' }).click();
  await dialog.getByLabel('Setup buffer (minutes)').fill('30');
  await dialog.getByRole('button', { name: 'Create Hall/Room' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Resource created successfully!')).toBeVisible();

  const row = page.getByTestId('halls-table').getByRole('row', { name: `${hall} details` });
  await expect(row).toContainText('Varies'); // Sunday is closed
  await expect(row).toContainText('30/15 min');
  await row.click();
  const panel = page.getByTestId('hall-detail-panel');
  await expect(panel).toContainText('Mon 08:00-21:30');
  // the server generated an upper-case code from the name
  const code = (await panel.getByRole('row', { name: /^Code/ }).getByRole('cell').innerText()).trim();
  expect(code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
  expect(code).toContain('RIVERSIDE');
  await page.keyboard.press('Escape');

  // the hall survives a reload: it is stored on the server, not in the page
  await page.reload();
  await expect(page.getByTestId('halls-table').getByRole('row', { name: `${hall} details` })).toBeVisible();

  await page.goto('/PricingRatecards');
  await page.getByRole('button', { name: 'Add Pricing' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create Pricing' }).click();
  await expect(page.getByTestId('form-errors')).toContainText('Resource is required');
  await expect(page.getByTestId('form-errors')).toContainText('Weekday rate is required');
  // rate-card options read "{name} ({code})"
  await page.getByRole('dialog').getByRole('combobox', { name: 'Resource' }).click();
  await page.getByRole('option', { name: new RegExp(`^${hall} \\(`) }).click();
  await page.getByRole('dialog').getByLabel('Weekday rate').fill('120.50');
  await page.getByRole('dialog').getByLabel('Weekend rate').fill('150');
  await page.getByRole('dialog').getByLabel('Description').fill('Evening rate includes lighting');
  await page.getByRole('dialog').getByRole('button', { name: 'Create Pricing' }).click();
  await expect(page.getByText('Pricing created successfully!')).toBeVisible();
  const card = page.getByTestId('pricing-card').filter({ hasText: hall });
  await expect(card).toContainText('$120.50');
  await expect(card).toContainText('$150.00');
  await expect(card).toContainText('Hourly');

  // price check: Monday 7 Dec 2026, 10:00–14:00 → 4 h × $120.50 on the weekday rate
  const check = page.getByTestId('price-check');
  await check.getByRole('combobox', { name: 'Resource to price' }).click();
  await page.getByRole('option', { name: hall, exact: true }).click();
  await check.getByLabel('Date').fill('2026-12-07');
  await check.getByLabel('Start time').fill('10:00');
  await check.getByLabel('End time').fill('14:00');
  await check.getByRole('button', { name: 'Check price' }).click();
  await expect(check.getByTestId('price-total')).toHaveText('$482.00');
  // Saturday 12 Dec uses the weekend rate: 4 h × $150
  await check.getByLabel('Date').fill('2026-12-12');
  await check.getByRole('button', { name: 'Check price' }).click();
  await expect(check.getByTestId('price-total')).toHaveText('$600.00');
});

test('a block-out across two resources, with the bulk form rules', async ({ page, request }) => {
  const api = await ownerApi(request);
  const a = await api.createResource(`Studio ${RUN} A`);
  const b = await api.createResource(`Studio ${RUN} B`);
  const archived = await api.createResource(`Studio ${RUN} Old`);
  const arch = await request.post(`/api/resources/${archived.id}/archive`, { headers: api.headers });
  expect(arch.ok()).toBe(true);

  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesBlockouts');
  await expect(page.getByRole('heading', { name: 'Block-outs' })).toBeVisible();
  await expect(
    page.getByText('Set maintenance periods and other times when the hall is unavailable.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Bulk Block-out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Time from')).toHaveValue('09:00');
  await expect(dialog.getByLabel('Time to')).toHaveValue('17:00');
  await expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveValue('Maintenance');

  await dialog.getByLabel('Date from').fill('2026-12-15');
  await dialog.getByLabel('Date to').fill('2026-12-14');
  await dialog.getByRole('button', { name: 'Create Block-out' }).click();
  await expect(dialog.getByTestId('form-errors')).toContainText('Please select at least one resource');
  await expect(dialog.getByTestId('form-errors')).toContainText('End date must be after start date');

  // only active resources are offered
  await dialog.getByRole('combobox', { name: 'Resources' }).click();
  await expect(page.getByRole('option', { name: archived.name })).toHaveCount(0);
  await page.getByRole('option', { name: a.name, exact: true }).click();
  await page.getByRole('option', { name: b.name, exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Date to').fill('2026-12-16');
  await choose(page, 'Reason', 'Deep Cleaning');
  // two days are one block-out per day unless the period is made continuous
  await expect(dialog.getByTestId('blockout-summary')).toContainText('one block-out per day');
  await dialog.getByLabel('Continuous from start to end').check();
  await expect(dialog.getByTestId('blockout-summary')).toContainText('one continuous block-out');
  await dialog.getByRole('button', { name: 'Create Block-out' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  const row = page.getByTestId('blockouts-table').getByRole('row').filter({ hasText: a.name });
  await expect(row).toContainText(b.name);
  await expect(row).toContainText('15/12/2026 9:00 AM');
  await expect(row).toContainText('16/12/2026 5:00 PM');
  await expect(row).toContainText('Deep Cleaning');

  const list = await request.get('/api/blockouts', { headers: api.headers });
  const stored = ((await list.json()) as Array<{ resourceIds: string[]; reason: string }>).filter((x) =>
    x.resourceIds.includes(a.id),
  );
  expect(stored).toHaveLength(1);
  expect([...stored[0]!.resourceIds].sort()).toEqual([a.id, b.id].sort());

  // deleting asks first
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('blockouts-table').getByRole('row').filter({ hasText: a.name })).toHaveCount(
    0,
  );
});

test('syncing the NSW 2026 public holidays fills in the official dates, once', async ({ page }) => {
  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesHolidays');
  await expect(page.getByRole('heading', { name: 'Public Holidays' })).toBeVisible();
  await page.getByRole('button', { name: 'Sync with the state calendar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'State' })).toHaveValue('NSW');
  await choose(page, 'Year', '2026');
  await dialog.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(dialog.getByTestId('sync-result')).toContainText(/\d+ added, 0 updated/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue('2026');
  const table = page.getByTestId('holidays-table');
  const australiaDay = table.getByRole('row').filter({ hasText: 'Australia Day' });
  await expect(australiaDay).toContainText('26/01/2026');
  await expect(australiaDay).toContainText('Official');
  const labourDay = table.getByRole('row').filter({ hasText: 'Labour Day' });
  await expect(labourDay).toContainText('05/10/2026');
  await expect(labourDay).toContainText('NSW');
  const count = await table.getByRole('row').count();

  // syncing again updates, never duplicates
  await page.getByRole('button', { name: 'Sync with the state calendar' }).click();
  await choose(page, 'Year', '2026');
  await page.getByRole('dialog').getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByRole('dialog').getByTestId('sync-result')).toContainText('0 added');
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await expect(table.getByRole('row')).toHaveCount(count);

  // the impact chips narrow the list: Australia Day carries the standard surcharge
  await page.getByRole('group', { name: 'Impact' }).getByText('Surcharge').click();
  await expect(table.getByRole('row').filter({ hasText: 'Australia Day' })).toContainText('25%');
});

test('a sub-user with the resources and pricing keys gets read-only pages', async ({ page, request }) => {
  const api = await ownerApi(request);
  const email = `viewer-${RUN.toLowerCase()}@demo.local`;
  const created = await request.post('/api/users', {
    headers: api.headers,
    data: {
      name: 'Vic Viewer',
      email,
      password: PASSWORD,
      role: 'sub_user',
      permissions: ['dashboard', 'resources', 'pricing'],
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.createResource(`Readonly Room ${RUN}`);

  await signIn(page, email);
  await page.goto('/ResourcesHalls');
  await expect(page.getByTestId('read-only-notice')).toContainText('Only Hall Owners can manage resources.');
  await expect(page.getByTestId('halls-table')).toContainText(`Readonly Room ${RUN}`);
  await expect(page.getByRole('button', { name: 'New Hall/Room' })).toHaveCount(0);
  await page.goto('/PricingRatecards');
  await expect(page.getByTestId('read-only-notice')).toContainText('Only Hall Owners can manage pricing.');
  await expect(page.getByRole('button', { name: 'Add Pricing' })).toHaveCount(0);
  await page.goto('/PricingAddons');
  await expect(page.getByTestId('addons-table')).toContainText('Projector');
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
});

test('the catalogue screens have no axe violations', async ({ page }) => {
  const scan = () => new AxeBuilder({ page }).include('[data-testid="remote-catalogue"]').analyze();
  await signIn(page, 'owner@demo.local');
  await page.goto('/ResourcesHalls');
  await expect(page.getByRole('heading', { name: 'Halls/Rooms' })).toBeVisible();
  await expect(page.getByTestId('loading-state')).toHaveCount(0);
  expect((await scan()).violations).toEqual([]);

  await page.getByRole('button', { name: 'New Hall/Room' }).click();
  await page.getByRole('dialog').getByRole('tab', { name: 'Hours' }).click();
  const hours = await new AxeBuilder({ page })
    .include('[role="dialog"]')

    .analyze();
  expect(hours.violations).toEqual([]);
  await page.keyboard.press('Escape');

  for (const [path, heading] of [
    ['/PricingRatecards', 'Rate Cards'],
    ['/Resources', 'Resources'],
    ['/ResourcesHolidays', 'Public Holidays'],
    ['/ResourcesBlockouts', 'Block-outs'],
    ['/PricingAddons', 'Add-ons'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByTestId('loading-state')).toHaveCount(0);
    expect((await scan()).violations, path).toEqual([]);
  }
});
