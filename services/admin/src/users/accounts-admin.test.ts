import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { auditedActions, call, login, type Harness, type Session } from '../testing/harness.ts';
import {
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_DELETE_SELF,
  HALL_OWNER_FIELD_MESSAGES,
  OWNER_HAS_SUB_USERS,
  PASSWORD_NOT_EDITABLE,
  SUPER_ADMIN_ONLY,
  USER_NOT_FOUND,
} from './account-admin.ts';
import { EMAIL_TAKEN } from './sub-users.ts';
import {
  CURRENT_PASSWORD_INCORRECT,
  OWN_PASSWORD_REQUIRED,
  OWN_PASSWORD_TOO_SHORT,
  OWN_PASSWORD_UNCHANGED,
  OWN_PASSWORDS_DIFFER,
} from '@venue/contracts/admin';

let h: Harness;
let owner: Session;
let owner2: Session;
let staff: Session;
let admin: Session;
describe('accounts (super admin)', () => {
  before(async () => {
    ({ h, owner, owner2, staff, admin } = await startWithDemoSessions());
  });
  after(async () => {
    await h?.close();
  });

  let counter = 0;
  function hallOwnerBody(overrides: Record<string, unknown> = {}) {
    counter += 1;
    return {
      email: `hall${counter}@demo.local`,
      password: 'hall-owner-pass',
      role: 'hall_owner',
      hallName: `Hall ${counter}`,
      contactNumber: '03 9000 1234',
      address: { line1: `${counter} Long Road`, line2: '', postcode: '3000', state: 'VIC' },
      ...overrides,
    };
  }

  describe('GET /api/users', () => {
    test('the super admin sees hall owners and super admins, never sub-users', async () => {
      const reply = await call(h, 'GET', '/api/users', { token: admin.token });
      assert.equal(reply.status, 200);
      const emails = reply.body.map((u: { email: string }) => u.email);
      assert.ok(emails.includes('owner@demo.local'));
      assert.ok(emails.includes('owner2@demo.local'));
      assert.ok(emails.includes('admin@demo.local'));
      assert.ok(!emails.includes('staff@demo.local'));
      assert.ok(reply.body.every((u: { role: string }) => u.role !== 'sub_user'));
      const row = reply.body.find((u: { email: string }) => u.email === 'owner@demo.local');
      assert.deepEqual(row.address, {
        line1: '12 Wharf Road',
        line2: 'Level 1',
        postcode: '2000',
        state: 'NSW',
      });
      assert.equal(row.hallName, 'Harbourside Hall');
      assert.equal(row.contactNumber, '02 9555 0142');
      assert.equal(row.status, 'active');
      assert.ok(!('passwordHash' in row) && !('password_hash' in row));
    });

    test('a hall owner sees only their own sub-users (Check Sub-Users)', async () => {
      const mine = await call(h, 'GET', '/api/users', { token: owner.token });
      assert.equal(mine.status, 200);
      assert.deepEqual(
        mine.body.map((u: { email: string }) => u.email),
        ['staff@demo.local'],
      );
      assert.equal(mine.body[0].parentUserId, owner.userId);
      const theirs = await call(h, 'GET', '/api/users', { token: owner2.token });
      assert.deepEqual(theirs.body, []);
    });

    test('a sub-user is refused', async () => {
      const reply = await call(h, 'GET', '/api/users', { token: staff.token });
      assert.equal(reply.status, 403);
      assert.equal(reply.body.message, SUPER_ADMIN_ONLY);
    });
  });

  describe('POST /api/users (super admin)', () => {
    test('creates a hall owner who can sign in, audited', async () => {
      const body = hallOwnerBody();
      const reply = await call(h, 'POST', '/api/users', { token: admin.token, body });
      assert.equal(reply.status, 201, JSON.stringify(reply.body));
      assert.equal(reply.body.role, 'hall_owner');
      assert.equal(reply.body.hallName, body.hallName);
      assert.deepEqual(reply.body.address, { ...body.address, line2: null });
      const session = await login(h, body.email, body.password);
      assert.equal(session.role, 'hall_owner');
      // a new tenant: its own id
      const profile = await call(h, 'GET', '/api/users/profile', { token: session.token });
      assert.equal(profile.body.hallName, body.hallName);
      assert.ok((await auditedActions(h, reply.body.id)).includes('user_created'));
    });

    test('creates a super admin without hall fields', async () => {
      const reply = await call(h, 'POST', '/api/users', {
        token: admin.token,
        body: { email: 'second-admin@demo.local', password: 'admin-pass-2', role: 'super_admin' },
      });
      assert.equal(reply.status, 201, JSON.stringify(reply.body));
      assert.equal(reply.body.role, 'super_admin');
      assert.equal(reply.body.hallName, null);
    });

    const required: Array<[string, Record<string, unknown>, string]> = [
      ['hall name', { hallName: '' }, HALL_OWNER_FIELD_MESSAGES.hallName],
      ['contact number', { contactNumber: '  ' }, HALL_OWNER_FIELD_MESSAGES.contactNumber],
      [
        'address line 1',
        { address: { line1: '', postcode: '3000', state: 'VIC' } },
        HALL_OWNER_FIELD_MESSAGES.line1,
      ],
      [
        'postcode',
        { address: { line1: '1 A St', postcode: '', state: 'VIC' } },
        HALL_OWNER_FIELD_MESSAGES.postcode,
      ],
      ['state', { address: { line1: '1 A St', postcode: '3000' } }, HALL_OWNER_FIELD_MESSAGES.state],
      ['e-mail', { email: '' }, 'Email is required.'],
      ['a valid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address.'],
      ['password', { password: '' }, 'Password is required.'],
      ['a 6-character password', { password: 'abc' }, 'Password must be at least 6 characters long.'],
      ['a known role', { role: 'customer' }, 'Role must be hall_owner or super_admin.'],
    ];
    for (const [label, override, message] of required) {
      test(`requires ${label}; nothing is created`, async () => {
        const body = hallOwnerBody(override);
        const reply = await call(h, 'POST', '/api/users', { token: admin.token, body });
        assert.equal(reply.status, 400, JSON.stringify(reply.body));
        assert.equal(reply.body.message, message);
        const list = await call(h, 'GET', '/api/users', { token: admin.token });
        assert.ok(!list.body.some((u: { email: string }) => u.email === body.email));
      });
    }

    test('an e-mail already in use is 409', async () => {
      const reply = await call(h, 'POST', '/api/users', {
        token: admin.token,
        body: hallOwnerBody({ email: 'owner2@demo.local' }),
      });
      assert.equal(reply.status, 409);
      assert.equal(reply.body.message, EMAIL_TAKEN);
    });

    test('a hall owner cannot create hall owners', async () => {
      const body = hallOwnerBody();
      const reply = await call(h, 'POST', '/api/users', { token: owner.token, body });
      assert.equal(reply.status, 400, 'the owner form only makes sub-users');
      const list = await call(h, 'GET', '/api/users', { token: admin.token });
      assert.ok(!list.body.some((u: { email: string }) => u.email === body.email));
    });
  });

  describe('contact numbers (decision 28)', () => {
    test('are read as the venue types them and stored in E.164; what is no number names the field', async () => {
      const created = await call(h, 'POST', '/api/users', {
        token: admin.token,
        body: hallOwnerBody({ contactNumber: '0412 345 678' }),
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.contactNumber, '+61412345678');

      const landline = await call(h, 'PUT', `/api/users/${created.body.id}`, {
        token: admin.token,
        body: {
          ...hallOwnerBody(),
          password: undefined,
          email: created.body.email,
          contactNumber: '(02) 9876 5432',
        },
      });
      assert.equal(landline.status, 200, JSON.stringify(landline.body));
      assert.equal(landline.body.contactNumber, '+61298765432');

      for (const contactNumber of ['call the office', '0412 345', '+61 412 345 678 9']) {
        const refused = await call(h, 'POST', '/api/users', {
          token: admin.token,
          body: hallOwnerBody({ contactNumber }),
        });
        assert.equal(refused.status, 400, contactNumber);
        assert.equal(refused.body.errors[0].path, 'contactNumber');
        assert.equal(refused.body.message, 'Enter a phone number such as 0412 345 678 or +61 412 345 678');
      }
    });

    test('an edit that sends the stored number back keeps it, even one from before E.164', async () => {
      const created = await call(h, 'POST', '/api/users', { token: admin.token, body: hallOwnerBody() });
      await h.kit.db.systemTx((tx) =>
        tx.query(`UPDATE users SET contact_number = '1234567890123456' WHERE id = $1`, [created.body.id]),
      );
      const reply = await call(h, 'PUT', `/api/users/${created.body.id}`, {
        token: admin.token,
        body: {
          ...hallOwnerBody(),
          password: undefined,
          email: created.body.email,
          hallName: 'Renamed',
          contactNumber: '1234567890123456',
        },
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.contactNumber, '1234567890123456');
    });
  });

  describe('PUT /api/users/:id (super admin)', () => {
    test('edits hall fields and e-mail; an e-mail change makes tokens stale but keeps the session', async () => {
      const body = hallOwnerBody();
      const created = await call(h, 'POST', '/api/users', { token: admin.token, body });
      const session = await login(h, body.email, body.password);
      const reply = await call(h, 'PUT', `/api/users/${created.body.id}`, {
        token: admin.token,
        body: { ...body, password: undefined, email: `renamed-${body.email}`, hallName: 'Renamed Hall' },
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.hallName, 'Renamed Hall');
      assert.equal(reply.body.email, `renamed-${body.email}`);
      const stale = await call(h, 'GET', '/api/users/profile', { token: session.token });
      assert.equal(stale.status, 401);
      assert.equal(stale.body.code, 'token_stale');
      // the refresh carries the new e-mail into the same session
      const refreshed = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
      assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
      const profile = await call(h, 'GET', '/api/users/profile', { token: refreshed.body.token });
      assert.equal(profile.body.email, `renamed-${body.email}`);
      await login(h, `renamed-${body.email}`, body.password);
      const changes = await h.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ changes: unknown }>(
          `SELECT data->'changes' AS changes FROM outbox WHERE type = 'audit.recorded'
            AND data->>'action' = 'user_updated' AND data->>'target' = $1 ORDER BY seq`,
          [created.body.id],
        );
        return rows.map((r) => (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes));
      });
      assert.deepEqual(changes[0].hallName, { old: body.hallName, new: 'Renamed Hall' });
    });

    test('the password cannot be edited here', async () => {
      const body = hallOwnerBody();
      const created = await call(h, 'POST', '/api/users', { token: admin.token, body });
      const reply = await call(h, 'PUT', `/api/users/${created.body.id}`, {
        token: admin.token,
        body: { ...body, password: 'sneaky-new-pass' },
      });
      assert.equal(reply.status, 400);
      assert.equal(reply.body.message, PASSWORD_NOT_EDITABLE);
      await login(h, body.email, body.password);
    });

    test('edit keeps the hall-owner rules', async () => {
      const body = hallOwnerBody();
      const created = await call(h, 'POST', '/api/users', { token: admin.token, body });
      const reply = await call(h, 'PUT', `/api/users/${created.body.id}`, {
        token: admin.token,
        body: {
          email: body.email,
          role: 'hall_owner',
          hallName: '',
          contactNumber: body.contactNumber,
          address: body.address,
        },
      });
      assert.equal(reply.status, 400);
      assert.equal(reply.body.message, HALL_OWNER_FIELD_MESSAGES.hallName);
    });

    test('own role cannot change; an owner with sub-users cannot become a super admin', async () => {
      const self = await call(h, 'PUT', `/api/users/${admin.userId}`, {
        token: admin.token,
        body: hallOwnerBody({ email: 'admin@demo.local', password: undefined }),
      });
      assert.equal(self.status, 400);
      assert.equal(self.body.message, CANNOT_CHANGE_OWN_ROLE);
      const withSubs = await call(h, 'PUT', `/api/users/${owner.userId}`, {
        token: admin.token,
        body: { email: 'owner@demo.local', role: 'super_admin' },
      });
      assert.equal(withSubs.status, 409);
      assert.equal(withSubs.body.message, OWNER_HAS_SUB_USERS);
    });

    test('hall owners and sub-users cannot edit accounts; sub-users are not edited here', async () => {
      const byOwner = await call(h, 'PUT', `/api/users/${owner2.userId}`, {
        token: owner.token,
        body: hallOwnerBody({ email: 'owner2@demo.local', hallName: 'Hijacked', password: undefined }),
      });
      assert.equal(byOwner.status, 403);
      const byStaff = await call(h, 'PUT', `/api/users/${owner.userId}`, {
        token: staff.token,
        body: hallOwnerBody({ email: 'owner@demo.local', hallName: 'Hijacked', password: undefined }),
      });
      assert.equal(byStaff.status, 403);
      const subUser = await call(h, 'PUT', `/api/users/${staff.userId}`, {
        token: admin.token,
        body: { email: 'staff@demo.local', role: 'super_admin' },
      });
      assert.equal(subUser.status, 404);
      const list = await call(h, 'GET', '/api/users', { token: admin.token });
      const o2 = list.body.find((u: { id: string }) => u.id === owner2.userId);
      assert.equal(o2.hallName, 'Hilltop Community Centre');
    });
  });

  describe('DELETE /api/users/:id (super admin)', () => {
    test('deletes a hall owner and their sub-users; sessions end at once', async () => {
      const body = hallOwnerBody();
      const created = await call(h, 'POST', '/api/users', { token: admin.token, body });
      const ownerSession = await login(h, body.email, body.password);
      const sub = await call(h, 'POST', '/api/users', {
        token: ownerSession.token,
        body: {
          name: 'Their Staff',
          email: `staff-of-${body.email}`,
          password: 'staff-pass',
          permissions: [],
        },
      });
      assert.equal(sub.status, 201, JSON.stringify(sub.body));
      const subSession = await login(h, `staff-of-${body.email}`, 'staff-pass');

      const del = await call(h, 'DELETE', `/api/users/${created.body.id}`, { token: admin.token });
      assert.equal(del.status, 200);
      assert.equal(del.body.message, 'User deleted successfully!');
      for (const session of [ownerSession, subSession]) {
        const refused = await call(h, 'GET', '/api/users/profile', { token: session.token });
        assert.equal(refused.status, 401);
        assert.equal(refused.body.reason, 'deleted');
        const refresh = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
        assert.equal(refresh.body.reason, 'deleted');
      }
      const list = await call(h, 'GET', '/api/users', { token: admin.token });
      assert.ok(!list.body.some((u: { id: string }) => u.id === created.body.id));
      assert.ok((await auditedActions(h, created.body.id)).includes('user_deleted'));
      assert.ok((await auditedActions(h, sub.body.id)).includes('user_deleted'));
      const again = await call(h, 'DELETE', `/api/users/${created.body.id}`, { token: admin.token });
      assert.equal(again.status, 404);
      assert.equal(again.body.message, USER_NOT_FOUND);
    });

    test('the super admin cannot delete themselves; an owner cannot delete another owner', async () => {
      const self = await call(h, 'DELETE', `/api/users/${admin.userId}`, { token: admin.token });
      assert.equal(self.status, 400);
      assert.equal(self.body.message, CANNOT_DELETE_SELF);
      const cross = await call(h, 'DELETE', `/api/users/${owner2.userId}`, { token: owner.token });
      assert.equal(cross.status, 404);
      const staffDel = await call(h, 'DELETE', `/api/users/${owner.userId}`, { token: staff.token });
      assert.equal(staffDel.status, 403);
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: owner2.token })).status, 200);
    });
  });

  describe('POST /api/users/change-password (own)', () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      [
        'all fields required',
        { currentPassword: '', newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
        OWN_PASSWORD_REQUIRED,
      ],
      ['confirm required', { currentPassword: 'x', newPassword: 'abcdefg' }, OWN_PASSWORD_REQUIRED],
      // the mismatch is reported before the length, as the spec orders them
      [
        'new and confirm match',
        { currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' },
        OWN_PASSWORDS_DIFFER,
      ],
      [
        'at least 6 characters',
        { currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' },
        OWN_PASSWORD_TOO_SHORT,
      ],
      [
        'different from the current one',
        { currentPassword: 'same-pass', newPassword: 'same-pass', confirmPassword: 'same-pass' },
        OWN_PASSWORD_UNCHANGED,
      ],
      [
        'current password verified',
        { currentPassword: 'wrong-current', newPassword: 'fresh-pass', confirmPassword: 'fresh-pass' },
        CURRENT_PASSWORD_INCORRECT,
      ],
    ];
    for (const [label, body, message] of cases) {
      test(`${label}: "${message}"`, async () => {
        const reply = await call(h, 'POST', '/api/users/change-password', { token: owner2.token, body });
        assert.equal(reply.status, 400);
        assert.equal(reply.body.message, message);
        assert.equal((await call(h, 'GET', '/api/users/profile', { token: owner2.token })).status, 200);
      });
    }

    test('success: new token, other sessions end, audited once even after log-password-change', async () => {
      const other = await login(h, 'owner2@demo.local');
      const reply = await call(h, 'POST', '/api/users/change-password', {
        token: owner2.token,
        body: {
          currentPassword: 'demo-pass-2026',
          newPassword: 'owner2-new-pass',
          confirmPassword: 'owner2-new-pass',
        },
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.message, 'Your password has been updated successfully!');
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: other.token })).status, 401);
      const logged = await call(h, 'POST', '/api/users/log-password-change', { token: reply.body.token });
      assert.equal(logged.status, 204);
      const actions = await auditedActions(h, owner2.userId);
      assert.equal(actions.filter((a) => a === 'user_updated').length, 1);
      owner2 = await login(h, 'owner2@demo.local', 'owner2-new-pass');
    });
  });
});
