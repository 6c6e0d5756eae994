import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AuditEventData, DomainEvent } from '@venue/contracts';
import { asSuperuser } from '@venue/service-kit/testing';
import {
  call,
  download,
  flushAudit,
  login,
  startAdmin,
  type Harness,
  type Session,
} from '../testing/harness.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-query.ts';
import { VERIFY_DENIED } from './audit-routes.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
let staff: Session;
let admin: Session;

before(async () => {
  h = await startAdmin();
  [owner, owner2, admin] = await Promise.all([
    login(h, 'owner@demo.local'),
    login(h, 'owner2@demo.local'),
    login(h, 'admin@demo.local'),
  ]);
  // staff may see the audit log and change availability
  const grant = await call(h, 'PUT', `/api/users/sub-users/${(await login(h, 'staff@demo.local')).userId}`, {
    token: owner.token,
    body: { name: 'Sam Staff', permissions: ['dashboard', 'settings', 'audit'] },
  });
  assert.equal(grant.status, 200);
  staff = await login(h, 'staff@demo.local');
  await call(h, 'PUT', '/api/users/settings', { token: owner.token, body: { currency: 'USD' } });
  await call(h, 'PUT', '/api/users/settings', { token: owner2.token, body: { timeFormat: '24h' } });
  await call(h, 'PUT', '/api/tenant-settings/availability', {
    token: staff.token,
    body: { setupBufferMinutes: 20 },
  });
  await call(h, 'POST', '/api/users', {
    token: admin.token,
    body: { email: 'audited-admin@demo.local', password: 'audited-pass', role: 'super_admin' },
  });
  await flushAudit(h);
});
after(async () => {
  await h?.close();
});

interface Entry {
  id: string;
  timestamp: string;
  userEmail: string | null;
  userRole: string | null;
  userId: string | null;
  action: string;
  target: string | null;
  targetType: string;
  ipAddress: string | null;
  additionalInfo: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
}

async function entries(
  session: Session,
  query = '',
): Promise<{
  auditLogs: Entry[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}> {
  const reply = await call(h, 'GET', `/api/audit${query}`, { token: session.token });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

function auditEvent(
  tenantId: string,
  data: Partial<AuditEventData> = {},
  occurredAt = new Date(),
): DomainEvent<AuditEventData> {
  return {
    id: randomUUID(),
    type: 'audit.recorded',
    source: 'bookings',
    tenantId,
    occurredAt: occurredAt.toISOString(),
    data: {
      actorId: null,
      actorEmail: 'someone@example.com',
      actorRole: 'hall_owner',
      action: 'booking_created',
      targetType: 'booking',
      target: randomUUID(),
      ipAddress: '203.0.113.9',
      additionalInfo: null,
      changes: null,
      ...data,
    },
  };
}

/** Splits one CSV text into rows of cells (quotes and doubled quotes as RFC 4180). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/**
 * Alters audit rows behind the service's back. On PostgreSQL as the superuser of
 * TEST_DATABASE_URL with triggers off (session_replication_role = replica). PGlite has a
 * single connection opened as the application role, so there the tamper is done the way an
 * attacker holding the app's own credentials could: as the table's owner it re-grants itself
 * the revoked privileges and disables the append-only trigger. Either way only the hash chain
 * is left to notice.
 */
async function tamper(sql: string, params: unknown[]): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    await asSuperuser(async (c) => {
      await c.query('BEGIN');
      await c.query(`SET LOCAL search_path TO "${h.kit.db.schema}"`);
      await c.query('SET LOCAL session_replication_role = replica');
      await c.query(sql, params);
      await c.query('COMMIT');
    });
    return;
  }
  await h.kit.db.systemTx(async (tx) => {
    await tx.query('GRANT UPDATE, DELETE ON audit_log TO CURRENT_USER');
    await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
    await tx.query(sql, params);
    await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update');
    await tx.query('REVOKE UPDATE, DELETE ON audit_log FROM CURRENT_USER');
  });
}

describe('entries arrive through the outbox', () => {
  test('a settings change shows actor, role, IP, target and field changes', async () => {
    const { auditLogs } = await entries(owner, '?action=settings_updated');
    const entry = auditLogs.find((e) => e.changes && 'currency' in e.changes);
    assert.ok(entry, JSON.stringify(auditLogs));
    assert.equal(entry.userEmail, 'owner@demo.local');
    assert.equal(entry.userRole, 'hall_owner');
    assert.equal(entry.userId, owner.userId);
    assert.equal(entry.targetType, 'settings');
    assert.ok(entry.ipAddress);
    assert.deepEqual(entry.changes, { currency: { old: 'AUD', new: 'USD' } });
    assert.ok(!Number.isNaN(Date.parse(entry.timestamp)));
  });

  test('a redelivered event is stored once', async () => {
    const tenant = randomUUID();
    const event = auditEvent(tenant);
    await h.kit.handleEvent(event);
    await h.kit.handleEvent(event);
    const n = await h.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM audit_log WHERE tenant_id = $1`,
        [tenant],
      );
      return Number(rows[0]?.n);
    });
    assert.equal(n, 1);
  });
});

describe('scoping on the server', () => {
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

describe('filters, paging and lists', () => {
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

  test('actions and target types are the spec lists', async () => {
    const actions = await call(h, 'GET', '/api/audit/actions', { token: staff.token });
    assert.deepEqual(actions.body, { actions: [...AUDIT_ACTIONS] });
    assert.equal(actions.body.actions.length, 26);
    const types = await call(h, 'GET', '/api/audit/target-types', { token: owner.token });
    assert.deepEqual(types.body, { targetTypes: [...AUDIT_TARGET_TYPES] });
  });
});

describe('CSV export', () => {
  test('audit-logs-{date}.csv, same scope, no cell a spreadsheet would run as a formula', async () => {
    // a sub-user whose name is a formula, and an entry from another service full of them
    await call(h, 'POST', '/api/users', {
      token: owner.token,
      body: {
        name: '=HYPERLINK("http://evil.example","click")',
        email: 'formula@demo.local',
        password: 'formula-pass',
      },
    });
    await h.kit.handleEvent(
      auditEvent(owner.userId, {
        actorEmail: '@SUM(A1:A9)',
        target: '+cmd|/c calc',
        ipAddress: '-2+3',
        additionalInfo: '=1+1',
        changes: { note: { old: '=A1', new: '\t=B2' } },
      }),
    );
    await h.kit.handleEvent(auditEvent(owner.userId, { additionalInfo: '\r=2+2' }));
    await flushAudit(h);
    const file = await download(h, '/api/audit/export.csv', owner.token);
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-type') ?? '', /^text\/csv/);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    assert.equal(file.headers.get('content-disposition'), `attachment; filename="audit-logs-${day}.csv"`);
    const rows = parseCsv(file.bytes.toString('utf8').replace(/^\ufeff/, ''));
    assert.deepEqual(rows[0], [
      'Timestamp',
      'User Email',
      'User Role',
      'Action',
      'Target Type',
      'Target',
      'IP Address',
      'Additional Info',
      'Changes',
    ]);
    const cells = rows.slice(1).flat();
    assert.ok(cells.length > 9);
    const dangerous = cells.filter((c) => /^[=+\-@\t\r]/.test(c));
    assert.deepEqual(dangerous, []);
    assert.ok(cells.includes("'=1+1"), 'the text survives, made inert');
    assert.ok(cells.includes("'@SUM(A1:A9)"));
    assert.ok(cells.includes("'-2+3"));
    // scoped: the other tenant is not in the owner's file
    assert.ok(!cells.includes('owner2@demo.local'));
    const filtered = parseCsv(
      (await download(h, '/api/audit/export.csv?action=settings_updated', owner.token)).bytes.toString(
        'utf8',
      ),
    );
    assert.ok(filtered.slice(1).every((r) => r[3] === 'settings_updated'));
  });
});

describe('append-only and the hash chain', () => {
  test('the application role can neither update nor delete entries, even after re-granting itself', async () => {
    await assert.rejects(
      h.kit.db.systemTx((tx) => tx.query(`UPDATE audit_log SET additional_info = 'edited'`)),
      /permission denied|append-only/,
    );
    await assert.rejects(
      h.kit.db.systemTx((tx) => tx.query(`DELETE FROM audit_log`)),
      /permission denied|append-only/,
    );
    await assert.rejects(
      h.kit.db.systemTx((tx) => tx.query(`TRUNCATE audit_log`)),
      /permission denied|append-only/,
    );
    await assert.rejects(
      h.kit.db.systemTx(async (tx) => {
        await tx.query('GRANT UPDATE, DELETE ON audit_log TO CURRENT_USER');
        await tx.query(`UPDATE audit_log SET additional_info = 'edited'`);
      }),
      /append-only/,
    );
    const { rows } = await h.kit.db.systemTx((tx) =>
      tx.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM audit_log WHERE additional_info = 'edited'`,
      ),
    );
    assert.equal(Number(rows[0]?.n), 0);
  });

  test('concurrent consumers keep one unbroken chain per tenant', async () => {
    const tenant = randomUUID();
    await Promise.all(Array.from({ length: 25 }, () => h.kit.handleEvent(auditEvent(tenant))));
    const { rows } = await h.kit.db.systemTx((tx) =>
      tx.query<{ seq: number | string }>(`SELECT seq FROM audit_log WHERE tenant_id = $1 ORDER BY seq`, [
        tenant,
      ]),
    );
    assert.deepEqual(
      rows.map((r) => Number(r.seq)),
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const verify = await call(h, 'GET', '/api/audit/verify', { token: admin.token });
    assert.equal(verify.body.ok, true, JSON.stringify(verify.body.problems));
  });

  test('verify: owner and super admin; a sub-user is refused', async () => {
    const asOwner = await call(h, 'GET', '/api/audit/verify', { token: owner.token });
    assert.equal(asOwner.status, 200);
    assert.equal(asOwner.body.ok, true);
    assert.equal(asOwner.body.tenants, 1, 'an owner verifies only their own chain');
    const asAdmin = await call(h, 'GET', '/api/audit/verify', { token: admin.token });
    assert.ok(asAdmin.body.tenants > 3);
    assert.ok(asAdmin.body.checked > asOwner.body.checked);
    const asStaff = await call(h, 'GET', '/api/audit/verify', { token: staff.token });
    assert.equal(asStaff.status, 403);
    assert.equal(asStaff.body.message, VERIFY_DENIED);
  });

  test('verify reports a row edited in the database, a removed row and a removed newest row', async () => {
    const edited = randomUUID();
    const gap = randomUUID();
    const tail = randomUUID();
    for (const t of [edited, gap, tail]) {
      for (let i = 0; i < 4; i++) await h.kit.handleEvent(auditEvent(t, { additionalInfo: `step ${i + 1}` }));
    }
    const idOf = async (t: string, seq: number) =>
      (
        await h.kit.db.systemTx((tx) =>
          tx.query<{ id: string }>(`SELECT id FROM audit_log WHERE tenant_id = $1 AND seq = $2`, [t, seq]),
        )
      ).rows[0]!.id;
    const editedId = await idOf(edited, 2);
    const afterGapId = await idOf(gap, 3);

    await tamper(`UPDATE audit_log SET additional_info = 'nothing to see' WHERE id = $1`, [editedId]);
    await tamper(`DELETE FROM audit_log WHERE tenant_id = $1 AND seq = 2`, [gap]);
    await tamper(`DELETE FROM audit_log WHERE tenant_id = $1 AND seq = 4`, [tail]);

    const reply = await call(h, 'GET', '/api/audit/verify', { token: admin.token });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.ok, false);
    const problems = reply.body.problems as Array<{
      tenantId: string;
      entryId: string | null;
      reason: string;
    }>;
    const of = (t: string) => problems.filter((p) => p.tenantId === t);
    assert.equal(of(edited).length, 1, JSON.stringify(problems));
    assert.equal(of(edited)[0]!.entryId, editedId);
    assert.match(of(edited)[0]!.reason, /altered/);
    assert.equal(of(gap)[0]!.entryId, afterGapId);
    assert.match(of(gap)[0]!.reason, /Entries 2 to 2 are missing/);
    assert.match(of(tail)[0]!.reason, /newest entries \(4 to 4\) are missing/);
    // the untouched tenants still verify
    assert.equal(problems.filter((p) => p.tenantId === owner.userId).length, 0);
    const asOwner = await call(h, 'GET', '/api/audit/verify', { token: owner.token });
    assert.equal(asOwner.body.ok, true);
  });
});
