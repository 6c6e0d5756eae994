import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { auditPage, startAuditScenario } from '../testing/audit-scenario.ts';
import { call, flushAudit, login, type Harness, type Session } from '../testing/harness.ts';

let h: Harness;
let owner: Session;
let staff: Session;
let admin: Session;

const entries = (session: Session, query?: string) => auditPage(h, session, query);

describe('scoping on the server', () => {
  before(async () => {
    ({ h, owner, staff, admin } = await startAuditScenario());
  });
  after(async () => {
    await h?.close();
  });

  test('the super admin sees every tenant', async () => {
    const { auditLogs } = await entries(admin, '?limit=100');
    const emails = new Set(auditLogs.map((e) => e.userEmail));
    for (const e of ['owner@demo.local', 'owner2@demo.local', 'staff@demo.local', 'admin@demo.local']) {
      assert.ok(emails.has(e), `${e} in ${[...emails].join(', ')}`);
    }
  });

  test('a hall owner sees themselves and their sub-users, not the other tenant or the super admin', async () => {
    const { auditLogs } = await entries(owner, '?limit=100');
    const emails = new Set(auditLogs.map((e) => e.userEmail));
    assert.ok(emails.has('owner@demo.local'));
    assert.ok(emails.has('staff@demo.local'));
    assert.ok(!emails.has('owner2@demo.local'));
    assert.ok(!emails.has('admin@demo.local'));
  });

  test('a sub-user sees only their own entries', async () => {
    const { auditLogs } = await entries(staff, '?limit=100');
    assert.ok(auditLogs.length > 0);
    assert.ok(
      auditLogs.every((e) => e.userId === staff.userId),
      JSON.stringify(auditLogs.map((e) => e.userEmail)),
    );
    // asking for someone else's entries by filter does not widen the scope
    const other = await entries(staff, `?userId=${owner.userId}`);
    assert.deepEqual(other.auditLogs, []);
  });

  test('a sub-user without the audit key is refused', async () => {
    const back = await call(h, 'PUT', `/api/users/sub-users/${staff.userId}`, {
      token: owner.token,
      body: { name: 'Sam Staff', permissions: ['dashboard'] },
    });
    assert.equal(back.status, 200);
    const limited = await login(h, 'staff@demo.local');
    for (const path of ['/api/audit', '/api/audit/stats', '/api/audit/export.csv', '/api/audit/actions']) {
      assert.equal((await call(h, 'GET', path, { token: limited.token })).status, 403, path);
    }
    await call(h, 'PUT', `/api/users/sub-users/${staff.userId}`, {
      token: owner.token,
      body: { name: 'Sam Staff', permissions: ['dashboard', 'settings', 'audit'] },
    });
    staff = await login(h, 'staff@demo.local');
    assert.equal((await call(h, 'GET', '/api/audit')).status, 401);
  });

  test('stats follow the same scope', async () => {
    await flushAudit(h); // the sign-ins above are still travelling; totals must stay put between the calls
    const reply = await call(h, 'GET', '/api/audit/stats', { token: owner.token });
    assert.equal(reply.status, 200);
    const { totalLogs, usersCount, actionsCount, targetTypesCount } = reply.body;
    const listed = await entries(owner, '?limit=1');
    assert.equal(totalLogs, listed.pagination.total);
    assert.ok(usersCount['owner@demo.local'] > 0);
    assert.equal(usersCount['owner2@demo.local'], undefined);
    assert.ok(actionsCount.settings_updated > 0);
    assert.ok(targetTypesCount.settings > 0);
    const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
    assert.equal(sum(actionsCount), totalLogs);
    assert.equal(sum(targetTypesCount), totalLogs);
  });
});
