/**
 * API keys end to end (issue 10): the real admin (keys made, listed, revoked; its relay posting
 * `api_key.revoked` to this gateway), a gateway, and a small kit service standing in for
 * bookings and catalogue that trusts the gateway's signed principal, as the real ones do.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  inRequestTx,
  requireAuth,
  requirePermission,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import type { TestService } from '@venue/service-kit/testing';
import { flushAudit, login, type Harness, type Session } from '../../services/admin/src/testing/harness.ts';
import {
  startAdminBehindGateway,
  startGateway,
  type AdminBehindGateway,
  type RunningGateway,
} from './test-helpers.ts';

let h: Harness;
let area: TestService;
let gateway: RunningGateway;
let owner: Session;

function areaRoutes(router: AppRouter): void {
  const who = async (ctx: AppContext) => {
    ctx.body = {
      userId: ctx.state.principal.userId,
      role: ctx.state.principal.role,
      tenantId: ctx.state.principal.tenantId,
      permissions: ctx.state.principal.permissions,
    };
  };
  router.get('/api/bookings', requireAuth, requirePermission('bookings'), who);
  router.post('/api/bookings', requireAuth, requirePermission('bookings'), async (ctx: AppContext) => {
    // What a real service does on a write: the audit entry goes out with the change.
    await inRequestTx(ctx, (tx) =>
      tx.audit(ctx, { action: 'booking_created', targetType: 'booking', target: 'API-1' }),
    );
    ctx.status = 201;
    ctx.body = { ok: true };
  });
  router.get('/api/resources', requireAuth, requirePermission('resources'), who);
}

describe('API keys end to end', () => {
  let setup: AdminBehindGateway;
  before(async () => {
    // Admin's relay delivers api_key.revoked to the gateway.
    setup = await startAdminBehindGateway({
      name: 'area',
      routes: areaRoutes,
      serves: ['bookings', 'catalogue'],
    });
    ({ admin: h, area, gateway } = setup);
    owner = await login(h, 'owner@demo.local');
  });
  after(() => setup?.close());

  const via: AdminBehindGateway['via'] = (...args) => setup.via(...args);

  let counter = 0;
  async function newKey(
    permissions: string[] = ['bookings'],
    by: Session = owner,
  ): Promise<{ id: string; key: string; name: string; expiresAt: string }> {
    counter += 1;
    const name = `Integration ${counter}`;
    const created = await via('POST', '/api/integrations/api-keys', {
      token: by.token,
      body: { name, permissions, expiresInDays: 30 },
    });
    assert.equal(created.status, 201, created.text);
    return created.body;
  }

  describe('API keys through the gateway', () => {
    test('a key reads with its tenant and page permissions, like a staff member, and is refused a page it lacks', async () => {
      const k = await newKey(['bookings']);
      assert.match(k.key, /^vd_live_[a-z2-7]{12}_[A-Za-z0-9_-]{43}$/);
      const read = await via('GET', '/api/bookings?limit=5', { token: k.key });
      assert.equal(read.status, 200, read.text);
      assert.deepEqual(read.body, {
        userId: k.id,
        role: 'sub_user',
        tenantId: owner.userId,
        permissions: ['bookings'],
      });
      const denied = await via('GET', '/api/resources', { token: k.key });
      assert.equal(denied.status, 403, denied.text);
      // Owner-only admin routes stay closed, as for staff: a key cannot mint keys.
      const mint = await via('POST', '/api/integrations/api-keys', {
        token: k.key,
        body: { name: 'more', permissions: ['bookings'], expiresInDays: 1 },
      });
      assert.equal(mint.status, 403, mint.text);
    });

    test('GET /api/users/profile answers a key: itself as staff of its venue, with its permissions', async () => {
      const k = await newKey(['bookings', 'invoices']);
      const profile = await via('GET', '/api/users/profile', { token: k.key });
      assert.equal(profile.status, 200, profile.text);
      assert.deepEqual(profile.body, {
        id: k.id,
        email: `API key: ${k.name}`,
        role: 'sub_user',
        permissions: ['bookings', 'invoices'],
        parentUserId: owner.userId,
        name: `API key: ${k.name}`,
        profilePicture: null,
        hallName: (await via('GET', '/api/users/profile', { token: owner.token })).body.hallName,
        apiKey: {
          id: k.id,
          name: k.name,
          prefix: k.key.slice(0, 'vd_live_'.length + 12),
          expiresAt: k.expiresAt,
        },
      });
      assert.ok(profile.body.hallName, 'the venue is named');
      assert.equal(
        (await via('DELETE', `/api/integrations/api-keys/${k.id}`, { token: owner.token })).status,
        200,
      );
      assert.equal((await via('GET', '/api/users/profile', { token: k.key })).status, 401);
    });

    test('the list shows name, permissions, dates and last use, never the key', async () => {
      const k = await newKey(['bookings', 'customers']);
      assert.equal((await via('GET', '/api/bookings', { token: k.key })).status, 200);
      const list = await via('GET', '/api/integrations/api-keys', { token: owner.token });
      assert.equal(list.status, 200, list.text);
      const secret = k.key.slice('vd_live_'.length + 13);
      assert.ok(!list.text.includes(secret), 'the secret part of the key is never listed');
      const row = list.body.find((r: { id: string }) => r.id === k.id);
      assert.equal(row.name, k.name);
      assert.deepEqual(row.permissions, ['bookings', 'customers']);
      assert.equal(row.prefix, k.key.slice(0, 'vd_live_'.length + 12));
      assert.equal(row.key, undefined);
      assert.ok(row.lastUsedAt, 'the verified use is recorded');
      assert.ok(Date.parse(row.expiresAt) > Date.parse(row.createdAt));
      // another tenant's list does not show it
      const other = await login(h, 'owner2@demo.local');
      const theirs = await via('GET', '/api/integrations/api-keys', { token: other.token });
      assert.ok(!theirs.body.some((r: { id: string }) => r.id === k.id));
    });

    test('a revoked key is refused on the very next request, on every replica, with no event needed', async () => {
      // A second replica that hears no events at all (the relay posts to GATEWAY_URL only).
      const replica = await startGateway({ admin: h.url, bookings: area.url, catalogue: area.url });
      try {
        for (let round = 0; round < 8; round++) {
          const k = await newKey();
          const urls = round % 2 ? [replica.url, gateway.url] : [gateway.url, replica.url];
          for (const url of urls)
            for (let i = 0; i < 2; i++)
              assert.equal((await via('GET', '/api/bookings', { token: k.key, url })).status, 200);
          const revoked = await via('DELETE', `/api/integrations/api-keys/${k.id}`, { token: owner.token });
          assert.equal(revoked.status, 200, revoked.text);
          // Straight after the answer, no pause: both replicas, in turn and at once.
          for (const url of urls) {
            const r = await via('GET', '/api/bookings', { token: k.key, url });
            assert.equal(
              r.status,
              401,
              `round ${round} at ${url === replica.url ? 'the replica' : 'the gateway'}: ${r.text}`,
            );
            assert.equal(r.body.code, 'api_key_invalid');
          }
          const both = await Promise.all(
            urls.map((url) => via('GET', '/api/bookings', { token: k.key, url })),
          );
          assert.deepEqual(
            both.map((r) => r.status),
            [401, 401],
          );
          if (round === 0) {
            const list = await via('GET', '/api/integrations/api-keys', { token: owner.token });
            assert.ok(!list.body.some((r: { id: string }) => r.id === k.id), 'gone from the list');
            assert.equal(
              (await via('DELETE', `/api/integrations/api-keys/${k.id}`, { token: owner.token })).status,
              404,
            );
          }
        }
      } finally {
        await replica.close();
      }
    });

    test("an owner's deactivation or deletion stops their keys on the very next request, on every replica", async () => {
      const replica = await startGateway({ admin: h.url, bookings: area.url, catalogue: area.url });
      const superAdmin = await login(h, 'admin@demo.local');
      try {
        for (const change of ['deactivate', 'delete'] as const) {
          counter += 1;
          const account = {
            email: `key-owner-${counter}@demo.local`,
            password: 'key-owner-pass-2026',
            role: 'hall_owner',
            hallName: `Key Hall ${counter}`,
            contactNumber: '03 9000 1234',
            address: { line1: `${counter} Key Road`, postcode: '3000', state: 'VIC' },
          };
          const created = await via('POST', '/api/users', { token: superAdmin.token, body: account });
          assert.equal(created.status, 201, created.text);
          const theirOwner = await login(h, account.email, account.password);
          const k = await newKey(['bookings'], theirOwner);
          for (const url of [gateway.url, replica.url])
            assert.equal((await via('GET', '/api/bookings', { token: k.key, url })).status, 200);
          const done =
            change === 'delete'
              ? await via('DELETE', `/api/users/${created.body.id}`, { token: superAdmin.token })
              : await via('PUT', `/api/users/${created.body.id}`, {
                  token: superAdmin.token,
                  body: { status: 'inactive' },
                });
          assert.equal(done.status, 200, done.text);
          for (const url of [replica.url, gateway.url]) {
            const r = await via('GET', '/api/bookings', { token: k.key, url });
            assert.equal(
              r.status,
              401,
              `${change}, ${url === replica.url ? 'the replica' : 'the gateway'}: ${r.text}`,
            );
          }
        }
      } finally {
        await replica.close();
      }
    });

    test('an expired key is refused, whether the gateway knew it or not', async () => {
      const never = await newKey();
      await h.kit.db.systemTx((tx) =>
        tx.query(
          `UPDATE api_keys SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second'
          WHERE id = $1`,
          [never.id],
        ),
      );
      const r = await via('GET', '/api/bookings', { token: never.key });
      assert.equal(r.status, 401, r.text);
      assert.equal(r.body.message, 'Invalid, expired or revoked API key.');

      const cached = await newKey();
      await h.kit.db.systemTx((tx) =>
        tx.query(`UPDATE api_keys SET expires_at = now() + interval '1.2 seconds' WHERE id = $1`, [
          cached.id,
        ]),
      );
      assert.equal((await via('GET', '/api/bookings', { token: cached.key })).status, 200);
      await new Promise((ok) => setTimeout(ok, 1300));
      assert.equal((await via('GET', '/api/bookings', { token: cached.key })).status, 401);
    });

    test('a wrong secret, a malformed key and a random bearer are 401s', async () => {
      const k = await newKey();
      assert.equal((await via('GET', '/api/bookings', { token: k.key })).status, 200);
      const last = k.key.at(-1) === 'A' ? 'B' : 'A';
      const wrong = k.key.slice(0, -1) + last;
      assert.equal((await via('GET', '/api/bookings', { token: wrong })).status, 401);
      assert.equal((await via('GET', '/api/bookings', { token: 'vd_live_short' })).status, 401);
      assert.equal((await via('GET', '/api/bookings', { token: 'not-a-jwt-or-key' })).status, 401);
      // the real key still works after the guesses
      assert.equal((await via('GET', '/api/bookings', { token: k.key })).status, 200);
    });

    test("a write made with a key is audited with the key's name as the actor", async () => {
      const k = await newKey(['bookings', 'settings']);
      // through a kit service: the audit event leaves with the write
      assert.equal((await via('POST', '/api/bookings', { token: k.key })).status, 201);
      const events = await area.kit.db.systemTx((tx) =>
        tx.query<{ actor: string; role: string; actor_id: string }>(
          `SELECT data->>'actorEmail' AS actor, data->>'actorRole' AS role, data->>'actorId' AS actor_id
           FROM outbox WHERE type = 'audit.recorded' AND data->>'target' = 'API-1'`,
        ),
      );
      assert.deepEqual(events.rows.at(-1), { actor: `API key: ${k.name}`, role: 'sub_user', actor_id: k.id });

      // through admin itself, into the audit log the owner reads
      const put = await via('PUT', '/api/tenant-settings/availability', {
        token: k.key,
        body: { setupBufferMinutes: 20 },
      });
      assert.equal(put.status, 200, put.text);
      await flushAudit(h);
      const log = await via('GET', `/api/audit?action=settings_updated&userId=${k.id}`, {
        token: owner.token,
      });
      assert.equal(log.status, 200, log.text);
      assert.equal(log.body.auditLogs.length, 1, log.text);
      assert.equal(log.body.auditLogs[0].userEmail, `API key: ${k.name}`);
    });

    test('only the hall owner manages keys: staff and the super admin get 403', async () => {
      const staff = await login(h, 'staff@demo.local');
      const superAdmin = await login(h, 'admin@demo.local');
      for (const s of [staff, superAdmin]) {
        const create = await via('POST', '/api/integrations/api-keys', {
          token: s.token,
          body: { name: 'x', permissions: ['bookings'], expiresInDays: 1 },
        });
        assert.equal(create.status, 403, create.text);
        assert.equal(create.body.message, 'Only the hall owner can manage API keys.');
        assert.equal((await via('GET', '/api/integrations/api-keys', { token: s.token })).status, 403);
      }
      const k = await newKey();
      assert.equal(
        (await via('DELETE', `/api/integrations/api-keys/${k.id}`, { token: staff.token })).status,
        403,
      );
      assert.equal((await via('GET', '/api/bookings', { token: k.key })).status, 200, 'still live');
    });
  });

  describe('API key rate limit', () => {
    test('each key has its own allowance; past it 429 with Retry-After', async () => {
      const limited = await startGateway(
        { admin: h.url, bookings: area.url, catalogue: area.url },
        { apiKeyRateLimit: { max: 5, windowMs: 60_000 } },
      );
      try {
        const a = await newKey();
        const b = await newKey();
        for (let i = 0; i < 5; i++)
          assert.equal((await via('GET', '/api/bookings', { token: a.key, url: limited.url })).status, 200);
        const over = await via('GET', '/api/bookings', { token: a.key, url: limited.url });
        assert.equal(over.status, 429, over.text);
        const retryAfter = Number(over.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
        assert.equal(over.body.code, 'too-many-requests');
        // another key, and a signed-in person, are not held back by it
        assert.equal((await via('GET', '/api/bookings', { token: b.key, url: limited.url })).status, 200);
        assert.equal(
          (await via('GET', '/api/bookings', { token: owner.token, url: limited.url })).status,
          200,
        );
      } finally {
        await limited.close();
      }
    });
  });
});
