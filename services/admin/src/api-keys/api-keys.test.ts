/**
 * API keys at admin (issue 10): the owner's three routes, what is stored, and the gateway's
 * verification route. The end-to-end behaviour through the gateway is in
 * gateway/src/api-keys.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { API_KEY_SHOWN_ONCE, INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { auditedActions, call, login, startAdmin, type Harness, type Session } from '../testing/harness.ts';

let h: Harness;
let owner: Session;

describe('API keys', () => {
  before(async () => {
    h = await startAdmin();
    owner = await login(h, 'owner@demo.local');
  });
  after(async () => {
    await h?.close();
  });

  const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
  const publicIdOf = (key: string) => key.slice('vd_live_'.length, 'vd_live_'.length + 12);

  async function create(body: unknown, token = owner.token) {
    return call(h, 'POST', '/api/integrations/api-keys', { token, body });
  }

  function verify(key: string, secret = process.env.INTERNAL_SECRET!, hash = sha256(key)) {
    return call(h, 'POST', `/internal/api-keys/${publicIdOf(key)}/verify`, {
      headers: { [INTERNAL_AUTH_HEADER]: secret },
      body: { hash },
    });
  }

  describe('POST /api/integrations/api-keys', () => {
    test('answers the key once, stores only its SHA-256, and audits the creation', async () => {
      const before = Date.now();
      const r = await create({
        name: '  Xero sync  ',
        permissions: ['invoices', 'bookings', 'invoices'],
        expiresInDays: 90,
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      assert.equal(r.headers.get('cache-control'), 'no-store');
      assert.equal(r.body.name, 'Xero sync');
      assert.deepEqual(r.body.permissions, ['invoices', 'bookings']);
      assert.match(r.body.key, /^vd_live_[a-z2-7]{12}_[A-Za-z0-9_-]{43}$/);
      assert.equal(r.body.prefix, r.body.key.slice(0, 20));
      assert.equal(r.body.lastUsedAt, null);
      const days = (Date.parse(r.body.expiresAt) - Date.parse(r.body.createdAt)) / 86_400_000;
      assert.ok(Math.abs(days - 90) < 0.001, `expires after ${days} days`);
      assert.ok(Date.parse(r.body.createdAt) >= before - 5000);

      const stored = await h.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<Record<string, unknown>>(`SELECT * FROM api_keys WHERE id = $1`, [
          r.body.id,
        ]);
        return rows[0]!;
      });
      assert.equal(stored.key_hash, sha256(r.body.key));
      assert.equal(stored.tenant_id, owner.userId);
      assert.ok(!JSON.stringify(stored).includes(r.body.key.slice(21)), 'the secret is not stored');
      assert.deepEqual(await auditedActions(h, r.body.id), ['api_key_created']);
    });

    test('a retry with the same Idempotency-Key answers the record, never the key, and the store holds no key', async () => {
      const idem = { 'idempotency-key': `api-key-${Date.now()}` };
      const body = { name: 'Retried sync', permissions: ['bookings'], expiresInDays: 30 };
      const first = await call(h, 'POST', '/api/integrations/api-keys', {
        token: owner.token,
        body,
        headers: idem,
      });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      const key: string = first.body.key;
      const secret = key.slice('vd_live_'.length + 13);

      // Nothing the database keeps for this request holds the key or its secret part.
      const stored = await h.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ status: number; body: Uint8Array | null }>(
          `SELECT status, body FROM idempotency_keys WHERE tenant_id = $1 AND key = $2`,
          [owner.userId, idem['idempotency-key']],
        );
        return rows;
      });
      assert.equal(stored.length, 1);
      const storedText = Buffer.from(stored[0]!.body ?? []).toString('utf8');
      assert.ok(!storedText.includes(secret), 'the idempotency store does not keep the key');
      assert.equal(stored[0]!.status, 200);

      const again = await call(h, 'POST', '/api/integrations/api-keys', {
        token: owner.token,
        body,
        headers: idem,
      });
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.equal(again.body.key, undefined, 'a replay never shows the key');
      assert.equal(again.body.id, first.body.id, 'the same key, not a second one');
      assert.equal(again.body.prefix, first.body.prefix);
      assert.equal(again.body.message, API_KEY_SHOWN_ONCE);
      const list = await call(h, 'GET', '/api/integrations/api-keys', { token: owner.token });
      assert.equal(list.body.filter((k: { name: string }) => k.name === 'Retried sync').length, 1);
      // The key from the first answer is the one that works.
      assert.equal((await verify(key)).body.status, 'live');
    });

    test('bad input is a 400 naming the field; nothing is stored', async () => {
      const cases: Array<[unknown, string]> = [
        [{ permissions: ['bookings'], expiresInDays: 30 }, 'name'],
        [{ name: '   ', permissions: ['bookings'], expiresInDays: 30 }, 'name'],
        [{ name: 'x'.repeat(101), permissions: ['bookings'], expiresInDays: 30 }, 'name'],
        [{ name: 42, permissions: ['bookings'], expiresInDays: 30 }, 'name'],
        [{ name: 'k', permissions: [], expiresInDays: 30 }, 'permissions'],
        [{ name: 'k', permissions: ['everything'], expiresInDays: 30 }, 'permissions.0'],
        [{ name: 'k', permissions: 'bookings', expiresInDays: 30 }, 'permissions'],
        [{ name: 'k', permissions: ['bookings'] }, 'expiresInDays'],
        [{ name: 'k', permissions: ['bookings'], expiresInDays: null }, 'expiresInDays'],
        [{ name: 'k', permissions: ['bookings'], expiresInDays: 0 }, 'expiresInDays'],
        [{ name: 'k', permissions: ['bookings'], expiresInDays: 366 }, 'expiresInDays'],
        [{ name: 'k', permissions: ['bookings'], expiresInDays: 1.5 }, 'expiresInDays'],
        [{ name: 'k', permissions: ['bookings'], expiresInDays: '30' }, 'expiresInDays'],
      ];
      const count = async () =>
        h.kit.db.systemTx(async (tx) => (await tx.query(`SELECT 1 FROM api_keys`)).rowCount);
      const before = await count();
      for (const [body, field] of cases) {
        const r = await create(body);
        assert.equal(r.status, 400, `${JSON.stringify(body)} → ${r.status}`);
        assert.equal(r.body.errors[0].path, field, JSON.stringify(r.body));
      }
      assert.equal(await count(), before);
      const longest = await create({ name: 'y'.repeat(100), permissions: ['help'], expiresInDays: 365 });
      assert.equal(longest.status, 201, JSON.stringify(longest.body));
    });
  });

  describe('GET and DELETE /api/integrations/api-keys', () => {
    test("the list is the tenant's live keys, newest first, without the key; revoking is audited and once only", async () => {
      const a = (await create({ name: 'First', permissions: ['bookings'], expiresInDays: 10 })).body;
      const b = (await create({ name: 'Second', permissions: ['reports'], expiresInDays: 10 })).body;
      const list = await call(h, 'GET', '/api/integrations/api-keys', { token: owner.token });
      assert.equal(list.status, 200);
      const ids = list.body.map((k: { id: string }) => k.id);
      assert.ok(ids.indexOf(b.id) < ids.indexOf(a.id), 'newest first');
      for (const k of list.body) {
        assert.deepEqual(Object.keys(k).sort(), [
          'createdAt',
          'expired',
          'expiresAt',
          'id',
          'lastUsedAt',
          'name',
          'permissions',
          'prefix',
        ]);
      }
      const other = await login(h, 'owner2@demo.local');
      const theirs = await call(h, 'GET', '/api/integrations/api-keys', { token: other.token });
      assert.ok(!theirs.body.some((k: { id: string }) => k.id === a.id));
      // another tenant cannot revoke it: the same 404 as for a key that does not exist
      assert.equal(
        (await call(h, 'DELETE', `/api/integrations/api-keys/${a.id}`, { token: other.token })).status,
        404,
      );

      const gone = await call(h, 'DELETE', `/api/integrations/api-keys/${a.id}`, { token: owner.token });
      assert.equal(gone.status, 200);
      assert.deepEqual(gone.body, { message: 'API key revoked.' });
      assert.equal(
        (await call(h, 'DELETE', `/api/integrations/api-keys/${a.id}`, { token: owner.token })).status,
        404,
      );
      assert.equal(
        (await call(h, 'DELETE', `/api/integrations/api-keys/not-a-uuid`, { token: owner.token })).status,
        404,
      );
      const after = await call(h, 'GET', '/api/integrations/api-keys', { token: owner.token });
      assert.ok(!after.body.some((k: { id: string }) => k.id === a.id));
      assert.deepEqual(await auditedActions(h, a.id), ['api_key_created', 'api_key_revoked']);
      const events = await h.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ data: { keyId: string; publicId: string } }>(
          `SELECT data FROM outbox WHERE type = 'api_key.revoked' AND data->>'keyId' = $1`,
          [a.id],
        );
        return rows;
      });
      assert.equal(events.length, 1);
      assert.equal(events[0]!.data.publicId, publicIdOf(a.key));
    });

    test('staff and the super admin are refused', async () => {
      for (const email of ['staff@demo.local', 'admin@demo.local']) {
        const s = await login(h, email);
        assert.equal(
          (await create({ name: 'k', permissions: ['bookings'], expiresInDays: 1 }, s.token)).status,
          403,
        );
        assert.equal((await call(h, 'GET', '/api/integrations/api-keys', { token: s.token })).status, 403);
      }
    });

    test("row-level security: another tenant's transaction sees none of the owner's keys", async () => {
      await create({ name: 'Hidden', permissions: ['bookings'], expiresInDays: 1 });
      const other = await login(h, 'owner2@demo.local');
      const seen = await h.kit.db.tenantTx(other.userId, async (tx) => {
        const { rows } = await tx.query<{ tenant_id: string }>(`SELECT tenant_id FROM api_keys`);
        return rows.filter((r) => r.tenant_id !== other.userId).length;
      });
      assert.equal(seen, 0);
    });
  });

  describe('POST /internal/api-keys/:publicId/verify', () => {
    test('answers the principal for the right hash and records the use at most once a minute', async () => {
      const k = (await create({ name: 'Reader', permissions: ['bookings', 'calendar'], expiresInDays: 7 }))
        .body;
      const r = await verify(k.key);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body, {
        status: 'live',
        apiKeyId: k.id,
        expiresAt: k.expiresAt,
        principal: {
          userId: k.id,
          email: 'API key: Reader',
          name: 'API key: Reader',
          role: 'sub_user',
          tenantId: owner.userId,
          parentUserId: owner.userId,
          permissions: ['bookings', 'calendar'],
          tokenVersion: 1,
        },
      });
      const lastUsed = async () =>
        h.kit.db.systemTx(async (tx) => {
          const { rows } = await tx.query<{ at: Date | string | null }>(
            `SELECT last_used_at AS at FROM api_keys WHERE id = $1`,
            [k.id],
          );
          return rows[0]!.at === null ? null : new Date(rows[0]!.at).getTime();
        });
      const first = await lastUsed();
      assert.ok(first !== null);
      await verify(k.key);
      assert.equal(await lastUsed(), first, 'not written again within the minute');
      await h.kit.db.systemTx((tx) =>
        tx.query(`UPDATE api_keys SET last_used_at = last_used_at - interval '2 minutes' WHERE id = $1`, [
          k.id,
        ]),
      );
      await verify(k.key);
      assert.ok((await lastUsed())! >= first, 'written again after a minute');
    });

    test('refuses a wrong hash, an unknown id, a revoked or expired key and a deactivated owner', async () => {
      const k = (await create({ name: 'Refusals', permissions: ['bookings'], expiresInDays: 7 })).body;
      const wrong = await verify(k.key, undefined, sha256(k.key + 'x'));
      assert.deepEqual(wrong.body, { status: 'refused', reason: 'unknown' });
      const unknown = await call(h, 'POST', `/internal/api-keys/aaaaaaaaaaaa/verify`, {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! },
        body: { hash: sha256('x') },
      });
      assert.deepEqual(unknown.body, { status: 'refused', reason: 'unknown' });
      const junk = await call(h, 'POST', `/internal/api-keys/NOT-AN-ID/verify`, {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! },
        body: { hash: 'zz' },
      });
      assert.deepEqual(junk.body, { status: 'refused', reason: 'unknown' });

      await h.kit.db.systemTx((tx) =>
        tx.query(`UPDATE users SET status = 'inactive' WHERE id = $1`, [owner.userId]),
      );
      try {
        assert.deepEqual((await verify(k.key)).body, { status: 'refused', reason: 'inactive' });
      } finally {
        await h.kit.db.systemTx((tx) =>
          tx.query(`UPDATE users SET status = 'active' WHERE id = $1`, [owner.userId]),
        );
      }

      await h.kit.db.systemTx((tx) =>
        tx.query(
          `UPDATE api_keys SET created_at = now() - interval '9 days', expires_at = now() - interval '1 day' WHERE id = $1`,
          [k.id],
        ),
      );
      assert.deepEqual((await verify(k.key)).body, { status: 'refused', reason: 'expired' });
      await call(h, 'DELETE', `/api/integrations/api-keys/${k.id}`, { token: owner.token });
      assert.deepEqual((await verify(k.key)).body, { status: 'refused', reason: 'revoked' });
    });

    test('is closed without the internal secret', async () => {
      const k = (await create({ name: 'Secretless', permissions: ['bookings'], expiresInDays: 7 })).body;
      assert.equal(
        (
          await call(h, 'POST', `/internal/api-keys/${publicIdOf(k.key)}/verify`, {
            body: { hash: sha256(k.key) },
          })
        ).status,
        401,
      );
      assert.equal((await verify(k.key, 'wrong-secret-wrong-secret')).status, 401);
    });
  });
});
