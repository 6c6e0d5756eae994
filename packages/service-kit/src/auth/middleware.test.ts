import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { importPKCS8, SignJWT } from 'jose';
import { startTestService, testKeys, type TestService, type TestKeys } from '../testing/index.ts';
import { ADMIN, OWNER_A, OWNER_B, principals, SUB_A, widgetsApp } from '../test-fixtures/widgets-app.ts';
import { call } from '../test-fixtures/http.ts';
import { encodePrincipal } from './tokens.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('requireAuth and guards', () => {
  let t: TestService;
  let keys: TestKeys;
  const directory = principals();
  let ownerA: string;

  before(async () => {
    keys = await testKeys();
    t = await startTestService(widgetsApp({}, directory));
    ownerA = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
  });
  after(() => t.close());

  it('accepts a valid token', async () => {
    const r = await call(t.url, 'GET', '/api/widgets', { token: ownerA });
    assert.equal(r.status, 200);
  });

  it('401 without a token', async () => {
    const r = await call(t.url, 'GET', '/api/widgets');
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, { message: 'Authentication required' });
  });

  it('401 for a tampered token', async () => {
    const [h, , s] = ownerA.split('.');
    const forged = `${h}.${b64({ sub: OWNER_A, role: 'super_admin', tid: OWNER_A, pv: 1, iss: 'venue-admin', aud: 'venue-api', iat: 1, exp: 4102444800 })}.${s}`;
    const r = await call(t.url, 'GET', '/api/widgets', { token: forged });
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, { message: 'Invalid or expired token' });
  });

  it('401 for an expired token', async () => {
    const expired = await keys.token(
      { sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 },
      { expired: true },
    );
    const r = await call(t.url, 'GET', '/api/widgets', { token: expired });
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, { message: 'Invalid or expired token' });
  });

  it('401 for alg "none"', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1, iss: 'venue-admin', aud: 'venue-api', iat: now, exp: now + 600 })}.`;
    const r = await call(t.url, 'GET', '/api/widgets', { token: unsigned });
    assert.equal(r.status, 401);
  });

  it('401 for a token minted for another audience', async () => {
    const key = await importPKCS8(keys.privateKeyPem, 'EdDSA');
    const other = await new SignJWT({ role: 'hall_owner', tid: OWNER_A, pv: 1 })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject(OWNER_A)
      .setIssuer('venue-admin')
      .setAudience('some-other-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    const r = await call(t.url, 'GET', '/api/widgets', { token: other });
    assert.equal(r.status, 401);
  });

  it('401 "session expired" when the token version is stale or the user is gone', async () => {
    const stale = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 0 });
    const r = await call(t.url, 'GET', '/api/widgets', { token: stale });
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, { message: 'Session expired. Please sign in again.' });
    const ghost = await keys.token({
      sub: '55555555-5555-4555-8555-555555555555',
      role: 'hall_owner',
      tid: OWNER_A,
      pv: 1,
    });
    assert.equal((await call(t.url, 'GET', '/api/widgets', { token: ghost })).status, 401);
  });

  it('uses a correctly signed gateway principal header', async () => {
    // A principal only the header knows about: success proves the header was used.
    const headerOnly = { ...directory.get(OWNER_B)!, userId: '66666666-6666-4666-8666-666666666666' };
    const token = await keys.token({ sub: headerOnly.userId, role: 'hall_owner', tid: OWNER_B, pv: 1 });
    const { value, signature } = encodePrincipal(headerOnly, keys.internalSecret);
    const r = await call(t.url, 'GET', '/api/widgets', {
      token,
      headers: { 'x-venue-principal': value, 'x-venue-principal-sig': signature },
    });
    assert.equal(r.status, 200);
  });

  it('ignores a forged principal header (bad HMAC) and uses the real principal', async () => {
    const sub = await keys.token({ sub: SUB_A, role: 'sub_user', tid: OWNER_A, pv: 1 });
    // The sub-user claims every permission through a header signed with the wrong secret.
    const elevated = { ...directory.get(SUB_A)!, permissions: ['bookings'] };
    const { value, signature } = encodePrincipal(elevated, 'not-the-internal-secret-at-all');
    const r = await call(t.url, 'GET', '/api/bookings-page', {
      token: sub,
      headers: { 'x-venue-principal': value, 'x-venue-principal-sig': signature },
    });
    assert.equal(r.status, 403);
  });

  it('403 for a sub-user without the page key; owners pass', async () => {
    const sub = await keys.token({ sub: SUB_A, role: 'sub_user', tid: OWNER_A, pv: 1 });
    const denied = await call(t.url, 'GET', '/api/bookings-page', { token: sub });
    assert.equal(denied.status, 403);
    assert.deepEqual(denied.body, {
      message:
        "Access Denied - You don't have permission to access this page. Contact your administrator for access.",
    });
    assert.equal((await call(t.url, 'GET', '/api/bookings-page', { token: ownerA })).status, 200);
  });

  it('403 when the path names another tenant; own tenant, sub-user of it and super admin pass', async () => {
    const other = await call(t.url, 'GET', `/api/widgets/hall-owner/${OWNER_B}`, { token: ownerA });
    assert.equal(other.status, 403);
    assert.deepEqual(other.body, { message: 'You can only access your own hall data.' });
    assert.equal(
      (await call(t.url, 'GET', `/api/widgets/hall-owner/${OWNER_A}`, { token: ownerA })).status,
      200,
    );
    const sub = await keys.token({ sub: SUB_A, role: 'sub_user', tid: OWNER_A, pv: 1 });
    assert.equal(
      (await call(t.url, 'GET', `/api/widgets/hall-owner/${OWNER_A}`, { token: sub })).status,
      200,
    );
    const admin = await keys.token({ sub: ADMIN, role: 'super_admin', tid: ADMIN, pv: 1 });
    assert.equal(
      (await call(t.url, 'GET', `/api/widgets/hall-owner/${OWNER_B}`, { token: admin })).status,
      200,
    );
  });
});

describe('principal from services/admin', () => {
  it('fetches the principal from ADMIN_URL when no resolver is given, and 401s when admin says 404', async () => {
    const keys = await testKeys();
    const directory = principals();
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const admin = createServer((req, res) => {
      seen.push(
        `${req.url} ${req.headers['x-venue-internal'] === keys.internalSecret ? 'secret' : 'no-secret'}`,
      );
      const id = decodeURIComponent(req.url!.split('/').pop()!);
      const p = directory.get(id);
      res.writeHead(p ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(p ?? { message: 'Not found' }));
    });
    await new Promise<void>((ok) => admin.listen(0, '127.0.0.1', ok));
    const port = (admin.address() as { port: number }).port;
    process.env.ADMIN_URL = `http://127.0.0.1:${port}`;
    const t = await startTestService(widgetsApp({ resolvePrincipal: undefined }));
    try {
      const token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
      assert.equal((await call(t.url, 'GET', '/api/widgets', { token })).status, 200);
      assert.deepEqual(seen, [`/internal/principals/${OWNER_A} secret`]);
      directory.delete(OWNER_A); // deleted or deactivated in admin: next request is refused
      const r = await call(t.url, 'GET', '/api/widgets', { token });
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { message: 'Session expired. Please sign in again.' });
    } finally {
      await t.close();
      admin.close();
      delete process.env.ADMIN_URL;
    }
  });
});
