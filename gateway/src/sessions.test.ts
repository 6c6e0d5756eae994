/**
 * Sessions end for real, end to end: the real admin service (its outbox relay posting to this
 * gateway's /internal/events), a gateway, and a small service built on the service kit that
 * trusts the gateway's signed principal. Each change is made through admin and the old access
 * token is then polled through the gateway: it must be refused well before the cache would let it go (30 s).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REFRESH_COOKIE } from '@venue/contracts';
import { requireAuth, requirePermission, type AppContext, type AppRouter } from '@venue/service-kit';
// The identity provider itself, in-process: this is the test of the gateway and admin together.
import { login, type Harness, type Session } from '../../services/admin/src/testing/harness.ts';
import { ROTATION_GRACE_SECONDS } from '../../services/admin/src/auth/refresh-tokens.ts';
import { startAdminBehindGateway, type AdminBehindGateway, type GatewayReply } from './test-helpers.ts';

let h: Harness;

/** Bookings and catalogue stand-ins: what a real service does with the signed principal. */
function areaRoutes(router: AppRouter): void {
  const who = async (ctx: AppContext) => {
    ctx.body = {
      userId: ctx.state.principal.userId,
      permissions: ctx.state.principal.permissions,
      sessionId: ctx.state.claims.sid ?? null,
    };
  };
  const created = async (ctx: AppContext) => {
    ctx.status = 201;
    ctx.body = { createdBy: ctx.state.principal.userId };
  };
  router.get('/api/bookings', requireAuth, who);
  router.post('/api/bookings', requireAuth, requirePermission('bookings'), created);
  router.get('/api/resources', requireAuth, who);
  router.post('/api/resources', requireAuth, requirePermission('resources'), created);
}

describe('sessions end to end', () => {
  let setup: AdminBehindGateway;
  before(async () => {
    // Admin's relay delivers session.ended and principal.changed to the gateway.
    setup = await startAdminBehindGateway({
      name: 'area',
      routes: areaRoutes,
      serves: ['bookings', 'catalogue'],
    });
    h = setup.admin;
  });
  after(() => setup?.close());

  const via: AdminBehindGateway['via'] = (...args) => setup.via(...args);

  function cookieOf(reply: GatewayReply): string {
    const raw = reply.cookies.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    if (!raw) throw new Error('no refresh cookie');
    return raw.split(';')[0]!;
  }

  function sidOf(token: string): string {
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
  }

  /**
   * Polls a read through the gateway until it is refused; fails unless that happens within 10 s.
   * Admin's event reaches the gateway in about a second on an idle machine; ten allows a loaded
   * two-core machine running the suite's files side by side and is still far inside the gateway
   * cache's 30 s freshness, so a pass proves the event ended the session, not the cache running
   * out (how fast it is belongs to bench/, not to a timed test).
   */
  async function refusedWithin(token: string, ms = 10_000): Promise<GatewayReply & { elapsed: number }> {
    const started = Date.now();
    for (;;) {
      const reply = await via('GET', '/api/bookings', { token });
      const elapsed = Date.now() - started;
      if (reply.status === 401) {
        assert.ok(elapsed < ms, `refused after ${elapsed} ms`);
        return { ...reply, elapsed };
      }
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.ok(elapsed < ms, `still served after ${elapsed} ms`);
      await new Promise((ok) => setTimeout(ok, 20));
    }
  }

  /** The session is cached at the gateway: a refusal afterwards comes from admin's event. */
  async function warm(session: { token: string }): Promise<void> {
    for (let i = 0; i < 2; i++)
      assert.equal((await via('GET', '/api/bookings', { token: session.token })).status, 200);
  }

  let counter = 0;
  async function newSubUser(
    owner: Session,
    permissions = ['bookings'],
  ): Promise<Session & { email: string }> {
    counter += 1;
    const email = `gw-helper${counter}@demo.local`;
    const created = await via('POST', '/api/users', {
      token: owner.token,
      body: { name: `Helper ${counter}`, email, password: 'helper-pass', role: 'sub_user', permissions },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return { ...(await login(h, email, 'helper-pass')), email };
  }

  describe('sessions through the gateway', () => {
    let owner: Session;
    before(async () => {
      owner = await login(h, 'owner@demo.local');
    });

    test("logout ends that session's access token on its next request; the user's other session carries on", async () => {
      const a = await login(h, 'owner2@demo.local');
      const b = await login(h, 'owner2@demo.local');
      await warm(a);
      await warm(b);
      const out = await via('POST', '/api/auth/logout', { cookie: a.cookie, token: a.token });
      assert.equal(out.status, 200);
      const refused = await refusedWithin(a.token);
      assert.deepEqual(refused.body, {
        message: 'Your session has ended. Please sign in again.',
        code: 'session_ended',
        reason: 'signed_out',
      });
      assert.equal((await via('GET', '/api/bookings', { token: b.token })).status, 200);
      const refresh = await via('POST', '/api/auth/refresh', { cookie: a.cookie });
      assert.equal(refresh.status, 401);
      assert.equal(refresh.body.reason, 'signed_out');
    });

    test("a replayed refresh token ends its session: that family's access token is refused", async () => {
      const s = await login(h, 'staff@demo.local');
      const first = await via('POST', '/api/auth/refresh', { cookie: s.cookie });
      assert.equal(first.status, 200);
      await warm(first.body);
      await h.kit.db.systemTx((tx) =>
        tx.query(
          `UPDATE refresh_tokens SET revoked_at = revoked_at - make_interval(secs => $2)
          WHERE user_id = $1 AND revoked_at IS NOT NULL`,
          [s.userId, ROTATION_GRACE_SECONDS + 1],
        ),
      );
      const replay = await via('POST', '/api/auth/refresh', { cookie: s.cookie });
      assert.equal(replay.status, 401);
      assert.equal(replay.body.reason, 'replayed');
      const refused = await refusedWithin(first.body.token);
      assert.equal(refused.body.reason, 'replayed');
      const victim = await via('POST', '/api/auth/refresh', { cookie: cookieOf(first) });
      assert.equal(victim.body.reason, 'replayed');
    });

    test("the owner changes a sub-user's password: every session of the sub-user ends at once, by admin's event", async () => {
      const sub = await newSubUser(owner);
      const other = await login(h, sub.email, 'helper-pass');
      await warm(sub);
      await warm(other);
      const changed = await via('PUT', '/api/users/change-sub-user-password', {
        token: owner.token,
        body: { subUserId: sub.userId, newPassword: 'brand-new-pass' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      for (const s of [sub, other]) {
        assert.equal((await refusedWithin(s.token)).body.reason, 'password_changed');
        assert.equal(
          (await via('POST', '/api/auth/refresh', { cookie: s.cookie })).body.reason,
          'password_changed',
        );
      }
    });

    test('an own password change ends the other sessions; this one carries on', async () => {
      const sub = await newSubUser(owner);
      const other = await login(h, sub.email, 'helper-pass');
      await warm(sub);
      await warm(other);
      const changed = await via('POST', '/api/users/change-password', {
        token: sub.token,
        body: { currentPassword: 'helper-pass', newPassword: 'next-pass-1', confirmPassword: 'next-pass-1' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal((await refusedWithin(other.token)).body.reason, 'password_changed');
      assert.equal((await via('GET', '/api/bookings', { token: sub.token })).status, 200);
      assert.equal(sidOf(changed.body.token), sidOf(sub.token));
    });

    test('deactivation ends the sessions by the event; the refresh answer says why', async () => {
      const sub = await newSubUser(owner);
      await warm(sub);
      const off = await via('PUT', `/api/users/sub-users/${sub.userId}`, {
        token: owner.token,
        body: { name: 'Off Duty', status: 'inactive' },
      });
      assert.equal(off.status, 200, JSON.stringify(off.body));
      assert.equal((await refusedWithin(sub.token)).body.reason, 'deactivated');
      const refresh = await via('POST', '/api/auth/refresh', { cookie: sub.cookie });
      assert.deepEqual(refresh.body, {
        message: 'Your session has ended. Please sign in again.',
        code: 'session_ended',
        reason: 'deactivated',
      });
    });

    test('deletion ends the sessions by the event; the refresh answer says why', async () => {
      const sub = await newSubUser(owner);
      await warm(sub);
      const del = await via('DELETE', `/api/users/${sub.userId}`, { token: owner.token });
      assert.equal(del.status, 200, JSON.stringify(del.body));
      assert.equal((await refusedWithin(sub.token)).body.reason, 'deleted');
      assert.equal((await via('POST', '/api/auth/refresh', { cookie: sub.cookie })).body.reason, 'deleted');
    });

    test('a permission change keeps the session: token_stale by the event, a refresh, the new permissions apply', async () => {
      const sub = await newSubUser(owner, ['bookings']);
      await warm(sub);
      assert.equal((await via('POST', '/api/bookings', { token: sub.token })).status, 201);
      assert.equal((await via('POST', '/api/resources', { token: sub.token })).status, 403);

      const changed = await via('PUT', `/api/users/sub-users/${sub.userId}`, {
        token: owner.token,
        body: { name: 'Helper', permissions: ['resources'] },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      const stale = await refusedWithin(sub.token);
      assert.deepEqual(stale.body, {
        message: 'Your access has changed. Please refresh your session.',
        code: 'token_stale',
      });

      const refreshed = await via('POST', '/api/auth/refresh', { cookie: sub.cookie, token: sub.token });
      assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
      const token = refreshed.body.token as string;
      assert.equal(sidOf(token), sidOf(sub.token), 'the same session');
      assert.equal((await via('POST', '/api/resources', { token })).status, 201);
      assert.equal((await via('POST', '/api/bookings', { token })).status, 403);
      const seen = await via('GET', '/api/resources', { token });
      assert.deepEqual(seen.body, {
        userId: sub.userId,
        permissions: ['resources'],
        sessionId: sidOf(token),
      });
    });
  });

  describe('admin stopped', () => {
    test("signed-in users keep reading and writing in the other areas; admin's own routes say Accounts & settings", async () => {
      const cached = await login(h, 'owner@demo.local');
      await warm(cached);
      // Signed in but never seen by the gateway (as after a gateway restart): the token vouches.
      const fresh = await login(h, 'staff@demo.local');
      await setup.stopAdmin();

      for (const s of [cached, fresh]) {
        const read = await via('GET', '/api/bookings', { token: s.token });
        assert.equal(read.status, 200, JSON.stringify(read.body));
        assert.equal(read.body.userId, s.userId);
        assert.equal((await via('POST', '/api/bookings', { token: s.token })).status, 201);
        assert.equal((await via('GET', '/api/resources', { token: s.token })).status, 200);
      }
      assert.equal((await via('POST', '/api/resources', { token: cached.token })).status, 201);
      // staff may not write resources: the snapshot carries the permissions too
      assert.equal((await via('POST', '/api/resources', { token: fresh.token })).status, 403);

      const own = await via('GET', '/api/users/profile', { token: cached.token });
      assert.equal(own.status, 503);
      assert.deepEqual(own.body, {
        message: 'Accounts & settings is unavailable right now. Please try again shortly.',
      });
    });
  });
});
