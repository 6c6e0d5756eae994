import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { verifyAccessToken, loadPublicKey } from '@venue/service-kit';
import { call, login, startAdmin, DEMO_PASSWORD, type Harness } from '../testing/harness.ts';

let h: Harness;

/** Each test signs in from its own client address so the per-address limit stays out of the way. */
let nextAddress = 10;
function fromNewAddress(): Record<string, string> {
  nextAddress += 1;
  return { 'x-forwarded-for': `198.51.100.${nextAddress}` };
}

describe('POST /api/login', () => {
  before(async () => {
    h = await startAdmin();
  });
  after(async () => {
    await h?.close();
  });

  test('signs an owner in with a short-lived token and a locked-down refresh cookie', async () => {
    const reply = await call(h, 'POST', '/api/login', {
      body: { email: 'Owner@Demo.local ', password: DEMO_PASSWORD },
      headers: fromNewAddress(),
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.equal(reply.body.role, 'hall_owner');
    assert.deepEqual(Object.keys(reply.body).sort(), ['role', 'token']);

    const claims = await verifyAccessToken(reply.body.token, await loadPublicKey());
    assert.equal(claims.role, 'hall_owner');
    assert.equal(claims.tid, claims.sub, 'an owner is their own tenant');
    assert.equal(typeof claims.pv, 'number');
    const { exp, iat } = JSON.parse(Buffer.from(reply.body.token.split('.')[1], 'base64url').toString());
    assert.equal(exp - iat, 600, 'access tokens live 10 minutes');

    const cookie = reply.cookies.find((c) => c.startsWith('venue_refresh='));
    assert.ok(cookie, 'refresh cookie set');
    const attrs = cookie.split(';').map((p) => p.trim().toLowerCase());
    assert.ok(attrs.includes('httponly'));
    assert.ok(attrs.includes('samesite=strict'));
    assert.ok(attrs.includes('path=/api/auth'));
    assert.ok(!attrs.includes('secure'), 'not Secure over plain http');
    const expires = attrs.find((a) => a.startsWith('expires='));
    assert.ok(expires);
    const days = (Date.parse(expires.slice('expires='.length)) - Date.now()) / 86_400_000;
    assert.ok(days > 13.9 && days <= 14, `cookie lasts 14 days, got ${days}`);
  });

  test('marks the cookie Secure when the request came over https', async () => {
    const reply = await call(h, 'POST', '/api/login', {
      body: { email: 'owner2@demo.local', password: DEMO_PASSWORD },
      headers: { ...fromNewAddress(), 'x-forwarded-proto': 'https' },
    });
    assert.equal(reply.status, 200);
    const cookie = reply.cookies.find((c) => c.startsWith('venue_refresh='))!;
    assert.ok(
      cookie
        .toLowerCase()
        .split(';')
        .map((p) => p.trim())
        .includes('secure'),
    );
  });

  test('a sub-user token carries the parent as tenant', async () => {
    const staff = await login(h, 'staff@demo.local', DEMO_PASSWORD, fromNewAddress());
    const owner = await login(h, 'owner@demo.local', DEMO_PASSWORD, fromNewAddress());
    const claims = await verifyAccessToken(staff.token, await loadPublicKey());
    assert.equal(staff.role, 'sub_user');
    assert.equal(claims.tid, owner.userId);
  });

  test('unknown e-mail and wrong password get the same answer', async () => {
    const unknown = await call(h, 'POST', '/api/login', {
      body: { email: 'nobody@demo.local', password: DEMO_PASSWORD },
      headers: fromNewAddress(),
    });
    const wrong = await call(h, 'POST', '/api/login', {
      body: { email: 'owner@demo.local', password: 'not-the-password' },
      headers: fromNewAddress(),
    });
    assert.equal(unknown.status, 401);
    assert.deepEqual(unknown.body, { code: 'invalid-credential', message: 'Invalid email or password.' });
    assert.equal(wrong.status, unknown.status);
    assert.deepEqual(wrong.body, unknown.body);
    assert.equal(unknown.cookies.length, 0);
  });

  test('an unknown e-mail costs about as much work as a wrong password', async () => {
    // CPU time, not wall time: the service runs in this process and argon2 runs on its
    // thread pool, so the measure holds however busy the machine is.
    const work = async (email: string) => {
      const before = process.cpuUsage();
      await call(h, 'POST', '/api/login', {
        body: { email, password: 'wrong-password' },
        headers: fromNewAddress(),
      });
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    await work('warm-up@demo.local');
    await work('owner2@demo.local');
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await work(`ghost${i}@demo.local`));
      known.push(await work('owner2@demo.local'));
    }
    // The least of five: what each path costs at the least, without a garbage collection or an
    // outbox tick of the same process landing in one sample (a median of three failed on that).
    // Without the dummy hash an unknown e-mail would skip the argon2 run entirely (~1 ms of
    // ~25 ms).
    assert.ok(
      Math.min(...unknown) > Math.min(...known) * 0.5,
      `unknown ${unknown.join(', ')} ms CPU vs known ${known.join(', ')} ms CPU`,
    );
  });

  test('a malformed e-mail is invalid-email', async () => {
    const reply = await call(h, 'POST', '/api/login', {
      body: { email: 'not-an-email', password: 'x' },
      headers: fromNewAddress(),
    });
    assert.equal(reply.status, 400);
    assert.equal(reply.body.code, 'invalid-email');
    assert.ok(reply.body.message);
  });

  test('an inactive sub-user hears user-disabled, but only with the right password', async () => {
    const owner = await login(h, 'owner@demo.local', DEMO_PASSWORD, fromNewAddress());
    const created = await call(h, 'POST', '/api/users', {
      token: owner.token,
      body: {
        name: 'Ivy Inactive',
        email: 'ivy@demo.local',
        password: 'ivy-pass-1',
        permissions: ['calendar'],
        status: 'inactive',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));

    const right = await call(h, 'POST', '/api/login', {
      body: { email: 'ivy@demo.local', password: 'ivy-pass-1' },
      headers: fromNewAddress(),
    });
    assert.equal(right.status, 403);
    assert.equal(right.body.code, 'user-disabled');
    assert.match(right.body.message, /disabled/);
    assert.equal(right.cookies.length, 0);

    const wrong = await call(h, 'POST', '/api/login', {
      body: { email: 'ivy@demo.local', password: 'guess-guess' },
      headers: fromNewAddress(),
    });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.code, 'invalid-credential');
  });

  test('a deleted sub-user hears user-disabled with the right password', async () => {
    const owner = await login(h, 'owner@demo.local', DEMO_PASSWORD, fromNewAddress());
    const created = await call(h, 'POST', '/api/users', {
      token: owner.token,
      body: { name: 'Dan Deleted', email: 'dan@demo.local', password: 'dan-pass-1', permissions: [] },
    });
    assert.equal(created.status, 201);
    const removed = await call(h, 'DELETE', `/api/users/${created.body.id}`, { token: owner.token });
    assert.equal(removed.status, 200);
    const reply = await call(h, 'POST', '/api/login', {
      body: { email: 'dan@demo.local', password: 'dan-pass-1' },
      headers: fromNewAddress(),
    });
    assert.equal(reply.status, 403);
    assert.equal(reply.body.code, 'user-disabled');
  });

  // Throttling of repeated failures (by account and address) is covered in throttle.test.ts.

  test('passwords are stored as argon2id with at least the OWASP parameters', async () => {
    const hash = await h.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ password_hash: string }>(
        `SELECT password_hash FROM users WHERE email = 'owner@demo.local'`,
      );
      return rows[0]!.password_hash;
    });
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
    assert.ok(m, hash);
    assert.ok(Number(m[1]) >= 19456 && Number(m[2]) >= 2 && Number(m[3]) >= 1);
  });
});
