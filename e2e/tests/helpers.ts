import { expect, type Page, type APIRequestContext } from '@playwright/test';

export const PASSWORD = 'demo-pass-2026';

export const MENU_TOP = [
  'Dashboard',
  'Calendar',
  'Bookings',
  'Deposits',
  'Invoices & Payments',
  'Quotations',
  'Resources',
  'Pricing',
  'Customers',
  'Users',
  'Reports',
  'Comms',
  'Settings',
  'Audit Log',
  'Management',
  'Help',
] as const;

/**
 * The super admin's side menu: the platform's pages only. It has no venue, so the pages of one
 * venue's records (Calendar, Bookings, money, Resources, Pricing, Customers, Reports) are not
 * listed (issue 24 item 15).
 */
export const SUPER_ADMIN_MENU = [
  'Dashboard',
  'Users',
  'Comms',
  'Settings',
  'Audit Log',
  'Management',
  'Help',
] as const;

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
}

export function sidebar(page: Page) {
  return page.getByTestId('sidebar');
}

export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** Top-level entries of the side menu, in order, as the user sees them. */
export async function menuEntries(page: Page): Promise<string[]> {
  const nav = sideMenu(page);
  await expect(nav).toBeVisible();
  // top-level entries are the nav's own links and group buttons (children sit in a collapse)
  const texts = await nav.locator(':scope > a, :scope > button').allInnerTexts();
  return texts.map((s) => s.trim());
}

export async function apiToken(request: APIRequestContext, email: string): Promise<{ token: string }> {
  const res = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { token: string };
}
