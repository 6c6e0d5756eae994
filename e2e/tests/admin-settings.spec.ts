import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PASSWORD, apiToken, axeSummary, signIn } from './helpers.ts';

// The second demo owner, so other suites that read owner@demo.local keep the default formats.
const OWNER = 'owner2@demo.local';

test.describe.configure({ mode: 'serial' });

/** Mantine hides the checkbox of a switch; users click its label, and so does the test. */
async function flip(page: Page, label: string) {
  await page.locator('label', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).click();
}

test.afterAll(async ({ playwright }) => {
  // Put the tenant back as the seed left it, whatever the tests above got to.
  const api = await playwright.request.newContext({ baseURL: process.env.BASE_URL });
  const login = await api.post('/api/login', { data: { email: OWNER, password: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  await api.put('/api/users/settings', {
    headers,
    data: {
      timezone: 'Australia/Sydney',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '12h',
      currency: 'AUD',
      taxRate: 10,
      // Tokyo above brought Japan along as the venue country (decision 28)
      country: 'AU',
    },
  });
  await api.put('/api/tenant-settings/policies', { headers, data: { defaultBondCents: 0 } });
  await api.dispose();
});

test('changing general settings reformats dates and money across pages', async ({ page }) => {
  await signIn(page, OWNER);

  await test.step('a money amount and audit dates in the default formats', async () => {
    await page.goto('/SettingsPolicies');
    const bond = page.getByLabel('Default bond');
    await bond.fill('1234.5');
    await page.getByRole('button', { name: 'Save Policies' }).click();
    await expect(page.getByText('Policies saved.')).toBeVisible();
    await expect(page.getByText('Shown as $1,234.50.')).toBeVisible();

    await page.goto('/Audit');
    const first = page.getByTestId('audit-time').first();
    // DD/MM/YYYY and 12-hour time
    await expect(first).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);
  });

  await test.step('the live previews follow the form before saving', async () => {
    await page.goto('/SettingsGeneral');
    await expect(page.getByTestId('currency-preview')).toHaveText('Preview: $1,234.56');
    await page.getByLabel('Timezone').selectOption('Asia/Tokyo');
    // the country follows a new time zone while it is the old zone's (decision 28)
    await expect(page.getByLabel('Country')).toHaveValue('JP');
    await page.getByLabel('Date format').selectOption('YYYY-MM-DD');
    await page.getByLabel('Time format').selectOption('24h');
    await page.getByLabel('Currency').selectOption('EUR');
    await expect(page.getByTestId('currency-preview')).toHaveText(/Preview: 1\.234,56\s€/);
    await expect(page.getByTestId('datetime-preview')).toHaveText(/^Preview: \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Great! Your settings have been saved successfully!')).toBeVisible();
  });

  await test.step('other pages use the saved settings, also after a reload', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Policies' }).click();
    await expect(page.getByText(/Shown as 1\.234,50\s€\./)).toBeVisible();
    await page.goto('/Audit');
    await expect(page.getByTestId('audit-time').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const row = page.getByTestId('audit-row').filter({ hasText: 'Settings updated' }).first();
    await row.getByRole('button', { name: 'View' }).click();
    const detail = page.getByTestId('audit-detail');
    await expect(detail.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByTestId('audit-time').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await page.goto('/SettingsGeneral');
    await expect(page.getByLabel('Timezone')).toHaveValue('Asia/Tokyo');
    await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  });
});

test('payment settings validate like the server and persist', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/SettingsPayments');
  const methods = page.getByTestId('payment-methods');
  // Issue 24 item 13: one Save Settings, in a bar that stays in view, saves every card edited.
  const bar = page.getByTestId('payments-save-bar');
  const save = bar.getByRole('button', { name: 'Save Settings' });
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(1);

  await test.step('the Stripe account ID: prefix check, Looks valid, lock and Edit', async () => {
    await flip(page, 'Card payments (Stripe)');
    const id = methods.getByLabel('Stripe Account ID');
    await id.fill('abc');
    await expect(methods.getByText('Stripe Account ID must start with "acct_"')).toBeVisible();
    await save.click();
    await expect(bar.getByRole('alert')).toContainText('Stripe account ID not saved');
    await expect(id).toBeFocused();
    await id.fill('acct_1VenueTest');
    await expect(methods.getByText('Looks valid')).toBeVisible();
    await expect(bar).toContainText('Unsaved changes: Stripe account ID');
    await save.click();
    await expect(bar.getByRole('status')).toContainText('Settings saved successfully!');
    await expect(id).toHaveAttribute('readonly', '');
    await expect(methods.getByRole('button', { name: 'Edit Stripe ID' })).toBeVisible();
  });

  await test.step('bank details: BSB and account number are formatted as typed', async () => {
    const bank = page.getByTestId('bank-details');
    await bank.getByLabel('Account name').fill('Hilltop Community Centre Inc');
    await bank.getByLabel('Bank name').fill('Regional Bank');
    await bank.getByLabel('BSB').fill('12');
    await bank.getByLabel('Account number').fill('12ab-34 56');
    await expect(bank.getByLabel('Account number')).toHaveValue('123456');
    await save.click();
    await expect(bank.getByText('BSB must be 6 digits (e.g. 123-456)').first()).toBeVisible();
    await expect(bank.getByLabel('BSB')).toBeFocused();
    await bank.getByLabel('BSB').fill('062000');
    await expect(bank.getByLabel('BSB')).toHaveValue('062-000');
    await save.click();
    await expect(bar.getByRole('status')).toContainText('Settings saved successfully! (Bank details)');
  });

  await test.step('a payment method is saved as soon as it is switched', async () => {
    await flip(page, 'Cheque');
    await expect(page.getByTestId('payment-status')).toContainText('Cheque');
  });

  await test.step('business details: the ABN checksum', async () => {
    const business = page.getByTestId('business-details');
    await business.getByLabel('Business name').fill('Hilltop Community Centre');
    await business.getByLabel('ABN').fill('12345678901');
    await save.click();
    await expect(business.getByText('ABN must be 11 digits with a valid checksum')).toBeVisible();
    await expect(business.getByLabel('ABN')).toBeFocused();
    await business.getByLabel('ABN').fill('51 824 753 556');
    await save.click();
    await expect(bar.getByRole('status')).toContainText('Settings saved successfully! (Business Details)');
  });

  await test.step('invoice settings, edited with the business name: one Save saves both', async () => {
    const invoice = page.getByTestId('invoice-settings');
    await invoice.getByLabel('Default due days').fill('400');
    await save.click();
    await expect(invoice.getByText('Default due days must be a whole number from 0 to 365.')).toBeVisible();
    await expect(invoice.getByLabel('Default due days')).toBeFocused();
    await invoice.getByLabel('Default due days').fill('14');
    await page
      .getByTestId('business-details')
      .getByLabel('Business name')
      .fill('Hilltop Community Centre Inc');
    await expect(bar).toContainText('Unsaved changes: Invoice Settings, Business Details');
    await save.click();
    await expect(bar.getByRole('status')).toContainText(
      'Settings saved successfully! (Invoice Settings, Business Details)',
    );
    await expect(bar).toContainText('No unsaved changes.');
  });

  await test.step('everything is still there after a reload', async () => {
    await page.reload();
    await expect(methods.getByLabel('Stripe Account ID')).toHaveValue('acct_1VenueTest');
    await expect(methods.getByLabel('Stripe Account ID')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('switch', { name: 'Cheque' })).toBeChecked();
    await expect(page.getByTestId('bank-details').getByLabel('BSB')).toHaveValue('062-000');
    await expect(page.getByTestId('business-details').getByLabel('ABN')).toHaveValue('51824753556');
    await expect(page.getByTestId('invoice-settings').getByLabel('Default due days')).toHaveValue('14');
    await expect(page.getByTestId('payment-status')).toContainText('Stripe account ID saved.');
  });
});

test('the GST rate is checked and saved', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/SettingsTaxes');
  const rate = page.getByLabel('GST Rate (%)');
  await expect(rate).toHaveValue('10');
  await expect(page.getByText('Default for new accounts is 10%')).toBeVisible();
  await rate.fill('101');
  await page.getByRole('button', { name: 'Save GST Settings' }).click();
  await expect(page.getByText('GST rate must be a number between 0 and 100.')).toBeVisible();
  await rate.fill('12.5');
  await page.getByRole('button', { name: 'Save GST Settings' }).click();
  await expect(page.getByText('GST settings saved.')).toBeVisible();
  // the banner clears itself after 2.5 seconds
  await expect(page.getByText('GST settings saved.')).toBeHidden({ timeout: 5_000 });
  await page.reload();
  await expect(page.getByLabel('GST Rate (%)')).toHaveValue('12.5');
});

test('integrations lists the real calendar feeds and the webhooks card', async ({ page, request: api }) => {
  await signIn(page, OWNER);
  // publish one hall's feed through the API, as the Halls/Rooms page does
  const { token } = await apiToken(api, OWNER);
  const headers = { authorization: `Bearer ${token}` };
  const created = await api.post('/api/resources', {
    headers,
    data: { name: `Feed Hall ${Date.now()}`, type: 'hall', capacity: 80 },
  });
  expect(created.status()).toBe(201);
  const hall = (await created.json()) as { id: string; name: string };
  expect((await api.post(`/api/resources/${hall.id}/ics-token`, { headers })).status()).toBe(201);

  await page.goto('/SettingsIntegrations');
  const feeds = page.getByTestId('calendar-feeds');
  const row = feeds.getByRole('row', { name: new RegExp(hall.name) });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByTestId('webhooks').getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axeSummary(axe)).toEqual([]);

  await feeds.getByRole('link', { name: 'Halls/Rooms' }).click();
  await expect(page).toHaveURL(/\/ResourcesHalls$/);
  await api.delete(`/api/resources/${hall.id}`, { headers });
});

test('owners get the full help; data export and customer erasure work', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/Help');
  const docs = page.getByTestId('remote-admin');
  for (const title of [
    'Getting Started',
    'Dashboard',
    'Calendar',
    'Bookings Management',
    'Invoices & Payments',
    'Quotations',
    'Resources',
    'Pricing & Rate Cards',
    'Customers',
    'Reports',
    'Communications',
    'Settings',
    'Sub-Users',
    'Audit Log',
    'Tips',
    'FAQs',
    'Need More Help',
  ]) {
    await expect(
      docs.getByRole('button', { name: new RegExp(`^${title}( Not available yet)?$`) }),
    ).toBeVisible();
  }

  await page.goto('/SettingsPrivacy');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Data Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tenant-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as {
    services: { admin: { status: string } };
  };
  expect(exported.services.admin.status).toBe('included');

  await page.getByLabel('Customer email').fill('leaving@example.com');
  await page.getByRole('button', { name: 'Erase Customer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase customer?' });
  await expect(confirm).toContainText('leaving@example.com');
  await confirm.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByTestId('erase-flash')).toHaveAttribute('role', 'status');
  await expect(confirm).toBeHidden();
});

test('settings screens have no axe violations', async ({ page }) => {
  await signIn(page, OWNER);
  for (const path of ['/SettingsGeneral', '/SettingsPayments', '/SettingsPrivacy']) {
    await page.goto(path);
    await expect(page.getByText('Loading settings...')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const result = await new AxeBuilder({ page }).include('main').analyze();
    expect(axeSummary(result), path).toEqual([]);
  }
});
