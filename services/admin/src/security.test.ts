import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import {
  INTERNAL_AUTH_HEADER,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type Principal,
} from '@venue/contracts';
import { encodePrincipal, loadPrivateKey } from '@venue/service-kit';
import { call, login, startAdmin, type Harness, type Session } from './testing/harness.ts';

let h: Harness;
let owner: Session;
let staff: Session;
describe('tokens and principals', () => {
  before(async () => {
    h = await startAdmin();
    owner = await login(h, 'owner@demo.local');
    staff = await login(h, 'staff@demo.local');
  });
  after(async () => {
    await h?.close();
  });

  function claimsOf(token: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
  }

  describe('access tokens presented directly to admin', () => {
    test('a tampered payload is 401', async () => {
      const [header, , signature] = owner.token.split('.');
      const payload = Buffer.from(JSON.stringify({ ...claimsOf(owner.token), role: 'super_admin' })).toString(
        'base64url',
      );
      const reply = await call(h, 'GET', '/api/users/profile', {
        token: `${header}.${payload}.${signature}`,
      });
      assert.equal(reply.status, 401);
      assert.ok(reply.body.message);
    });

    test('an expired token is 401', async () => {
      const c = claimsOf(owner.token);
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ role: c.role, tid: c.tid, pv: c.pv })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
        .setSubject(String(c.sub))
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(now - 1200)
        .setExpirationTime(now - 600)
        .sign(await loadPrivateKey());
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: expired })).status, 401);
    });

    test('an unsigned alg:none token is 401', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify({ ...claimsOf(owner.token), role: 'super_admin' })).toString(
        'base64url',
      );
      for (const token of [`${header}.${payload}.`, `${header}.${payload}`]) {
        assert.equal((await call(h, 'GET', '/api/users/profile', { token })).status, 401);
      }
    });

    test('a token with a stale token version is 401', async () => {
      const c = claimsOf(owner.token);
      const stale = await h.keys.token({
        sub: String(c.sub),
        role: 'hall_owner',
        tid: String(c.tid),
        pv: Number(c.pv) + 5,
      });
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: stale })).status, 401);
    });

    test('a forged principal header is ignored: the sub-user stays a sub-user', async () => {
      const forged: Principal = {
        userId: staff.userId,
        email: 'staff@demo.local',
        name: 'Sam Staff',
        role: 'super_admin',
        tenantId: staff.userId,
        parentUserId: null,
        permissions: ['settings'],
        tokenVersion: Number(claimsOf(staff.token).pv),
      };
      const exp = Math.floor(Date.now() / 1000) + 600;
      const { value } = encodePrincipal({ ...forged, sessionId: null, exp }, 'x'.repeat(32));
      const headers = { [PRINCIPAL_HEADER]: value, [PRINCIPAL_SIGNATURE_HEADER]: 'not-the-signature' };
      const profile = await call(h, 'GET', '/api/users/profile', { token: staff.token, headers });
      assert.equal(profile.status, 200);
      assert.equal(profile.body.role, 'sub_user');
      const write = await call(h, 'PUT', '/api/users/settings', {
        token: staff.token,
        headers,
        body: { taxRate: 0 },
      });
      assert.equal(write.status, 403);
    });
  });

  describe('GET /internal/principals/:userId', () => {
    const secret = () => process.env.INTERNAL_SECRET!;

    test('answers the current principal with the internal secret', async () => {
      const reply = await call(h, 'GET', `/internal/principals/${staff.userId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: secret() },
      });
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body, {
        userId: staff.userId,
        email: 'staff@demo.local',
        name: 'Sam Staff',
        role: 'sub_user',
        tenantId: owner.userId,
        parentUserId: owner.userId,
        permissions: ['dashboard', 'calendar', 'bookings', 'customers'],
        tokenVersion: claimsOf(staff.token).pv,
      });
    });

    test('refuses callers without the right secret', async () => {
      assert.equal((await call(h, 'GET', `/internal/principals/${staff.userId}`)).status, 401);
      const wrong = await call(h, 'GET', `/internal/principals/${staff.userId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: 'wrong' },
      });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.body.role, undefined);
    });

    test('404 for unknown ids and junk', async () => {
      for (const id of [crypto.randomUUID(), 'junk']) {
        const reply = await call(h, 'GET', `/internal/principals/${id}`, {
          headers: { [INTERNAL_AUTH_HEADER]: secret() },
        });
        assert.equal(reply.status, 404);
      }
    });

    test('404 for an inactive sub-user', async () => {
      const created = await call(h, 'POST', '/api/users', {
        token: owner.token,
        body: {
          name: 'Paused',
          email: 'paused@demo.local',
          password: 'paused-pass',
          permissions: [],
          status: 'inactive',
        },
      });
      assert.equal(created.status, 201);
      const reply = await call(h, 'GET', `/internal/principals/${created.body.id}`, {
        headers: { [INTERNAL_AUTH_HEADER]: secret() },
      });
      assert.equal(reply.status, 404);
    });
  });
});
