import zlib from 'node:zlib';
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { axeSummary, sidebar, signIn } from './helpers.ts';

const ADMIN = 'admin@demo.local';
const stamp = Date.now();
const NEW_OWNER = `riverside-${stamp}@demo.test`;
const NEW_HALL = `Riverside Pavilion ${stamp}`;

/** A real 16×16 PNG made on the spot, so no binary fixture has to live in the repository. */
function pngBytes(): Buffer {
  const size = 16;
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      raw[row + 1 + x * 3] = x * 16;
      raw[row + 2 + x * 3] = y * 16;
      raw[row + 3 + x * 3] = 160;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the super admin creates a hall owner with a picture, and the audit log is scoped per role', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);

  await test.step('add a hall owner with a profile picture', async () => {
    await page.goto('/Users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByText('Manage hall owner and super admin accounts.')).toBeVisible();
    // sub-users never appear here
    await expect(page.getByTestId('users-table')).not.toContainText('staff@demo.local');

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Email').fill(NEW_OWNER);
    await dialog.getByLabel(/^Password/).fill('river-pass-2026');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    // the hall-owner fields are required
    await expect(dialog.getByText('Hall name is required.')).toBeVisible();
    await dialog.getByLabel('Hall name').fill(NEW_HALL);
    await dialog.getByLabel('Contact number').fill('02 4555 0100');
    await dialog.getByLabel('Address line 1').fill('1 River Road');
    await dialog.getByLabel('Postcode').fill('2750');
    await dialog.getByLabel('State').fill('NSW');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes() });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Hall Owner account created successfully!')).toBeVisible();
    await expect(page.getByText('the profile picture could not be uploaded')).toHaveCount(0);

    await page.getByLabel('Search').fill(NEW_HALL);
    const row = page.getByTestId('user-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(NEW_OWNER);
    await expect(row).toContainText('1 River Road, 2750, NSW');
    const avatar = row.locator('[data-has-picture="true"]');
    await expect(avatar).toBeVisible();
    // the picture itself loads through the gateway
    await expect(avatar.locator('img')).toBeVisible();
  });

  await test.step('the new hall owner can sign in to their own hall', async () => {
    const context = await browser.newContext();
    const owner = await context.newPage();
    await signIn(owner, NEW_OWNER, 'river-pass-2026');
    await expect(sidebar(owner).getByTestId('hall-name')).toHaveText(NEW_HALL);
    await owner.goto('/Audit');
    await expect(owner.getByTestId('audit-role-badge')).toHaveText('Hall Owner View');
    // their log starts with their own sign-in; the super admin's work is not theirs to see
    await expect(owner.getByTestId('audit-row').first()).toBeVisible();
    const users = await owner.getByTestId('audit-user').allInnerTexts();
    for (const u of users) expect(u).toContain(NEW_OWNER);
    await context.close();
  });

  await test.step("the super admin's audit log shows the creation and the owner's activity", async () => {
    await page.goto('/Audit');
    await expect(page.getByTestId('audit-role-badge')).toHaveText('Super Admin View');
    await page.getByLabel('Search').fill(NEW_OWNER);
    await expect(page.getByTestId('audit-row').filter({ hasText: 'User created' })).toHaveCount(1);
    await expect(page.getByTestId('audit-row').filter({ hasText: 'User login' }).first()).toBeVisible();
  });

  await test.step('another hall owner does not see any of it', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, 'owner@demo.local');
    await other.goto('/Audit');
    await expect(other.getByTestId('audit-row').first()).toBeVisible();
    await other.getByLabel('Search').fill(NEW_OWNER);
    await expect(other.getByText('No entries on this page match your search.')).toBeVisible();
    await context.close();
  });

  await test.step('edit and delete the hall owner', async () => {
    await page.goto('/Users');
    await page.getByLabel('Search').fill(NEW_HALL);
    await page.getByRole('button', { name: `Edit ${NEW_OWNER}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByText('The password cannot be edited here.')).toBeVisible();
    await edit.getByLabel('Contact number').fill('02 4555 0199');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('User updated successfully!')).toBeVisible();
    // stored +61245550199, shown as the venue writes it (decision 28)
    await expect(page.getByTestId('user-row')).toContainText('(02) 4555 0199');

    await page.getByRole('button', { name: `Delete ${NEW_OWNER}` }).click();
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted successfully!')).toBeVisible();
    await expect(page.getByText('No users found.')).toBeVisible();
  });
});

test('only the super admin manages users; the users screen has no axe violations', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/Users');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  expect(axeSummary(await new AxeBuilder({ page }).include('main').analyze())).toEqual([]);

  const context = await browser.newContext();
  const owner = await context.newPage();
  await signIn(owner, 'owner@demo.local');
  await owner.goto('/Users');
  await expect(owner.getByText('Access Denied', { exact: false }).first()).toBeVisible();
  await expect(owner.getByTestId('users-table')).toHaveCount(0);
  await context.close();
});
