import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { auditEvent, auditPage, startAuditScenario } from '../testing/audit-scenario.ts';
import { call, flushAudit, login, type Harness, type Session } from '../testing/harness.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-query.ts';

let h: Harness;
let owner: Session;
let staff: Session;
let admin: Session;

const entries = (session: Session, query?: string) => auditPage(h, session, query);

describe('filters, paging and lists', () => {
  before(async () => {
    ({ h, owner, staff, admin } = await startAuditScenario());
  });
  after(async () => {
    await h?.close();
  });

  let tenant: string;
  let ownerOfTenant: Session;
  before(async () => {
    // a fresh hall owner with 60 booking entries spread over three days
    const created = await call(h, 'POST', '/api/users', {
      token: admin.token,
      body: {
        email: 'paged-owner@demo.local',
        password: 'paged-pass',
        role: 'hall_owner',
        hallName: 'Paged Hall',
        contactNumber: '02 1111 2222',
        address: { line1: '9 Page St', postcode: '2000', state: 'NSW' },
      },
    });
    tenant = created.body.id;
    const base = Date.UTC(2026, 2, 3, 1, 0, 0); // 3 March 2026 12:00 in Sydney
    for (let i = 0; i < 60; i++) {
      await h.kit.handleEvent(
        auditEvent(
          tenant,
          {
            actorId: tenant,
            actorEmail: 'paged-owner@demo.local',
            action: i % 2 ? 'booking_created' : 'booking_updated',
            actorRole: i % 3 ? 'hall_owner' : 'customer',
            additionalInfo: `entry ${i}`,
          },
          new Date(base + Math.floor(i / 20) * 86_400_000 + i * 1000),
        ),
      );
    }
    ownerOfTenant = await login(h, 'paged-owner@demo.local', 'paged-pass');
    await flushAudit(h); // the sign-in's own entry, so totals stay put between the calls below
  });

  test('50 per page, newest first, with totals', async () => {
    const first = await entries(ownerOfTenant);
    assert.equal(first.auditLogs.length, 50);
    assert.equal(first.pagination.page, 1);
    assert.equal(first.pagination.limit, 50);
    assert.ok(first.pagination.total >= 60);
    assert.equal(first.pagination.totalPages, Math.ceil(first.pagination.total / 50));
    const times = first.auditLogs.map((e) => Date.parse(e.timestamp));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    const second = await entries(ownerOfTenant, '?page=2');
    assert.equal(second.auditLogs.length, first.pagination.total - 50);
    const ids = new Set(first.auditLogs.map((e) => e.id));
    assert.ok(second.auditLogs.every((e) => !ids.has(e.id)));
    const asc = await entries(ownerOfTenant, '?sortOrder=asc&limit=1&action=booking_updated');
    assert.equal(asc.auditLogs[0]!.additionalInfo, 'entry 0');
  });

  test('action, role, user and target-type filters', async () => {
    const created = await entries(ownerOfTenant, '?action=booking_created&limit=100');
    assert.equal(created.pagination.total, 30);
    assert.ok(created.auditLogs.every((e) => e.action === 'booking_created'));
    const customers = await entries(ownerOfTenant, '?userRole=customer&limit=100');
    assert.equal(customers.pagination.total, 20);
    const byUser = await entries(ownerOfTenant, `?userId=${tenant}&targetType=booking&limit=100`);
    assert.equal(byUser.pagination.total, 60);
    const none = await entries(ownerOfTenant, '?targetType=invoice');
    assert.equal(none.pagination.total, 0);
  });

  test('date-only bounds are whole days in the tenant time zone', async () => {
    const day2 = await entries(ownerOfTenant, '?startDate=2026-03-04&endDate=2026-03-04&limit=100');
    assert.equal(day2.pagination.total, 20);
    assert.ok(day2.auditLogs.every((e) => /entry (2\d|3\d)$/.test(e.additionalInfo ?? '')));
    const fromDay3 = await entries(ownerOfTenant, '?startDate=2026-03-05&targetType=booking');
    assert.equal(fromDay3.pagination.total, 20);
    const stats = await call(h, 'GET', '/api/audit/stats?startDate=2026-03-03&endDate=2026-03-03', {
      token: ownerOfTenant.token,
    });
    assert.equal(stats.body.totalLogs, 20);
  });

  test('bad paging and filters are 400', async () => {
    for (const q of [
      '?limit=101',
      '?limit=0',
      '?page=0',
      '?sortBy=action',
      '?sortOrder=sideways',
      '?userRole=pirate',
      '?startDate=soon',
    ]) {
      const reply = await call(h, 'GET', `/api/audit${q}`, { token: owner.token });
      assert.equal(reply.status, 400, q);
      assert.ok(reply.body.message);
    }
  });

  test('actions: every one the services publish, plus any other found in the entries; target types', async () => {
    const actions = await call(h, 'GET', '/api/audit/actions', { token: staff.token });
    assert.deepEqual(actions.body, { actions: [...AUDIT_ACTIONS] });
    // The spec's 26, login_failed (issue 8), and what bookings publishes besides: accepted,
    // changes requested, completed, expired (status moves) and customer anonymised.
    assert.equal(actions.body.actions.length, 32);
    for (const a of [
      'booking_accepted',
      'booking_changes_requested',
      'booking_completed',
      'booking_expired',
      'customer_anonymised',
    ])
      assert.ok((actions.body.actions as string[]).includes(a), a);
    // An action no list knows yet, recorded in the owner's tenant: offered to the owner (at the
    // end), not to another tenant.
    await h.kit.handleEvent(auditEvent(owner.userId, { action: 'booking_teleported' }));
    const mine = await call(h, 'GET', '/api/audit/actions', { token: owner.token });
    assert.deepEqual(mine.body.actions, [...AUDIT_ACTIONS, 'booking_teleported']);
    const theirs = await call(h, 'GET', '/api/audit/actions', { token: ownerOfTenant.token });
    assert.ok(!theirs.body.actions.includes('booking_teleported'));
    const types = await call(h, 'GET', '/api/audit/target-types', { token: owner.token });
    assert.deepEqual(types.body, { targetTypes: [...AUDIT_TARGET_TYPES] });
  });
});
