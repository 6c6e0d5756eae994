import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MENU, findPage } from '@venue/contracts';
import { canAccessPage, visibleMenu } from './access.ts';

const labels = (role: string, permissions: string[] = []) =>
  visibleMenu(MENU, { role, permissions }).map((i) => i.label);
const page = (path: string) => {
  const p = findPage(path);
  if (!p) throw new Error(`no page ${path}`);
  return p;
};

test('a super admin sees the platform pages in spec order, Users included, and no venue pages', () => {
  assert.deepEqual(labels('super_admin'), [
    'Dashboard',
    'Users',
    'Comms',
    'Settings',
    'Audit Log',
    'Management',
    'Help',
  ]);
  const menu = visibleMenu(MENU, { role: 'super_admin', permissions: [] });
  // Every venue's e-mail history and its own General settings; not one venue's templates or prices.
  assert.deepEqual(
    menu.find((i) => i.label === 'Comms')?.children?.map((c) => c.label),
    ['Messages'],
  );
  assert.deepEqual(
    menu.find((i) => i.label === 'Settings')?.children?.map((c) => c.label),
    ['General'],
  );
});

test("a super admin cannot open a page of one venue's records by its address either", () => {
  const admin = { role: 'super_admin', permissions: [] };
  for (const path of ['/Calendar', '/BookingsAll', '/bookingsholds', '/Invoices', '/Deposits', '/Quotations'])
    assert.equal(canAccessPage(page(path), admin), false, path);
  for (const path of ['/Resources', '/PricingRatecards', '/Customers', '/Reports', '/SettingsPayments'])
    assert.equal(canAccessPage(page(path), admin), false, path);
  for (const path of [
    '/Dashboard',
    '/Users',
    '/Audit',
    '/CommsMessages',
    '/CommsMailPreview',
    '/SettingsGeneral',
  ])
    assert.equal(canAccessPage(page(path), admin), true, path);
  // the venue's own people still open them
  assert.equal(canAccessPage(page('/Calendar'), { role: 'hall_owner', permissions: [] }), true);
  assert.equal(canAccessPage(page('/Calendar'), { role: 'sub_user', permissions: ['calendar'] }), true);
});

test('a hall owner sees everything except Users', () => {
  assert.deepEqual(
    labels('hall_owner'),
    MENU.map((i) => i.label).filter((l) => l !== 'Users'),
  );
});

test('a sub-user sees only permitted entries, and a group when any child is permitted', () => {
  assert.deepEqual(labels('sub_user', ['bookings', 'comms']), ['Bookings', 'Comms']);
  assert.deepEqual(labels('sub_user', ['dashboard', 'pricing']), ['Dashboard', 'Pricing']);
  assert.deepEqual(labels('sub_user', []), []);
});

test('Audit Log and Management need the audit key for a sub-user', () => {
  assert.deepEqual(labels('sub_user', ['audit']), ['Audit Log', 'Management']);
});

test('a guest (authenticated, no role) reaches the Welcome page and nothing guarded', () => {
  const guest = { role: 'guest', permissions: [] };
  assert.equal(canAccessPage(page('/Welcome'), guest), true);
  assert.equal(canAccessPage(page('/Dashboard'), guest), false);
  assert.deepEqual(labels('guest'), []);
});

test('Users is for super admins only, whatever the permissions', () => {
  assert.equal(canAccessPage(page('/users'), { role: 'super_admin', permissions: [] }), true);
  assert.equal(canAccessPage(page('/Users'), { role: 'hall_owner', permissions: [] }), false);
  assert.equal(
    canAccessPage(page('/Users'), { role: 'sub_user', permissions: ['settings', 'audit'] }),
    false,
  );
});

test('page checks ignore the case of the path', () => {
  const sub = { role: 'sub_user', permissions: ['invoices'] };
  assert.equal(canAccessPage(page('/invoices'), sub), true);
  assert.equal(canAccessPage(page('/DEPOSITS'), sub), false);
});
