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

  it('401 token_stale for an older token version, session_ended when the user is gone', async () => {
    const stale = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 0 });
    const r = await call(t.url, 'GET', '/api/widgets', { token: stale });
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, {
      message: 'Your access has changed. Please refresh your session.',
      code: 'token_stale',
    });
    const ghost = await keys.token({
      sub: '55555555-5555-4555-8555-555555555555',
      role: 'hall_owner',
      tid: OWNER_A,
      pv: 1,
    });
    const gone = await call(t.url, 'GET', '/api/widgets', { token: ghost });
    assert.equal(gone.status, 401);
    assert.deepEqual(gone.body, {
      message: 'Session expired. Please sign in again.',
      code: 'session_ended',
      reason: 'deleted',
    });
  });

  const inTenMinutes = () => Math.floor(Date.now() / 1000) + 600;

  it('trusts a correctly signed gateway principal without verifying any token', async () => {
    // A principal only the header knows about: success proves the header was used, and no
    // bearer token at all proves the JWT was not verified again.
    const headerOnly = { ...directory.get(OWNER_B)!, userId: '66666666-6666-4666-8666-666666666666' };
    const { value, signature } = encodePrincipal(
      { ...headerOnly, sessionId: 'sid-1', exp: inTenMinutes() },
      keys.internalSecret,
    );
    const r = await call(t.url, 'GET', '/api/widgets', {
      headers: { 'x-venue-principal': value, 'x-venue-principal-sig': signature },
    });
    assert.equal(r.status, 200);
  });

  it('refuses a signed principal whose exp has passed: a replayed header cannot outlive its token', async () => {
    const p = { ...directory.get(OWNER_B)!, userId: '77777777-7777-4777-8777-777777777777' };
    const { value, signature } = encodePrincipal(
      { ...p, sessionId: 'sid-2', exp: Math.floor(Date.now() / 1000) - 1 },
      keys.internalSecret,
    );
    const headers = { 'x-venue-principal': value, 'x-venue-principal-sig': signature };
    const bare = await call(t.url, 'GET', '/api/widgets', { headers });
    assert.equal(bare.status, 401);
    assert.deepEqual(bare.body, { message: 'Authentication required' });
    // With a (still valid) token of that user the service falls back on the token and admin,
    // which does not know this principal: refused all the same.
    const token = await keys.token({ sub: p.userId, role: 'hall_owner', tid: OWNER_B, pv: 1 });
    assert.equal((await call(t.url, 'GET', '/api/widgets', { token, headers })).status, 401);
  });

  it('ignores a forged principal header (bad HMAC) and uses the real principal', async () => {
    const sub = await keys.token({ sub: SUB_A, role: 'sub_user', tid: OWNER_A, pv: 1 });
    // The sub-user claims every permission through a header signed with the wrong secret.
    const elevated = {
      ...directory.get(SUB_A)!,
      permissions: ['bookings'],
      sessionId: null,
      exp: inTenMinutes(),
    };
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
  it('asks ADMIN_URL for the principal and the session when no resolver is given', async () => {
    const keys = await testKeys();
    const directory = principals();
    const ended = new Set<string>();
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const admin = createServer((req, res) => {
      const url = new URL(req.url!, 'http://admin');
      seen.push(
        `${url.pathname}${url.search} ${req.headers['x-venue-internal'] === keys.internalSecret ? 'secret' : 'no-secret'}`,
      );
      const p = directory.get(decodeURIComponent(url.pathname.split('/').pop()!));
      const sid = url.searchParams.get('sid') ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      if (!p) res.end(JSON.stringify({ status: 'ended', reason: 'deleted' }));
      else if (ended.has(sid)) res.end(JSON.stringify({ status: 'ended', reason: 'signed_out' }));
      else res.end(JSON.stringify({ status: 'live', principal: p }));
    });
    await new Promise<void>((ok) => admin.listen(0, '127.0.0.1', ok));
    const port = (admin.address() as { port: number }).port;
    process.env.ADMIN_URL = `http://127.0.0.1:${port}`;
    const t = await startTestService(widgetsApp({ resolvePrincipal: undefined }));
    try {
      const sid = '88888888-8888-4888-8888-888888888888';
      const token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1, sid });
      assert.equal((await call(t.url, 'GET', '/api/widgets', { token })).status, 200);
      assert.deepEqual(seen, [`/internal/principals/${OWNER_A}?sid=${sid} secret`]);

      ended.add(sid); // signed out: this session's token is refused, with the reason
      const out = await call(t.url, 'GET', '/api/widgets', { token });
      assert.equal(out.status, 401);
      assert.deepEqual(out.body, {
        message: 'Session expired. Please sign in again.',
        code: 'session_ended',
        reason: 'signed_out',
      });

      const other = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1, sid: OWNER_B });
      assert.equal((await call(t.url, 'GET', '/api/widgets', { token: other })).status, 200);
      directory.delete(OWNER_A); // deleted or deactivated in admin: next request is refused
      const r = await call(t.url, 'GET', '/api/widgets', { token: other });
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, {
        message: 'Session expired. Please sign in again.',
        code: 'session_ended',
        reason: 'deleted',
      });
    } finally {
      await t.close();
      admin.close();
      delete process.env.ADMIN_URL;
    }
  });

  it('answers 503 naming Accounts & settings when admin is down and no signed principal came', async () => {
    const keys = await testKeys();
    process.env.ADMIN_URL = 'http://127.0.0.1:9'; // discard port: nothing answers
    const t = await startTestService(widgetsApp({ resolvePrincipal: undefined }));
    try {
      const token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
      const r = await call(t.url, 'GET', '/api/widgets', { token });
      assert.equal(r.status, 503);
      assert.match((r.body as { message: string }).message, /^Accounts & settings is unavailable/);
    } finally {
      await t.close();
      delete process.env.ADMIN_URL;
    }
  });
});
