import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  auditedActions,
  call,
  login,
  refreshCookie,
  startAdmin,
  DEMO_PASSWORD,
  type Harness,
} from '../testing/harness.ts';
import { ROTATION_GRACE_SECONDS } from './refresh-tokens.ts';

let h: Harness;

/** Moves a user's rotations past the grace window, as if the replay came much later. */
async function ageRotations(userId: string): Promise<void> {
  await h.kit.db.systemTx(async (tx) => {
    await tx.query(
      `UPDATE refresh_tokens SET revoked_at = revoked_at - make_interval(secs => $2)
        WHERE user_id = $1 AND revoked_at IS NOT NULL`,
      [userId, ROTATION_GRACE_SECONDS + 1],
    );
  });
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

/** The data of `type` events about `userId` in the outbox. */
async function outbox(type: string, userId: string): Promise<Array<{ sessionIds: string[] }>> {
  return h.kit.db.systemTx(async (tx) => {
    const { rows } = await tx.query<{ data: { sessionIds: string[] } }>(
      `SELECT data FROM outbox WHERE type = $1 AND data->>'userId' = $2 ORDER BY seq`,
      [type, userId],
    );
    return rows.map((r) => r.data);
  });
}

describe('refresh and logout', () => {
  before(async () => {
    h = await startAdmin();
  });
  after(async () => {
    await h?.close();
  });

  test('refresh issues a new access token and rotates the cookie', async () => {
    const session = await login(h, 'owner@demo.local');
    const reply = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.equal(reply.body.role, 'hall_owner');
    assert.ok(reply.body.token);
    const rotated = refreshCookie(reply);
    assert.notEqual(rotated, session.cookie);

    // the new access token works
    const profile = await call(h, 'GET', '/api/users/profile', { token: reply.body.token });
    assert.equal(profile.status, 200);
    assert.equal(profile.body.email, 'owner@demo.local');

    // the new cookie refreshes again
    const again = await call(h, 'POST', '/api/auth/refresh', { cookie: rotated });
    assert.equal(again.status, 200);
  });

  test('replaying a rotated refresh token ends the whole session family', async () => {
    const session = await login(h, 'owner2@demo.local');
    const first = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    assert.equal(first.status, 200);
    const current = refreshCookie(first);
    await ageRotations(session.userId);

    // an attacker replays the stolen, already used cookie
    const replay = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    assert.equal(replay.status, 401);
    assert.ok(replay.body.message);

    // the legitimate holder's newer cookie is now dead too
    const victim = await call(h, 'POST', '/api/auth/refresh', { cookie: current });
    assert.equal(victim.status, 401);
  });

  test('a second tab (or a reload that lost the answer) presenting the just-rotated cookie continues the session', async () => {
    const session = await login(h, 'owner2@demo.local');
    const winner = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    assert.equal(winner.status, 200);
    // Refusing it would clear the cookie the browser shares with the winning tab: signed out.
    const late = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    assert.equal(late.status, 200, JSON.stringify(late.body));
    assert.ok(late.body.token);
    const lateCookie = refreshCookie(late);
    assert.notEqual(lateCookie, refreshCookie(winner));
    // both continue the same session
    const next = await call(h, 'POST', '/api/auth/refresh', { cookie: refreshCookie(winner) });
    assert.equal(next.status, 200, JSON.stringify(next.body));
    const lateNext = await call(h, 'POST', '/api/auth/refresh', { cookie: lateCookie });
    assert.equal(lateNext.status, 200, JSON.stringify(lateNext.body));

    // after the grace the first cookie is a copy: presenting it ends the whole session
    await ageRotations(session.userId);
    const replay = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    assert.equal(replay.status, 401);
    const after = await call(h, 'POST', '/api/auth/refresh', { cookie: refreshCookie(next) });
    assert.equal(after.status, 401);
  });

  test('two refreshes with one cookie at the same moment both continue the session', async () => {
    const session = await login(h, 'owner2@demo.local');
    const [a, b] = await Promise.all([
      call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie }),
      call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie }),
    ]);
    assert.deepEqual([a.status, b.status], [200, 200], JSON.stringify([a.body, b.body]));
    for (const r of [a, b]) {
      const again = await call(h, 'POST', '/api/auth/refresh', { cookie: refreshCookie(r) });
      assert.equal(again.status, 200, JSON.stringify(again.body));
    }
  });

  test('refresh without a cookie is a plain "not signed in"; with garbage it is 401', async () => {
    // every signed-out page load asks: no console error each time (issue 11 item 14)
    const none = await call(h, 'POST', '/api/auth/refresh');
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, { authenticated: false });
    assert.equal(
      (await call(h, 'POST', '/api/auth/refresh', { cookie: 'venue_refresh=forged' })).status,
      401,
    );
  });

  test('logout revokes the refresh token and clears the cookie, even without an access token', async () => {
    const session = await login(h, 'staff@demo.local');
    for (const path of ['/api/logout', '/api/auth/logout']) {
      const s = path === '/api/logout' ? session : await login(h, 'staff@demo.local');
      // the access token has long expired: sign-out must still work
      const expired = await h.keys.token(
        { sub: s.userId, role: 'sub_user', tid: 'irrelevant', pv: 1 },
        { expired: true },
      );
      const out = await call(h, 'POST', path, { cookie: s.cookie, token: expired });
      assert.equal(out.status, 200, JSON.stringify(out.body));
      const cleared = out.cookies.find((c) => c.startsWith('venue_refresh='));
      assert.ok(cleared, 'cookie cleared');
      assert.match(cleared, /expires=Thu, 01 Jan 1970/i);
      assert.match(cleared, /path=\/api\/auth/i);
      const refresh = await call(h, 'POST', '/api/auth/refresh', { cookie: s.cookie });
      assert.equal(refresh.status, 401, `${path} revoked the token`);
    }
  });

  test('logging out one session leaves other sessions working', async () => {
    const a = await login(h, 'admin@demo.local');
    const b = await login(h, 'admin@demo.local', DEMO_PASSWORD);
    await call(h, 'POST', '/api/logout', { cookie: a.cookie });
    const other = await call(h, 'POST', '/api/auth/refresh', { cookie: b.cookie });
    assert.equal(other.status, 200);
  });

  test('the access token carries its session and a snapshot of the principal', async () => {
    const session = await login(h, 'staff@demo.local');
    const claims = claimsOf(session.token);
    assert.match(String(claims.sid), /^[0-9a-f-]{36}$/);
    assert.equal(claims.em, 'staff@demo.local');
    assert.equal(claims.nm, 'Sam Staff');
    assert.equal(claims.role, 'sub_user');
    assert.equal(typeof claims.par, 'string');
    assert.ok(Array.isArray(claims.perm));
    // a refresh continues the same session
    const refreshed = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    assert.equal(claimsOf(refreshed.body.token).sid, claims.sid);
  });

  test("logout ends that session's access token at once, and only that session's", async () => {
    const a = await login(h, 'owner2@demo.local');
    const b = await login(h, 'owner2@demo.local');
    assert.equal((await call(h, 'GET', '/api/users/profile', { token: a.token })).status, 200);
    await call(h, 'POST', '/api/auth/logout', { cookie: a.cookie });
    const refused = await call(h, 'GET', '/api/users/profile', { token: a.token });
    assert.equal(refused.status, 401);
    assert.deepEqual(refused.body, {
      message: 'Session expired. Please sign in again.',
      code: 'session_ended',
      reason: 'signed_out',
    });
    assert.equal((await call(h, 'GET', '/api/users/profile', { token: b.token })).status, 200);
    const refresh = await call(h, 'POST', '/api/auth/refresh', { cookie: a.cookie });
    assert.deepEqual(refresh.body, {
      message: 'Your session has ended. Please sign in again.',
      code: 'session_ended',
      reason: 'signed_out',
    });
    const events = await outbox('session.ended', a.userId);
    assert.deepEqual(
      events.find((e) => e.sessionIds.includes(String(claimsOf(a.token).sid))),
      { userId: a.userId, tenantId: a.userId, sessionIds: [claimsOf(a.token).sid], reason: 'signed_out' },
    );
  });

  test("a replayed refresh token ends its session: the family's access tokens are refused, with the reason", async () => {
    const session = await login(h, 'owner@demo.local');
    const first = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    await ageRotations(session.userId);
    const replay = await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie });
    assert.equal(replay.status, 401);
    assert.equal(replay.body.reason, 'replayed');
    const victim = await call(h, 'GET', '/api/users/profile', { token: first.body.token });
    assert.equal(victim.status, 401);
    assert.equal(victim.body.reason, 'replayed');
    const again = await call(h, 'POST', '/api/auth/refresh', { cookie: refreshCookie(first) });
    assert.equal(again.body.reason, 'replayed');
  });

  test('sign-in and sign-out are audited', async () => {
    const session = await login(h, 'owner@demo.local');
    await call(h, 'POST', '/api/logout', { cookie: session.cookie });
    const actions = await auditedActions(h, session.userId);
    assert.ok(actions.includes('user_login'), JSON.stringify(actions));
    assert.ok(actions.includes('user_logout'), JSON.stringify(actions));
  });

  test('audit events reach the audit log once the relay has run', async () => {
    const session = await login(h, 'owner2@demo.local');
    await h.kit.relay.flush();
    const rows = await h.kit.db.tenantTx(session.userId, async (tx) => {
      const { rows } = await tx.query<{ action: string; actor_email: string; ip_address: string | null }>(
        `SELECT action, actor_email, ip_address FROM audit_log WHERE target = $1 AND action = 'user_login'`,
        [session.userId],
      );
      return rows;
    });
    assert.ok(rows.length >= 1, 'the login is in the audit log');
    assert.equal(rows[0]!.actor_email, 'owner2@demo.local');
    assert.ok(rows[0]!.ip_address);
  });

  test('housekeeping drops long-expired refresh tokens and old attempts, keeps live ones', async () => {
    const session = await login(h, 'owner@demo.local');
    await h.kit.db.systemTx(async (tx) => {
      await tx.query(
        `INSERT INTO login_attempts (email, ip, at, success) VALUES ('old@demo.local', '192.0.2.1', now() - interval '2 days', false)`,
      );
      await tx.query(
        `UPDATE refresh_tokens SET expires_at = now() - interval '3 days' WHERE user_id = (SELECT id FROM users WHERE email = 'admin@demo.local')`,
      );
    });
    assert.equal(await h.kit.runJob('prune-sessions'), true);
    const left = await h.kit.db.systemTx(async (tx) => ({
      old: (await tx.query(`SELECT 1 FROM login_attempts WHERE email = 'old@demo.local'`)).rowCount,
      adminTokens: (
        await tx.query(
          `SELECT 1 FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'admin@demo.local'`,
        )
      ).rowCount,
    }));
    assert.deepEqual(left, { old: 0, adminTokens: 0 });
    assert.equal((await call(h, 'POST', '/api/auth/refresh', { cookie: session.cookie })).status, 200);
  });
});
