import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  auditedActions,
  call,
  login,
  refreshCookie,
  startAdmin,
  type Harness,
  type Session,
} from '../testing/harness.ts';
import { SUB_USER_PASSWORD_REQUIRED, SUB_USER_PASSWORD_TOO_SHORT } from '@venue/contracts/admin';
import { EMAIL_TAKEN, OWNERS_ONLY } from './sub-users.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
describe('sub-users', () => {
  before(async () => {
    h = await startAdmin();
    owner = await login(h, 'owner@demo.local');
    owner2 = await login(h, 'owner2@demo.local');
  });
  after(async () => {
    await h?.close();
  });

  function claimsOf(token: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  }

  /** Ended sessions of a user, with why. */
  async function endedSessions(userId: string): Promise<Array<{ reason: string }>> {
    return h.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ reason: string }>(
        `SELECT end_reason AS reason FROM sessions WHERE user_id = $1 AND ended_at IS NOT NULL`,
        [userId],
      );
      return rows;
    });
  }

  /** How many events of `type` about `userId` are in the outbox. */
  async function outboxCount(type: string, userId: string): Promise<number> {
    return h.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query(`SELECT 1 FROM outbox WHERE type = $1 AND data->>'userId' = $2`, [
        type,
        userId,
      ]);
      return rows.length;
    });
  }

  let counter = 0;
  async function newSubUser(
    permissions: string[] = ['calendar', 'bookings'],
  ): Promise<{ id: string; email: string; session: Session }> {
    counter += 1;
    const email = `helper${counter}@demo.local`;
    const created = await call(h, 'POST', '/api/users', {
      token: owner.token,
      body: {
        name: `Helper ${counter}`,
        email,
        password: 'helper-pass',
        role: 'sub_user',
        parentUserId: owner.userId,
        permissions,
        status: 'active',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return { id: created.body.id, email, session: await login(h, email, 'helper-pass') };
  }

  describe('sub-user management', () => {
    test('an owner creates a sub-user who then signs in under the owner as tenant', async () => {
      const created = await call(h, 'POST', '/api/users', {
        token: owner.token,
        body: {
          name: 'Nina New',
          email: 'Nina@Demo.local',
          password: 'nina-pass',
          role: 'sub_user',
          permissions: ['calendar', 'calendar', 'reports'],
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.email, 'nina@demo.local');
      assert.equal(created.body.parentUserId, owner.userId);
      assert.equal(created.body.status, 'active');
      assert.deepEqual(created.body.permissions, ['calendar', 'reports']);
      assert.equal(typeof created.body.createdAt, 'number');

      const list = await call(h, 'GET', `/api/users/sub-users/${owner.userId}`, { token: owner.token });
      assert.equal(list.status, 200);
      assert.ok(list.body.some((u: { email: string }) => u.email === 'nina@demo.local'));
      assert.ok(list.body.some((u: { email: string }) => u.email === 'staff@demo.local'));

      const nina = await login(h, 'nina@demo.local', 'nina-pass');
      const profile = await call(h, 'GET', '/api/users/profile', { token: nina.token });
      assert.equal(profile.body.parentUserId, owner.userId);
      assert.ok((await auditedActions(h, created.body.id)).includes('user_created'));
    });

    test('the parent is always the caller', async () => {
      const reply = await call(h, 'POST', '/api/users', {
        token: owner.token,
        body: {
          name: 'Mallory',
          email: 'mallory@demo.local',
          password: 'mallory-pass',
          role: 'sub_user',
          parentUserId: owner2.userId,
          permissions: [],
        },
      });
      assert.equal(reply.status, 403);
      const list = await call(h, 'GET', `/api/users/sub-users/${owner2.userId}`, { token: owner2.token });
      assert.ok(!list.body.some((u: { email: string }) => u.email === 'mallory@demo.local'));
    });

    test('validation: unknown permission keys, short passwords, duplicate e-mails', async () => {
      const badKey = await call(h, 'POST', '/api/users', {
        token: owner.token,
        body: { name: 'X', email: 'x1@demo.local', password: 'xxxxxx', permissions: ['root'] },
      });
      assert.equal(badKey.status, 400);
      const short = await call(h, 'POST', '/api/users', {
        token: owner.token,
        body: { name: 'X', email: 'x2@demo.local', password: '12345', permissions: [] },
      });
      assert.equal(short.status, 400);
      assert.equal(short.body.message, SUB_USER_PASSWORD_TOO_SHORT);
      const duplicate = await call(h, 'POST', '/api/users', {
        token: owner2.token,
        body: { name: 'Copy', email: 'OWNER@demo.local', password: 'copy-pass', permissions: [] },
      });
      assert.equal(duplicate.status, 409);
      assert.equal(duplicate.body.message, EMAIL_TAKEN);
    });

    test('sub-users and super admins cannot manage sub-users', async () => {
      const staff = await login(h, 'staff@demo.local');
      const admin = await login(h, 'admin@demo.local');
      for (const s of [staff, admin]) {
        // the super admin's POST /api/users creates hall owners and super admins, never sub-users
        const reply = await call(h, 'POST', '/api/users', {
          token: s.token,
          body: {
            name: 'Z',
            email: `z-${s.role}@demo.local`,
            password: 'zzzzzz',
            role: 'sub_user',
            permissions: [],
          },
        });
        assert.equal(reply.status, 403);
        assert.equal(reply.body.message, OWNERS_ONLY);
      }
      const list = await call(h, 'GET', `/api/users/sub-users/${owner.userId}`, { token: staff.token });
      assert.equal(list.status, 403);
    });

    test("an owner cannot list, edit, delete or re-password another owner's sub-user", async () => {
      const target = await newSubUser();
      const list = await call(h, 'GET', `/api/users/sub-users/${owner.userId}`, { token: owner2.token });
      assert.equal(list.status, 403);
      const edit = await call(h, 'PUT', `/api/users/sub-users/${target.id}`, {
        token: owner2.token,
        body: { name: 'Hijacked', permissions: ['settings'] },
      });
      assert.equal(edit.status, 404);
      const del = await call(h, 'DELETE', `/api/users/${target.id}`, { token: owner2.token });
      assert.equal(del.status, 404);
      const pw = await call(h, 'PUT', '/api/users/change-sub-user-password', {
        token: owner2.token,
        body: { subUserId: target.id, newPassword: 'owned-you' },
      });
      assert.equal(pw.status, 404);
      // untouched: the sub-user still works with the old password and session
      assert.equal(
        (await call(h, 'GET', '/api/users/profile', { token: target.session.token })).body.name,
        `Helper ${counter}`,
      );
    });

    test('the e-mail of a sub-user cannot change', async () => {
      const target = await newSubUser();
      const reply = await call(h, 'PUT', `/api/users/sub-users/${target.id}`, {
        token: owner.token,
        body: { name: 'Renamed', email: 'other@demo.local' },
      });
      assert.equal(reply.status, 400);
      const same = await call(h, 'PUT', `/api/users/sub-users/${target.id}`, {
        token: owner.token,
        body: { name: 'Renamed', email: target.email },
      });
      assert.equal(same.status, 200);
      assert.equal(same.body.name, 'Renamed');
    });

    test("renaming alone keeps the sub-user's session", async () => {
      const target = await newSubUser();
      const reply = await call(h, 'PUT', `/api/users/sub-users/${target.id}`, {
        token: owner.token,
        body: { name: 'Just A Name' },
      });
      assert.equal(reply.status, 200);
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: target.session.token })).status, 200);
    });
  });

  describe('changes take effect on the very next request', () => {
    test('deactivation: the still-valid access token gets 401, refresh fails, sign-in says disabled', async () => {
      const target = await newSubUser();
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: target.session.token })).status, 200);
      const off = await call(h, 'PUT', `/api/users/sub-users/${target.id}`, {
        token: owner.token,
        body: { name: 'Off Duty', status: 'inactive' },
      });
      assert.equal(off.status, 200);
      assert.equal(off.body.status, 'inactive');
      const refused = await call(h, 'GET', '/api/users/profile', { token: target.session.token });
      assert.equal(refused.status, 401);
      assert.equal(refused.body.code, 'session_ended');
      const refresh = await call(h, 'POST', '/api/auth/refresh', { cookie: target.session.cookie });
      assert.equal(refresh.status, 401);
      assert.deepEqual(refresh.body, { ...refresh.body, code: 'session_ended', reason: 'deactivated' });
      assert.deepEqual(await endedSessions(target.id), [{ reason: 'deactivated' }]);
      const signIn = await call(h, 'POST', '/api/login', {
        body: { email: target.email, password: 'helper-pass' },
      });
      assert.equal(signIn.body.code, 'user-disabled');
    });

    test('permission change: old token token_stale, the session refreshes into the new permissions; audited', async () => {
      const target = await newSubUser(['calendar', 'bookings']);
      const reply = await call(h, 'PUT', `/api/users/sub-users/${target.id}`, {
        token: owner.token,
        body: { name: 'Helper', permissions: ['calendar', 'reports'] },
      });
      assert.equal(reply.status, 200);
      const stale = await call(h, 'GET', '/api/users/settings', { token: target.session.token });
      assert.equal(stale.status, 401);
      assert.equal(stale.body.code, 'token_stale');
      // The session lives: the refresh cookie mends it, in the same session.
      const refreshed = await call(h, 'POST', '/api/auth/refresh', { cookie: target.session.cookie });
      assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
      const before = claimsOf(target.session.token);
      const after = claimsOf(refreshed.body.token);
      assert.equal(after.sid, before.sid);
      assert.equal(after.pv, Number(before.pv) + 1);
      assert.deepEqual(after.perm, ['calendar', 'reports']);
      const profile = await call(h, 'GET', '/api/users/profile', { token: refreshed.body.token });
      assert.deepEqual(profile.body.permissions, ['calendar', 'reports']);
      assert.deepEqual(await endedSessions(target.id), []);
      assert.equal(await outboxCount('principal.changed', target.id), 1);
      const actions = await auditedActions(h, target.id);
      assert.ok(actions.includes('permission_granted'), JSON.stringify(actions));
      assert.ok(actions.includes('permission_revoked'), JSON.stringify(actions));
      assert.ok(actions.includes('user_updated'), JSON.stringify(actions));
    });

    test('password change by the owner: old token 401, old password refused, new one works', async () => {
      const target = await newSubUser();
      const missing = await call(h, 'PUT', '/api/users/change-sub-user-password', {
        token: owner.token,
        body: { subUserId: target.id, newPassword: '' },
      });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.message, SUB_USER_PASSWORD_REQUIRED);
      const short = await call(h, 'PUT', '/api/users/change-sub-user-password', {
        token: owner.token,
        body: { subUserId: target.id, newPassword: 'abc' },
      });
      assert.equal(short.status, 400);
      assert.equal(short.body.message, SUB_USER_PASSWORD_TOO_SHORT);
      // a refused change changes nothing
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: target.session.token })).status, 200);

      const ok = await call(h, 'PUT', '/api/users/change-sub-user-password', {
        token: owner.token,
        body: { subUserId: target.id, newPassword: 'brand-new-pass' },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.match(ok.body.message, /^Password changed successfully for /);
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: target.session.token })).status, 401);
      const refresh = await call(h, 'POST', '/api/auth/refresh', { cookie: target.session.cookie });
      assert.equal(refresh.body.reason, 'password_changed');
      const old = await call(h, 'POST', '/api/login', {
        body: { email: target.email, password: 'helper-pass' },
      });
      assert.equal(old.status, 401);
      await login(h, target.email, 'brand-new-pass');
    });

    test('deletion: 401 at once, gone from the list, user.deleted published, e-mail reusable', async () => {
      const target = await newSubUser();
      const del = await call(h, 'DELETE', `/api/users/${target.id}`, { token: owner.token });
      assert.equal(del.status, 200);
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: target.session.token })).status, 401);
      const refresh = await call(h, 'POST', '/api/auth/refresh', { cookie: target.session.cookie });
      assert.equal(refresh.body.reason, 'deleted');
      assert.equal(await outboxCount('session.ended', target.id), 1);
      const list = await call(h, 'GET', `/api/users/sub-users/${owner.userId}`, { token: owner.token });
      assert.ok(!list.body.some((u: { id: string }) => u.id === target.id));
      const again = await call(h, 'DELETE', `/api/users/${target.id}`, { token: owner.token });
      assert.equal(again.status, 404);
      const published = await h.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query(
          `SELECT 1 FROM outbox WHERE type = 'user.deleted' AND data->>'userId' = $1`,
          [target.id],
        );
        return rows.length;
      });
      assert.equal(published, 1);
      assert.ok((await auditedActions(h, target.id)).includes('user_deleted'));
      const recreated = await call(h, 'POST', '/api/users', {
        token: owner.token,
        body: { name: 'Back Again', email: target.email, password: 'back-again', permissions: [] },
      });
      assert.equal(recreated.status, 201, JSON.stringify(recreated.body));
    });
  });

  describe('own password change', () => {
    test('wrong current password, then success keeps this session and ends the others', async () => {
      const target = await newSubUser();
      const other = await login(h, target.email, 'helper-pass');
      const wrong = await call(h, 'POST', '/api/users/change-password', {
        token: target.session.token,
        body: { currentPassword: 'nope-nope', newPassword: 'next-pass-1', confirmPassword: 'next-pass-1' },
      });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.message, 'Current password is incorrect');
      const same = await call(h, 'POST', '/api/users/change-password', {
        token: target.session.token,
        body: { currentPassword: 'helper-pass', newPassword: 'helper-pass', confirmPassword: 'helper-pass' },
      });
      assert.equal(same.body.message, 'Your new password should be different from your current one.');

      const ok = await call(h, 'POST', '/api/users/change-password', {
        token: target.session.token,
        body: { currentPassword: 'helper-pass', newPassword: 'next-pass-1', confirmPassword: 'next-pass-1' },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: ok.body.token })).status, 200);
      // This session carries on (same session, the old access token still works); the other ends.
      assert.equal(claimsOf(ok.body.token).sid, claimsOf(target.session.token).sid);
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: target.session.token })).status, 200);
      const ended = await call(h, 'GET', '/api/users/profile', { token: other.token });
      assert.equal(ended.status, 401);
      assert.deepEqual(ended.body, { ...ended.body, code: 'session_ended', reason: 'password_changed' });
      const refused = await call(h, 'POST', '/api/auth/refresh', { cookie: other.cookie });
      assert.equal(refused.status, 401);
      assert.equal(refused.body.reason, 'password_changed');
      // the new refresh cookie continues this session
      const next = await call(h, 'POST', '/api/auth/refresh', { cookie: refreshCookie(ok) });
      assert.equal(next.status, 200, JSON.stringify(next.body));
      assert.equal(claimsOf(next.body.token).sid, claimsOf(target.session.token).sid);
      await login(h, target.email, 'next-pass-1');

      const logged = await call(h, 'POST', '/api/users/log-password-change', { token: ok.body.token });
      assert.equal(logged.status, 204);
    });
  });
});
