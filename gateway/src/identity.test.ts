import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Principal } from '@venue/contracts';
import {
  fakeAdmin,
  fakeService,
  principal,
  startGateway,
  TEST_SECRET,
  testKeys,
  type FakeService,
  type RunningGateway,
  type TestKeys,
} from './test-helpers.ts';

const b64url = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');

/** What a service does with the forwarded header: check the HMAC, then decode. */
function verifiedPrincipal(value: unknown, signature: unknown): Principal | null {
  if (typeof value !== 'string' || typeof signature !== 'string') return null;
  const expected = createHmac('sha256', TEST_SECRET).update(value).digest('base64url');
  if (expected !== signature) return null;
  return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Principal;
}

describe('identity at the gateway', () => {
  let keys: TestKeys;
  let gateway: RunningGateway;
  let admin: Awaited<ReturnType<typeof fakeAdmin>>;
  let bookings: FakeService;
  const principals = new Map<string, Principal>();

  before(async () => {
    keys = await testKeys();
    principals.set('u1', principal('u1', 3));
    principals.set('u2', principal('u2', 5));
    admin = await fakeAdmin(principals);
    bookings = await fakeService('bookings');
    gateway = await startGateway({ admin: admin.url, bookings: bookings.url });
  });
  after(async () => {
    await gateway.close();
    await admin.close();
    await bookings.close();
  });

  const call = (token: string | null, headers: Record<string, string> = {}, path = '/api/bookings') =>
    fetch(gateway.url + path, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  it('forwards the verified, current principal with a valid signature', async () => {
    const token = await keys.token({ sub: 'u1', pv: 3 });
    const res = await call(token);
    assert.equal(res.status, 200);
    const seen = bookings.requests.at(-1)!.headers;
    assert.deepEqual(
      verifiedPrincipal(seen['x-venue-principal'], seen['x-venue-principal-sig']),
      principals.get('u1'),
    );
    // The token itself still goes along: services verify it again.
    assert.equal(seen.authorization, `Bearer ${token}`);
    assert.equal(admin.lookups.at(-1), 'u1');
  });

  it('replaces a forged principal header and strips other identity headers', async () => {
    const token = await keys.token({ sub: 'u2', pv: 5 });
    const forged = b64url({ ...principal('u2', 5), role: 'super_admin', tenantId: 'someone-else' });
    const forgedSig = createHmac('sha256', 'guessed-secret').update(forged).digest('base64url');
    const res = await call(token, {
      'x-venue-principal': forged,
      'x-venue-principal-sig': forgedSig,
      'x-venue-internal': 'guess',
      'x-user-id': 'u1',
      'x-tenant-id': 't-other',
      'x-forwarded-user': 'root',
    });
    assert.equal(res.status, 200);
    const seen = bookings.requests.at(-1)!.headers;
    const p = verifiedPrincipal(seen['x-venue-principal'], seen['x-venue-principal-sig']);
    assert.equal(p?.role, 'hall_owner');
    assert.equal(p?.tenantId, 'u2');
    for (const h of ['x-venue-internal', 'x-user-id', 'x-tenant-id', 'x-forwarded-user'])
      assert.equal(seen[h], undefined, h);
  });

  it('forwards anonymous requests without any identity, dropping forged ones', async () => {
    const res = await call(null, {
      'x-venue-principal': b64url(principal('u1', 3)),
      'x-venue-principal-sig': 'x',
    });
    assert.equal(res.status, 200);
    const seen = bookings.requests.at(-1)!.headers;
    assert.equal(seen['x-venue-principal'], undefined);
    assert.equal(seen['x-venue-principal-sig'], undefined);
  });

  it('rejects bad tokens with 401 before anything reaches a service', async () => {
    const good = await keys.token({ sub: 'u1', pv: 3 });
    const [h, , s] = good.split('.');
    const now = Math.floor(Date.now() / 1000);
    const bad: Record<string, string> = {
      tampered: `${h}.${b64url({ sub: 'u1', role: 'super_admin', tid: 'u1', pv: 3, iss: 'venue-admin', aud: 'venue-api', iat: now, exp: now + 600 })}.${s}`,
      expired: await keys.token({ sub: 'u1', pv: 3 }, (j) =>
        j.setIssuedAt(now - 3600).setExpirationTime(now - 1800),
      ),
      wrongAudience: await keys.token({ sub: 'u1', pv: 3 }, (j) => j.setAudience('another-api')),
      wrongIssuer: await keys.token({ sub: 'u1', pv: 3 }, (j) => j.setIssuer('someone-else')),
      algNone: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'u1', role: 'hall_owner', tid: 'u1', pv: 3, iss: 'venue-admin', aud: 'venue-api', iat: now, exp: now + 600 })}.`,
      // HMAC "signed" with the public key text: the classic algorithm-confusion attack.
      hs256: await new SignJWT({ role: 'hall_owner', tid: 'u1', pv: 3 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u1')
        .setIssuer('venue-admin')
        .setAudience('venue-api')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(process.env.AUTH_PUBLIC_KEY)),
      garbage: 'not-a-jwt',
    };
    const before = { bookings: bookings.requests.length, lookups: admin.lookups.length };
    for (const [kind, token] of Object.entries(bad)) {
      const res = await call(token);
      assert.equal(res.status, 401, kind);
      assert.deepEqual(await res.json(), { message: 'Invalid or expired token' }, kind);
    }
    assert.equal(bookings.requests.length, before.bookings, 'no bad token reached the service');
    assert.equal(admin.lookups.length, before.lookups, 'no bad token caused a principal lookup');
  });

  it('rejects a token whose version has moved on, or whose user is gone', async () => {
    const token = await keys.token({ sub: 'u1', pv: 3 });
    principals.set('u1', principal('u1', 4)); // e.g. a permission change
    const count = bookings.requests.length;
    const res = await call(token);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { message: 'Session expired. Please sign in again.' });

    const ghost = await call(await keys.token({ sub: 'deleted-user', pv: 1 }));
    assert.equal(ghost.status, 401);
    assert.deepEqual(await ghost.json(), { message: 'Session expired. Please sign in again.' });
    assert.equal(bookings.requests.length, count);

    // A fresh token with the new version works again at once: nothing is cached.
    const fresh = await call(await keys.token({ sub: 'u1', pv: 4 }));
    assert.equal(fresh.status, 200);
  });

  it('lets a stale token through to session endpoints so the browser can refresh or sign out', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await keys.token({ sub: 'u1', pv: 4 }, (j) =>
      j.setIssuedAt(now - 3600).setExpirationTime(now - 1800),
    );
    const res = await call(expired, {}, '/api/auth/refresh');
    assert.equal(res.status, 200);
    const seen = admin.requests.at(-1)!;
    assert.equal(seen.url, '/api/auth/refresh');
    assert.equal(seen.headers['x-venue-principal'], undefined);
  });

  it('answers 503 naming the accounts area when admin cannot verify the session', async () => {
    const noAdmin = await startGateway({ bookings: bookings.url });
    try {
      const count = bookings.requests.length;
      const res = await fetch(`${noAdmin.url}/api/bookings`, {
        headers: { authorization: `Bearer ${await keys.token({ sub: 'u2', pv: 5 })}` },
      });
      assert.equal(res.status, 503);
      assert.deepEqual(await res.json(), {
        message: 'Accounts & settings is unavailable right now. Please try again shortly.',
      });
      assert.equal(bookings.requests.length, count);
      // Anonymous traffic to bookings is unaffected.
      assert.equal((await fetch(`${noAdmin.url}/api/bookings`)).status, 200);
    } finally {
      await noAdmin.close();
    }
  });
});
