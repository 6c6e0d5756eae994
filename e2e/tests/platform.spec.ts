import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { MENU_TOP, SUPER_ADMIN_MENU, apiToken, menuEntries, sideMenu, sidebar, signIn } from './helpers.ts';

test.describe('menus per role (spec 01 §6)', () => {
  const cases: Array<{ email: string; hall: string; footer: string; expected: string[] }> = [
    {
      email: 'admin@demo.local',
      hall: '',
      footer: 'Super Admin',
      expected: [...SUPER_ADMIN_MENU],
    },
    {
      email: 'owner@demo.local',
      hall: 'Harbourside Hall',
      footer: 'Hall Owner',
      expected: MENU_TOP.filter((m) => m !== 'Users'),
    },
    {
      email: 'owner2@demo.local',
      hall: 'Hilltop Community Centre',
      footer: 'Hall Owner',
      expected: MENU_TOP.filter((m) => m !== 'Users'),
    },
    {
      email: 'staff@demo.local',
      hall: 'Harbourside Hall',
      footer: 'Sam Staff',
      expected: ['Dashboard', 'Calendar', 'Bookings', 'Customers'],
    },
  ];
  for (const c of cases) {
    test(`${c.email} sees the menu of their role`, async ({ page }) => {
      await signIn(page, c.email);
      expect(await menuEntries(page)).toEqual(c.expected);
      const side = sidebar(page);
      if (c.hall) await expect(side.getByTestId('hall-name')).toHaveText(c.hall);
      await expect(side.getByTestId('role-label')).toHaveText(c.footer);
      await expect(
        side.getByText(c.email === 'staff@demo.local' ? 'Sub-User Account' : 'Active Session'),
      ).toBeVisible();
    });
  }

  test('a group opens by itself when the route is one of its children', async ({ page }) => {
    await signIn(page, 'owner@demo.local');
    await page.goto('/SettingsTaxes');
    const nav = sideMenu(page);
    await expect(nav.getByRole('link', { name: 'Taxes (GST)' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Rate Cards' })).toBeHidden();
  });
});

test('a sub-user without the key sees Access Denied and the API answers 403', async ({ page, request }) => {
  await signIn(page, 'staff@demo.local');
  await page.goto('/Invoices');
  await expect(
    page.getByText("You don't have permission to access this page. Contact your administrator for access."),
  ).toBeVisible();
  // lower-case path form works too, and is guarded the same way
  await page.goto('/settingsgeneral');
  await expect(page.getByText('Access Denied', { exact: false }).first()).toBeVisible();

  const { token } = await apiToken(request, 'staff@demo.local');
  const profile = await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  const { parentUserId } = (await profile.json()) as { parentUserId: string };
  const invoices = await request.get(`/api/invoices/hall-owner/${parentUserId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(invoices.status()).toBe(403);
  // a page the sub-user holds the key for is served
  await page.goto('/Calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
});

test('sign out asks for confirmation and ends the session', async ({ page }) => {
  await signIn(page, 'owner@demo.local');
  await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
  await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // the refresh cookie was revoked: a reload does not bring the session back
  await page.goto('/Dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the invalid-credential message; root goes to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill('owner@demo.local');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const alert = page.getByTestId('login-error');
  await expect(alert).toContainText(/match|incorrect|invalid/i);
  await expect(page).toHaveURL(/\/login$/);
  // an unknown e-mail reads exactly the same
  const first = await alert.innerText();
  await page.getByLabel('Email').fill('nobody@demo.local');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(alert).toHaveText(first);
});

test('one unreachable remote shows the fallback while other sections work', async ({ page }) => {
  await page.route('**/mfe/money/**', (route) => route.abort('connectionrefused'));
  await signIn(page, 'owner@demo.local');
  await page.goto('/Invoices');
  await expect(page.getByText('This section is unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // other remotes still load, through the menu
  await sideMenu(page).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/Calendar$/);
  await expect(page.getByTestId('remote-bookings')).toBeVisible();
  await sideMenu(page).getByRole('link', { name: 'Resources' }).click();
  await expect(page.getByTestId('remote-catalogue')).toBeVisible();
  // once the bundle is reachable again, Retry brings the section back
  await page.unroute('**/mfe/money/**');
  await page.goto('/Invoices');
  await expect(page.getByTestId('remote-money')).toBeVisible();
});

test('the menu is a drawer at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'owner@demo.local');
  await expect(sideMenu(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sideMenu(page)).toBeVisible();
  await sideMenu(page).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/Calendar$/);
  await expect(sideMenu(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
});

test('the login page and the welcome page have no axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  const login = await new AxeBuilder({ page }).analyze();
  expect(login.violations).toEqual([]);
  await signIn(page, 'owner@demo.local');
  await page.goto('/Welcome');
  await expect(page.getByText('Welcome to')).toBeVisible();
  const welcome = await new AxeBuilder({ page }).analyze();
  expect(welcome.violations).toEqual([]);
});
