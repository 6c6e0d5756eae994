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

test('a super admin sees the whole menu in spec order, Users included', () => {
  assert.deepEqual(
    labels('super_admin'),
    MENU.map((i) => i.label),
  );
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
