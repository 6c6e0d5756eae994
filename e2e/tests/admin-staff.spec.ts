import { readFile } from 'node:fs/promises';
import { test, expect, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
// the kit's CSV reader alone (its export ./testing/csv), without the rest of the kit
import { readCsv } from '@venue/service-kit/testing/csv';
import { axeSummary, menuEntries, signIn } from './helpers.ts';

const OWNER = 'owner@demo.local';
// A leading '-' is a legal e-mail and also what a spreadsheet would run as a formula: the CSV
// export has to neutralise it.
const STAFF = `-${Date.now()}+desk@demo.test`;
const STAFF_NAME = 'Dana Desk';
const STAFF_PASSWORD = 'desk-pass-2026';

async function staffSession(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, STAFF, STAFF_PASSWORD);
  return page;
}

test('a sub-user gets exactly the pages granted, a scoped audit log, and loses the session when deactivated', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, OWNER);

  await test.step('the owner adds a sub-user with two permissions', async () => {
    await page.goto('/SettingsRoles');
    await expect(page.getByRole('heading', { name: 'Roles & Permissions' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Sub-User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Sub-User' });
    await dialog.getByLabel('Name').fill(STAFF_NAME);
    await dialog.getByLabel('Email').fill(STAFF);
    await dialog.getByLabel(/^Password/).fill(STAFF_PASSWORD);
    await dialog.getByLabel('Audit Log').check();
    await dialog.getByLabel('Help').check();
    await dialog.getByRole('button', { name: 'Create Sub-User' }).click();
    await expect(page.getByText('Sub-user created successfully!')).toBeVisible();
    const card = page.getByRole('article', { name: `Sub-user ${STAFF_NAME}` });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByTestId('permission-badges')).toHaveText(/Audit Log\s*Help/);
    // search narrows the cards
    await page.getByLabel('Search').fill('no such person');
    await expect(page.getByText('No sub-users found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(card).toBeVisible();
  });

  const staff = await staffSession(browser);

  await test.step('the sub-user sees only the granted pages', async () => {
    expect(await menuEntries(staff)).toEqual(['Audit Log', 'Management', 'Help']);
    await staff.goto('/Help');
    await expect(staff.getByText('Contact Your Hall Owner', { exact: true })).toBeVisible();
    await staff.goto('/SettingsGeneral');
    await expect(staff.getByText('Access Denied', { exact: false }).first()).toBeVisible();
  });

  await test.step("the sub-user's audit log holds only their own entries", async () => {
    await staff.goto('/Audit');
    await expect(staff.getByTestId('audit-role-badge')).toHaveText('Sub-User View');
    await expect(staff.getByTestId('audit-row').first()).toBeVisible();
    // each entry names the person (issue 24 item 15), with the address beneath
    const users = await staff.getByTestId('audit-user').allInnerTexts();
    expect(users.length).toBeGreaterThan(0);
    // (the name, then the address, each on its line; the cell's text may carry a space at a line end)
    const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const u of users)
      expect(u).toMatch(new RegExp(`${escape(STAFF_NAME)}\\s*\\n\\s*${escape(STAFF)}\\b`));
    await expect(staff.getByRole('button', { name: 'Check Sub-Users' })).toHaveCount(0);
  });

  await test.step("the owner's audit log shows the creation and the sub-user's sign-in, nothing of other venues", async () => {
    await page.goto('/Audit');
    await expect(page.getByTestId('audit-role-badge')).toHaveText('Hall Owner View');
    await expect(page.getByTestId('audit-row').filter({ hasText: STAFF }).first()).toBeVisible();
    await expect(page.getByTestId('audit-row').filter({ hasText: 'User created' }).first()).toBeVisible();
    const users = await page.getByTestId('audit-user').allInnerTexts();
    for (const u of users) expect(u).toMatch(/(owner|staff)@demo\.local|desk@demo\.test|^System\n/);
    // the sub-user by name (issue 24 item 15), not by address alone
    await expect(page.getByTestId('audit-user').filter({ hasText: STAFF_NAME }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Check Sub-Users' }).click();
    await expect(page.getByTestId('sub-user-list')).toContainText(STAFF);
    await page.keyboard.press('Escape');

    // detail modal of the creation: field-level changes and Copy JSON
    await page.getByLabel('Action').selectOption('user_created');
    const created = page.getByTestId('audit-row').first();
    await created.getByRole('button', { name: 'View' }).click();
    const detail = page.getByTestId('audit-detail');
    await expect(detail.getByTestId('audit-changes')).toContainText(STAFF_NAME);
    await expect(detail.getByRole('button', { name: 'Copy JSON' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
  });

  await test.step('the CSV export contains no formula cells', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readCsv(await readFile((await download.path()) as string, 'utf8')).filter(
      (r) => r.length > 1,
    );
    expect(rows[0]).toEqual(expect.arrayContaining(['Timestamp', 'User Email', 'Action']));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // the sub-user's e-mail is there, defused
    expect(rows.some((r) => r.includes(`'${STAFF}`))).toBe(true);
  });

  await test.step('deactivating the sub-user ends their open session', async () => {
    await page.goto('/SettingsRoles');
    await page.getByRole('button', { name: `Edit user ${STAFF_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Sub-User' });
    await expect(dialog.getByLabel('Email')).toBeDisabled();
    await dialog.getByLabel('Status').selectOption('inactive');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Sub-user updated successfully!')).toBeVisible();
    await expect(
      page.getByRole('article', { name: `Sub-user ${STAFF_NAME}` }).getByText('Inactive', { exact: true }),
    ).toBeVisible();

    // their next request fails and sends them to the sign-in page
    await staff.getByRole('button', { name: 'Refresh' }).click();
    await expect(staff).toHaveURL(/\/login$/);
    await staff.context().close();
  });

  await test.step('the owner deletes the sub-user', async () => {
    await page.getByRole('button', { name: `Delete user ${STAFF_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Sub-User' });
    await expect(
      dialog.getByText('Are you sure you want to delete this sub-user? This action cannot be undone.'),
    ).toBeVisible();
    await expect(dialog).toContainText('Permissions: 2');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Sub-user deleted successfully!')).toBeVisible();
    await expect(page.getByRole('article', { name: `Sub-user ${STAFF_NAME}` })).toHaveCount(0);
  });
});

test('the sub-user password dialog uses the spec messages and closes itself', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/SettingsRoles');
  await page.getByRole('button', { name: 'Change password for Sam Staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('New password').fill('abc');
  await dialog.getByLabel('Confirm password').fill('abd');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText("Oops! Your passwords don't match. Try typing them again.")).toBeVisible();
  await dialog.getByLabel('Confirm password').fill('abc');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    dialog.getByText('The new password needs to be at least 6 characters long for security.'),
  ).toBeVisible();
  // the seeded password again, so other suites can still sign in as staff@demo.local
  await dialog.getByLabel('New password').fill('demo-pass-2026');
  await dialog.getByLabel('Confirm password').fill('demo-pass-2026');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Password changed successfully for Sam Staff')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
});

test('roles and audit screens have no axe violations', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/SettingsRoles');
  await expect(page.getByTestId('sub-user-card').first()).toBeVisible();
  expect(axeSummary(await new AxeBuilder({ page }).include('main').analyze())).toEqual([]);
  await page.goto('/Audit');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  expect(axeSummary(await new AxeBuilder({ page }).include('main').analyze())).toEqual([]);
});
