import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Principal, SignedPrincipal } from '@venue/contracts';
import {
  fakeAdmin,
  fakeService,
  principal,
  snapshotClaims,
  startGateway,
  TEST_SECRET,
  testKeys,
  type FakeAdmin,
  type FakeService,
  type RunningGateway,
  type TestKeys,
} from './test-helpers.ts';

const b64url = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');

/** What a service does with the forwarded header: check the HMAC, then decode. */
function verifiedPrincipal(value: unknown, signature: unknown): SignedPrincipal | null {
  if (typeof value !== 'string' || typeof signature !== 'string') return null;
  const expected = createHmac('sha256', TEST_SECRET).update(value).digest('base64url');
  if (expected !== signature) return null;
  return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as SignedPrincipal;
}

const postEvent = (url: string, event: unknown, secret: string | null = TEST_SECRET) =>
  fetch(`${url}/internal/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { 'x-venue-internal': secret } : {}) },
    body: JSON.stringify(event),
  });

const envelope = (type: string, data: unknown) => ({
  id: crypto.randomUUID(),
  type,
  source: 'admin',
  tenantId: null,
  occurredAt: new Date().toISOString(),
  data,
});

describe('identity at the gateway', () => {
  let keys: TestKeys;
  let gateway: RunningGateway;
  let admin: FakeAdmin;
  let bookings: FakeService;
  const principals = new Map<string, Principal>();

  before(async () => {
    keys = await testKeys();
    principals.set('u1', principal('u1', 3));
    principals.set('u2', principal('u2', 5));
    principals.set('u3', principal('u3', 1));
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
  const lastSeen = () => {
    const seen = bookings.requests.at(-1)!.headers;
    return verifiedPrincipal(seen['x-venue-principal'], seen['x-venue-principal-sig']);
  };

  it('forwards the principal signed with its session and the token expiry; admin is asked once per session', async () => {
    const token = await keys.token({ sub: 'u1', pv: 3, sid: 'u1-a' });
    const lookups = admin.lookups.length;
    const res = await call(token);
    assert.equal(res.status, 200);
    const seen = lastSeen();
    assert.ok(seen && seen.exp > Date.now() / 1000 + 500, 'exp is the token expiry');
    assert.deepEqual(seen, { ...principals.get('u1'), sessionId: 'u1-a', exp: seen.exp });
    assert.equal(admin.lookups.length, lookups + 1);
    // The same session again: from the cache, admin is not asked.
    for (let i = 0; i < 3; i++) assert.equal((await call(token)).status, 200);
    assert.equal(admin.lookups.length, lookups + 1);
    // The token still goes along for services that want it; they need not verify it.
    assert.equal(bookings.requests.at(-1)!.headers.authorization, `Bearer ${token}`);
  });

  it('replaces a forged principal header and strips other identity headers', async () => {
    const token = await keys.token({ sub: 'u2', pv: 5, sid: 'u2-a' });
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
        .sign(new TextEncoder().encode(keys.publicKeyPem)),
      badSnapshot: await keys.token({ sub: 'u1', pv: 3, perm: 'all' as unknown as string[] }),
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

  it('a token older than the principal gets 401 token_stale; the refreshed token of the session works', async () => {
    principals.set('u3', principal('u3', 2)); // e.g. a permission change
    const count = bookings.requests.length;
    const res = await call(await keys.token({ sub: 'u3', pv: 1, sid: 'u3-a' }));
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), {
      message: 'Your access has changed. Please refresh your session.',
      code: 'token_stale',
    });
    assert.equal(bookings.requests.length, count);
    const fresh = await call(await keys.token({ sub: 'u3', pv: 2, sid: 'u3-a' }));
    assert.equal(fresh.status, 200);
  });

  it('a session admin reports ended gets 401 session_ended with the reason, remembered without asking again', async () => {
    admin.ended.set('u1-out', 'signed_out');
    const token = await keys.token({ sub: 'u1', pv: 3, sid: 'u1-out' });
    const lookups = admin.lookups.length;
    for (let i = 0; i < 2; i++) {
      const res = await call(token);
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), {
        message: 'Your session has ended. Please sign in again.',
        code: 'session_ended',
        reason: 'signed_out',
      });
    }
    assert.equal(admin.lookups.length, lookups + 1);
    const ghost = await call(await keys.token({ sub: 'deleted-user', pv: 1, sid: 'ghost' }));
    assert.equal(ghost.status, 401);
    assert.equal((await ghost.json()).reason, 'deleted');
  });

  it("admin's events bite on the next request, without asking admin", async () => {
    const a = await keys.token({ sub: 'u2', pv: 5, sid: 'u2-ev-a' });
    const b = await keys.token({ sub: 'u2', pv: 5, sid: 'u2-ev-b' });
    assert.equal((await call(a)).status, 200);
    assert.equal((await call(b)).status, 200);
    const lookups = admin.lookups.length;

    const ended = await postEvent(
      gateway.url,
      envelope('session.ended', {
        userId: 'u2',
        tenantId: 'u2',
        sessionIds: ['u2-ev-b'],
        reason: 'password_changed',
      }),
    );
    assert.equal(ended.status, 200);
    assert.deepEqual(await ended.json(), { status: 'processed' });
    const refused = await call(b);
    assert.equal(refused.status, 401);
    assert.equal((await refused.json()).reason, 'password_changed');
    assert.equal((await call(a)).status, 200, 'the other session carries on');

    const changed = await postEvent(
      gateway.url,
      envelope('principal.changed', { userId: 'u2', tenantId: 'u2', tokenVersion: 6 }),
    );
    assert.deepEqual(await changed.json(), { status: 'processed' });
    const stale = await call(a);
    assert.equal(stale.status, 401);
    assert.equal((await stale.json()).code, 'token_stale');
    assert.equal(admin.lookups.length, lookups, 'the events alone decided');
  });

  it('the events path takes only the internal secret; anything else there is an ordinary 404', async () => {
    const event = envelope('session.ended', {
      userId: 'u1',
      tenantId: 'u1',
      sessionIds: ['u1-a'],
      reason: 'deleted',
    });
    for (const secret of [null, 'guessed-secret-0123456789']) {
      const res = await postEvent(gateway.url, event, secret);
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), { message: 'Not found' });
    }
    const get = await fetch(`${gateway.url}/internal/events`, {
      headers: { 'x-venue-internal': TEST_SECRET },
    });
    assert.equal(get.status, 404);
    // none of that ended the session
    assert.equal((await call(await keys.token({ sub: 'u1', pv: 3, sid: 'u1-a' }))).status, 200);
    // a malformed or unknown event is acknowledged (it must not hold back later ones) and ignored
    const junk = await postEvent(gateway.url, envelope('session.ended', { sessionIds: 'u1-a' }));
    assert.deepEqual(await junk.json(), { status: 'ignored' });
    const other = await postEvent(gateway.url, envelope('booking.created', {}));
    assert.deepEqual(await other.json(), { status: 'ignored' });
    const notJson = await fetch(`${gateway.url}/internal/events`, {
      method: 'POST',
      headers: { 'x-venue-internal': TEST_SECRET },
      body: '{',
    });
    assert.equal(notJson.status, 400);
  });

  it('takes a relay batch in order with the internal secret: each event applied, the junk acknowledged', async () => {
    const batch = (events: unknown[], secret: string | null = TEST_SECRET) =>
      fetch(`${gateway.url}/internal/events/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret ? { 'x-venue-internal': secret } : {}) },
        body: JSON.stringify({ events }),
      });
    const token = await keys.token({ sub: 'u1', pv: 3, sid: 'u1-batch' });
    assert.equal((await call(token)).status, 200);
    const ended = envelope('session.ended', {
      userId: 'u1',
      tenantId: 'u1',
      sessionIds: ['u1-batch'],
      reason: 'signed_out',
    });
    assert.equal((await batch([ended], null)).status, 404, 'no secret: an ordinary 404');
    assert.equal((await call(token)).status, 200);
    const res = await batch([envelope('booking.created', {}), ended, envelope('session.ended', { x: 1 })]);
    assert.deepEqual(await res.json(), { statuses: ['ignored', 'processed', 'ignored'] });
    assert.equal((await call(token)).status, 401, 'the session in the batch is over');
    assert.equal((await batch([], TEST_SECRET)).status, 200);
    const notBatch = await fetch(`${gateway.url}/internal/events/batch`, {
      method: 'POST',
      headers: { 'x-venue-internal': TEST_SECRET },
      body: '{"events": 1}',
    });
    assert.equal(notBatch.status, 400);
  });

  it('trusts a cached principal only for its TTL, then asks admin again', async () => {
    const short = await startGateway(
      { admin: admin.url, bookings: bookings.url },
      { principalCacheTtlMs: 50 },
    );
    try {
      const token = await keys.token({ sub: 'u1', pv: 3, sid: 'u1-ttl' });
      const lookups = admin.lookups.length;
      assert.equal(
        (await fetch(`${short.url}/api/bookings`, { headers: { authorization: `Bearer ${token}` } })).status,
        200,
      );
      await new Promise((ok) => setTimeout(ok, 80));
      admin.ended.set('u1-ttl', 'deactivated'); // an event that never arrived
      const res = await fetch(`${short.url}/api/bookings`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status, 401);
      assert.equal((await res.json()).reason, 'deactivated');
      assert.equal(admin.lookups.length, lookups + 2);
    } finally {
      await short.close();
    }
  });

  it('lets a stale token through to session endpoints so the browser can refresh or sign out', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await keys.token({ sub: 'u1', pv: 4 }, (j) =>
      j.setIssuedAt(now - 3600).setExpirationTime(now - 1800),
    );
    const ended = await keys.token({ sub: 'u1', pv: 3, sid: 'u1-out' });
    for (const path of ['/api/auth/refresh', '/api/auth/logout', '/api/logout']) {
      for (const token of [expired, ended]) {
        const res = await call(token, {}, path);
        assert.equal(res.status, 200, path);
        const seen = admin.requests.at(-1)!;
        assert.equal(seen.url, path);
        assert.equal(seen.headers['x-venue-principal'], undefined);
      }
    }
  });
});

describe('identity while admin is down', () => {
  let keys: TestKeys;
  let admin: FakeAdmin;
  let bookings: FakeService;
  let gateway: RunningGateway;
  const principals = new Map<string, Principal>();
  const sub: Principal = {
    ...principal('s1', 4),
    role: 'sub_user',
    tenantId: 'o1',
    parentUserId: 'o1',
    permissions: ['bookings', 'calendar'],
  };

  before(async () => {
    keys = await testKeys();
    principals.set('o1', principal('o1', 2));
    principals.set('s1', sub);
    admin = await fakeAdmin(principals);
    bookings = await fakeService('bookings');
    gateway = await startGateway({ admin: admin.url, bookings: bookings.url }, { principalCacheTtlMs: 50 });
  });
  after(async () => {
    await gateway.close();
    await bookings.close();
  });

  const call = (token: string, path = '/api/bookings', method = 'GET') =>
    fetch(gateway.url + path, { method, headers: { authorization: `Bearer ${token}` } });

  it('signed-in users carry on in the other areas; only a token nothing vouches for, and admin, are 503', async () => {
    const cached = await keys.token({ sub: 'o1', pv: 2, sid: 'o1-a' });
    assert.equal((await call(cached)).status, 200);
    await admin.close();
    await new Promise((ok) => setTimeout(ok, 80)); // past the cache TTL: admin would be asked

    // a session the cache knows: served from it
    assert.equal((await call(cached)).status, 200);
    assert.equal((await call(cached, '/api/bookings', 'POST')).status, 200);

    // a session never seen (e.g. the gateway restarted): the token's own snapshot serves
    const unseen = await keys.token({
      sub: 's1',
      pv: 4,
      sid: 's1-a',
      role: 'sub_user',
      tid: 'o1',
      ...snapshotClaims(sub),
    });
    const res = await call(unseen);
    assert.equal(res.status, 200);
    const seen = bookings.requests.at(-1)!.headers;
    const p = verifiedPrincipal(seen['x-venue-principal'], seen['x-venue-principal-sig']);
    assert.deepEqual(p, { ...sub, sessionId: 's1-a', exp: p!.exp });

    // a token without a snapshot and without a cached session cannot be vouched for
    const bare = await call(await keys.token({ sub: 'o1', pv: 2, sid: 'o1-b' }));
    assert.equal(bare.status, 503);
    assert.deepEqual(await bare.json(), {
      message: 'Accounts & settings is unavailable right now. Please try again shortly.',
    });
    // admin's own routes name admin's area
    const own = await call(unseen, '/api/users/profile');
    assert.equal(own.status, 503);
    assert.match((await own.json()).message, /^Accounts & settings is unavailable/);
    // an area that is really down names itself
    const money = await call(unseen, '/api/invoices');
    assert.equal(money.status, 503);
    assert.match((await money.json()).message, /^Invoices, deposits & quotations is unavailable/);
  });
});
