import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DEFAULT_USER_SETTINGS, GST_MESSAGE } from '@venue/contracts';
import { auditedActions, call, login, startAdmin, type Harness, type Session } from '../testing/harness.ts';
import { PARENT_DATA_DENIED } from './handlers/account.ts';
import { readSettings, writeSettings } from '../settings/settings-store.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
let staff: Session;
let admin: Session;
describe('own account', () => {
  before(async () => {
    h = await startAdmin();
    owner = await login(h, 'owner@demo.local');
    owner2 = await login(h, 'owner2@demo.local');
    staff = await login(h, 'staff@demo.local');
    admin = await login(h, 'admin@demo.local');
  });
  after(async () => {
    await h?.close();
  });

  describe('GET /api/users/profile', () => {
    test('an owner sees their own profile', async () => {
      const reply = await call(h, 'GET', '/api/users/profile', { token: owner.token });
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body, {
        id: owner.userId,
        email: 'owner@demo.local',
        role: 'hall_owner',
        permissions: [],
        parentUserId: null,
        name: 'Olivia Harbour',
        profilePicture: null,
        hallName: 'Harbourside Hall',
      });
    });

    test('a sub-user sees their permissions and parent', async () => {
      const reply = await call(h, 'GET', '/api/users/profile', { token: staff.token });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.role, 'sub_user');
      assert.equal(reply.body.name, 'Sam Staff');
      assert.equal(reply.body.parentUserId, owner.userId);
      assert.deepEqual([...reply.body.permissions].sort(), [
        'bookings',
        'calendar',
        'customers',
        'dashboard',
      ]);
    });

    test('no token is 401', async () => {
      const reply = await call(h, 'GET', '/api/users/profile');
      assert.equal(reply.status, 401);
      assert.ok(reply.body.message);
    });
  });

  describe('GET /api/users/parent-data/:parentUserId', () => {
    test("a sub-user reads their parent's hall name", async () => {
      const reply = await call(h, 'GET', `/api/users/parent-data/${owner.userId}`, { token: staff.token });
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body, {
        id: owner.userId,
        hallName: 'Harbourside Hall',
        name: 'Olivia Harbour',
      });
    });

    test('any other id is 403 and says the same whether it exists or not', async () => {
      const existing = await call(h, 'GET', `/api/users/parent-data/${owner2.userId}`, {
        token: staff.token,
      });
      const missing = await call(h, 'GET', `/api/users/parent-data/${crypto.randomUUID()}`, {
        token: staff.token,
      });
      const junk = await call(h, 'GET', '/api/users/parent-data/not-a-uuid', { token: staff.token });
      assert.equal(existing.status, 403);
      assert.deepEqual(existing.body, { message: PARENT_DATA_DENIED });
      assert.deepEqual(missing.body, existing.body);
      assert.equal(missing.status, 403);
      assert.deepEqual(junk.body, existing.body);
    });

    test("an owner cannot read another owner's data through it", async () => {
      const reply = await call(h, 'GET', `/api/users/parent-data/${owner2.userId}`, { token: owner.token });
      assert.equal(reply.status, 403);
      assert.deepEqual(reply.body, { message: PARENT_DATA_DENIED });
    });
  });

  describe('settings', () => {
    test('defaults when nothing is stored', async () => {
      const reply = await call(h, 'GET', '/api/users/settings', { token: admin.token });
      assert.equal(reply.status, 200);
      // the contract's defaults (pinned in contracts' settings-values.test.ts)
      assert.deepEqual(reply.body, DEFAULT_USER_SETTINGS);
    });

    test('an owner updates a subset; the sub-user reads the same tenant settings; the other tenant does not', async () => {
      const put = await call(h, 'PUT', '/api/users/settings', {
        token: owner.token,
        body: { timezone: 'Australia/Perth', currency: 'USD', taxRate: 12.5 },
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.deepEqual(put.body, {
        ...DEFAULT_USER_SETTINGS,
        timezone: 'Australia/Perth',
        currency: 'USD',
        taxRate: 12.5,
      });

      const gstOnly = await call(h, 'PUT', '/api/users/settings', {
        token: owner.token,
        body: { taxRate: 15 },
      });
      assert.equal(gstOnly.status, 200);
      assert.equal(gstOnly.body.timezone, 'Australia/Perth', 'a partial update keeps the rest');
      assert.equal(gstOnly.body.taxRate, 15);

      const asStaff = await call(h, 'GET', '/api/users/settings', { token: staff.token });
      assert.deepEqual(asStaff.body, gstOnly.body);

      const otherTenant = await call(h, 'GET', '/api/users/settings', { token: owner2.token });
      assert.deepEqual(otherTenant.body, DEFAULT_USER_SETTINGS);

      const actions = await auditedActions(h, owner.userId);
      assert.ok(actions.includes('settings_updated'), JSON.stringify(actions));
    });

    test('the audit entry records each changed field old → new', async () => {
      await call(h, 'PUT', '/api/users/settings', {
        token: owner2.token,
        body: { dateFormat: 'YYYY-MM-DD' },
      });
      const changes = await h.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ changes: unknown }>(
          `SELECT data->'changes' AS changes FROM outbox
          WHERE type = 'audit.recorded' AND data->>'action' = 'settings_updated'
            AND data->>'target' = $1 ORDER BY seq`,
          [owner2.userId],
        );
        return rows.map((r) => (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes));
      });
      assert.deepEqual(changes, [{ dateFormat: { old: 'DD/MM/YYYY', new: 'YYYY-MM-DD' } }]);
    });

    const invalid: Array<[string, unknown, string]> = [
      ['taxRate above 100', { taxRate: 101 }, GST_MESSAGE],
      ['negative taxRate', { taxRate: -1 }, GST_MESSAGE],
      ['taxRate as text', { taxRate: 'ten' }, GST_MESSAGE],
      ['taxRate with three decimals', { taxRate: 10.125 }, GST_MESSAGE],
      ['unknown currency', { currency: 'XYZ' }, ''],
      ['unknown time zone', { timezone: 'Mars/Olympus' }, ''],
      ['unknown date format', { dateFormat: 'YY' }, ''],
      ['unknown country', { country: 'XX' }, ''],
      ['country in lower case', { country: 'nz' }, ''],
      ['unknown field', { colour: 'blue' }, ''],
    ];
    for (const [label, body, message] of invalid) {
      test(`rejects ${label}`, async () => {
        const reply = await call(h, 'PUT', '/api/users/settings', { token: owner2.token, body });
        assert.equal(reply.status, 400, JSON.stringify(reply.body));
        assert.ok(Array.isArray(reply.body.errors) && reply.body.errors.length > 0);
        if (message) {
          assert.equal(reply.body.message, message);
          assert.equal(reply.body.errors[0].message, message);
          assert.deepEqual(reply.body.errors[0].path, 'taxRate');
        }
        const stored = await call(h, 'GET', '/api/users/settings', { token: owner2.token });
        assert.notEqual(stored.body.taxRate, 101);
      });
    }

    test('the venue country (decision 28) is changed on its own and refused outside the list', async () => {
      const put = await call(h, 'PUT', '/api/users/settings', {
        token: owner2.token,
        body: { country: 'NZ' },
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.equal(put.body.country, 'NZ');
      const refused = await call(h, 'PUT', '/api/users/settings', {
        token: owner2.token,
        body: { country: 'XX' },
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.errors[0].path, 'country');
      assert.equal((await call(h, 'GET', '/api/users/settings', { token: owner2.token })).body.country, 'NZ');
      await call(h, 'PUT', '/api/users/settings', { token: owner2.token, body: { country: 'AU' } });
    });

    test("a tenant's first save takes its time zone's country unless it names one", async () => {
      const london = randomUUID();
      const named = randomUUID();
      const [a, b] = await Promise.all([
        h.kit.db.tenantTx(london, (tx) => writeSettings(tx, london, { timezone: 'Europe/London' }, null)),
        h.kit.db.tenantTx(named, (tx) =>
          writeSettings(tx, named, { timezone: 'Europe/London', country: 'IE' }, null),
        ),
      ]);
      assert.equal(a.settings.country, 'GB');
      assert.equal(b.settings.country, 'IE');
      const stored = await h.kit.db.tenantTx(london, (tx) => readSettings(tx, london));
      assert.equal(stored.country, 'GB');
    });

    test('a sub-user without the settings key cannot change settings', async () => {
      const before = await call(h, 'GET', '/api/users/settings', { token: staff.token });
      const reply = await call(h, 'PUT', '/api/users/settings', { token: staff.token, body: { taxRate: 0 } });
      assert.equal(reply.status, 403);
      const afterwards = await call(h, 'GET', '/api/users/settings', { token: staff.token });
      assert.deepEqual(afterwards.body, before.body);
    });

    test('a sub-user granted the settings key can change them', async () => {
      const grant = await call(h, 'PUT', `/api/users/sub-users/${staff.userId}`, {
        token: owner.token,
        body: {
          name: 'Sam Staff',
          permissions: ['dashboard', 'calendar', 'bookings', 'customers', 'settings'],
        },
      });
      assert.equal(grant.status, 200, JSON.stringify(grant.body));
      // the permission change ended the old session
      staff = await login(h, 'staff@demo.local');
      const reply = await call(h, 'PUT', '/api/users/settings', {
        token: staff.token,
        body: { timeFormat: '24h' },
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const asOwner = await call(h, 'GET', '/api/users/settings', { token: owner.token });
      assert.equal(asOwner.body.timeFormat, '24h');
    });
  });
});
