import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { call, flushAudit, login, pointPeersAt, type Harness, type Session } from '../testing/harness.ts';
import { newSigningSecret, sealSecret } from '../webhooks/secrets.ts';
import { ERASURE_REQUESTED, erasureReference, OWNER_ONLY_PRIVACY } from './handlers/privacy.ts';
import { EXPORTED_DELIVERIES_PER_WEBHOOK } from './tenant-export.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
let staff: Session;
let admin: Session;
let fake: Server;
let restorePeers: (() => void) | undefined;
const seenByFake: Array<{ path: string; secret: string | undefined }> = [];

describe('privacy: export and erasure', () => {
  before(async () => {
    ({ h, owner, owner2, staff, admin } = await startWithDemoSessions());
    // Stands in for catalogue (has an export) and the services that have none yet (404).
    fake = createServer((req, res) => {
      seenByFake.push({
        path: req.url ?? '',
        secret: req.headers[INTERNAL_AUTH_HEADER] as string | undefined,
      });
      const m = /^\/catalogue\/internal\/tenant-export\/(.+)$/.exec(req.url ?? '');
      if (m) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ resources: [{ id: 'r1', name: 'Main Hall', tenantId: m[1] }] }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not found' }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    restorePeers = pointPeersAt({
      catalogue: `${base}/catalogue`,
      bookings: `${base}/bookings`,
      comms: `${base}/comms`,
      insights: `${base}/insights`,
      money: 'http://127.0.0.1:1', // nothing listens there
    });
  });
  after(async () => {
    restorePeers?.();
    await new Promise((resolve) => fake?.close(resolve));
    await h?.close();
  });

  describe('GET /api/tenant-settings/privacy/export', () => {
    test('gathers every service; a service without an export is noted, one that is down marks it incomplete', async () => {
      await call(h, 'PUT', '/api/tenant-settings/privacy', {
        token: owner.token,
        body: { retentionMonths: 36 },
      });
      await flushAudit(h);
      const reply = await call(h, 'GET', '/api/tenant-settings/privacy/export', { token: owner.token });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.match(
        reply.headers.get('content-disposition') ?? '',
        /attachment; filename="tenant-export-\d{4}-\d{2}-\d{2}\.json"/,
      );
      const body = reply.body;
      assert.equal(body.tenantId, owner.userId);
      assert.equal(body.complete, false);
      assert.equal(body.services.catalogue.status, 'included');
      assert.deepEqual(body.services.catalogue.data.resources[0].tenantId, owner.userId);
      assert.equal(body.services.bookings.status, 'no-export-endpoint');
      assert.equal(body.services.money.status, 'unavailable');
      assert.ok(body.services.money.note);
      // the internal secret went along
      assert.ok(seenByFake.every((s) => s.secret === process.env.INTERNAL_SECRET));

      const mine = body.services.admin.data;
      const emails = mine.users.map((u: { email: string }) => u.email).sort();
      assert.deepEqual(emails, ['owner@demo.local', 'staff@demo.local']);
      assert.ok(!JSON.stringify(mine).includes('argon2'), 'no password hashes');
      assert.ok(
        mine.users.every((u: Record<string, unknown>) => !('password_hash' in u) && !('passwordHash' in u)),
      );
      assert.equal(mine.settings.privacy.retentionMonths, 36);
      assert.equal(mine.settings.general.timezone, 'Australia/Sydney');
      assert.ok(mine.auditLog.some((e: { action: string }) => e.action === 'settings_updated'));
      assert.ok(!JSON.stringify(body).includes('owner2@demo.local'), 'nothing of the other tenant');
    });

    test('complete when every service answers', async () => {
      const moneyDown = pointPeersAt({ money: process.env.BOOKINGS_URL });
      try {
        const reply = await call(h, 'GET', '/api/tenant-settings/privacy/export', { token: owner2.token });
        assert.equal(reply.status, 200);
        assert.equal(reply.body.complete, true);
        assert.equal(reply.body.services.admin.data.users[0].email, 'owner2@demo.local');
      } finally {
        // the other tests expect money down, whichever order they run in
        moneyDown();
      }
    });

    test('hall owners only', async () => {
      for (const s of [staff, admin]) {
        const reply = await call(h, 'GET', '/api/tenant-settings/privacy/export', { token: s.token });
        assert.equal(reply.status, 403);
        assert.equal(reply.body.message, OWNER_ONLY_PRIVACY);
      }
      assert.equal((await call(h, 'GET', '/api/tenant-settings/privacy/export')).status, 401);
      assert.equal(
        (await call(h, 'GET', '/api/tenant-settings/privacy/export', { token: 'not.a.token' })).status,
        401,
      );
    });

    test('a session ended by a password change cannot export', async () => {
      const created = await call(h, 'POST', '/api/users', {
        token: admin.token,
        body: {
          email: 'exporter@demo.local',
          password: 'exporter-pass',
          role: 'hall_owner',
          hallName: 'Export Hall',
          contactNumber: '02 1234 5678',
          address: { line1: '1 Export St', postcode: '2000', state: 'NSW' },
        },
      });
      assert.equal(created.status, 201);
      const stale = await login(h, 'exporter@demo.local', 'exporter-pass');
      const current = await login(h, 'exporter@demo.local', 'exporter-pass');
      const changed = await call(h, 'POST', '/api/users/change-password', {
        token: current.token,
        body: {
          currentPassword: 'exporter-pass',
          newPassword: 'exporter-new',
          confirmPassword: 'exporter-new',
        },
      });
      assert.equal(changed.status, 200);
      const reply = await call(h, 'GET', '/api/tenant-settings/privacy/export', { token: stale.token });
      assert.equal(reply.status, 401);
      const fresh = await call(h, 'GET', '/api/tenant-settings/privacy/export', {
        token: changed.body.token,
      });
      assert.equal(fresh.status, 200);
    });

    test("admin's own /internal/tenant-export needs the internal secret", async () => {
      assert.equal((await call(h, 'GET', `/internal/tenant-export/${owner.userId}`)).status, 401);
      const reply = await call(h, 'GET', `/internal/tenant-export/${owner.userId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! },
      });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.users.length, 2);
    });
  });

  /** A webhook stored as the create route stores one, its secret sealed (the address is not checked here). */
  async function storeWebhook(
    tenantId: string,
    description: string,
  ): Promise<{ id: string; secret: string }> {
    const id = randomUUID();
    const secret = newSigningSecret();
    await h.kit.db.systemTx((tx) =>
      tx.query(
        `INSERT INTO webhooks (tenant_id, id, url, events, description, secret_enc, created_by)
       VALUES ($1, $2, 'https://crm.example.com/venuedesk', '{booking.created,invoice.paid}'::text[], $3, $4, $1)`,
        [tenantId, id, description, sealSecret(secret, tenantId, id)],
      ),
    );
    return { id, secret };
  }

  describe('the export holds the venue’s webhooks', () => {
    test('each webhook with its settings and newest 100 deliveries, and never a secret, sealed or hashed', async () => {
      const hook = await storeWebhook(owner.userId, 'Our CRM');
      // rotated: the first secret becomes the previous one, still stored (sealed) for the overlap
      const rotated = await call(h, 'POST', `/api/integrations/webhooks/${hook.id}/rotate-secret`, {
        token: owner.token,
      });
      assert.equal(rotated.status, 201, JSON.stringify(rotated.body));
      const secrets: string[] = [hook.secret, rotated.body.secret];
      const other = await storeWebhook(owner2.userId, 'Venue B hook');
      // more deliveries than are exported, oldest first
      await h.kit.db.systemTx((tx) =>
        tx.query(
          `INSERT INTO webhook_deliveries
           (tenant_id, webhook_id, event_id, type, aggregate_key, occurred_at, body, state, attempt_count, delivered_at, last_status_code)
         SELECT $1, $2, gen_random_uuid(), 'booking.created', 'booking:' || g, now(), '{"n":' || g || '}',
                'delivered', 1, now(), 200
           FROM generate_series(1, $3::int) AS g ORDER BY g`,
          [owner.userId, hook.id, EXPORTED_DELIVERIES_PER_WEBHOOK + 5],
        ),
      );
      const stored = await h.kit.db.systemTx(async (tx) => {
        const sealed = await tx.query<{ secret_enc: string; previous_secret_enc: string | null }>(
          `SELECT secret_enc, previous_secret_enc FROM webhooks WHERE id = $1`,
          [hook.id],
        );
        const newest = await tx.query<{ id: string }>(
          `SELECT id FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT $2`,
          [hook.id, EXPORTED_DELIVERIES_PER_WEBHOOK],
        );
        return { sealed: sealed.rows[0]!, newest: newest.rows.map((r) => r.id) };
      });
      assert.ok(stored.sealed.previous_secret_enc, 'the rotation kept the previous secret');

      const reply = await call(h, 'GET', '/api/tenant-settings/privacy/export', { token: owner.token });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const webhooks = reply.body.services.admin.data.webhooks as Array<Record<string, unknown>>;
      assert.equal(webhooks.length, 1, 'the venue’s own, not another venue’s');
      const [exported] = webhooks;
      assert.deepEqual(Object.keys(exported!).sort(), [
        'createdAt',
        'createdBy',
        'description',
        'disabledAt',
        'disabledReason',
        'events',
        'failingSince',
        'id',
        'lastSuccessAt',
        'recentDeliveries',
        'secretCreatedAt',
        'status',
        'updatedAt',
        'url',
      ]);
      assert.equal(exported!.id, hook.id);
      assert.equal(exported!.url, 'https://crm.example.com/venuedesk');
      assert.equal(exported!.description, 'Our CRM');
      assert.deepEqual(exported!.events, ['booking.created', 'invoice.paid']);
      assert.equal(exported!.status, 'active');
      assert.ok(!Number.isNaN(Date.parse(String(exported!.createdAt))));
      assert.ok(!Number.isNaN(Date.parse(String(exported!.updatedAt))));
      const deliveries = exported!.recentDeliveries as Array<Record<string, unknown>>;
      assert.deepEqual(
        deliveries.map((d) => d.id),
        stored.newest,
        'the newest 100, newest first',
      );
      assert.equal(deliveries[0]!.state, 'delivered');
      assert.equal(deliveries[0]!.lastStatusCode, 200);
      assert.equal(deliveries[0]!.body, undefined, 'no bodies: the other services hold those objects');

      // No secret anywhere in the file: not as shown, not its random part, not sealed, not hashed.
      const file = JSON.stringify(reply.body);
      for (const secret of secrets) {
        assert.ok(!file.includes(secret), 'a secret as shown');
        assert.ok(!file.includes(secret.slice('whsec_'.length)), 'a secret’s random part');
        for (const algorithm of ['sha256', 'sha1', 'sha512'])
          for (const encoding of ['hex', 'base64', 'base64url'] as const)
            assert.ok(
              !file.includes(createHash(algorithm).update(secret).digest(encoding)),
              `a secret’s ${algorithm} (${encoding})`,
            );
      }
      for (const sealed of [stored.sealed.secret_enc, stored.sealed.previous_secret_enc!])
        assert.ok(!file.includes(sealed), 'a sealed secret');
      assert.ok(!/secret_?enc|previous_?secret/i.test(file), 'no secret column by name');
      assert.ok(!file.includes(other.id) && !file.includes('Venue B hook'), 'nothing of the other venue');

      // the other venue's export has its own, and the internal route answers the same part
      const internal = await call(h, 'GET', `/internal/tenant-export/${owner2.userId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! },
      });
      assert.equal(internal.status, 200);
      assert.deepEqual(
        internal.body.webhooks.map((w: { id: string; recentDeliveries: unknown[] }) => [
          w.id,
          w.recentDeliveries,
        ]),
        [[other.id, []]],
      );
      assert.ok(!JSON.stringify(internal.body).includes(other.secret.slice('whsec_'.length)));
    });
  });

  /** How many erasure requests the service has published so far. */
  async function erasureRequests(): Promise<number> {
    return h.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM outbox WHERE type = 'customer.erasure_requested'`,
      );
      return Number(rows[0]?.n);
    });
  }

  describe('POST /api/tenant-settings/privacy/erase-customer', () => {
    test('publishes customer.erasure_requested for the tenant; the audit entry does not keep the e-mail', async () => {
      const reply = await call(h, 'POST', '/api/tenant-settings/privacy/erase-customer', {
        token: owner.token,
        body: { email: ' Jane.Customer@Example.com ' },
      });
      assert.equal(reply.status, 202, JSON.stringify(reply.body));
      assert.equal(reply.body.message, ERASURE_REQUESTED);
      const events = await h.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ type: string; tenant_id: string; data: unknown }>(
          `SELECT type, tenant_id, data FROM outbox WHERE type IN ('customer.erasure_requested', 'audit.recorded') ORDER BY seq`,
        );
        return rows.map((r) => ({ ...r, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data }));
      });
      const erasure = events.filter((e) => e.type === 'customer.erasure_requested');
      assert.equal(erasure.length, 1);
      assert.equal(erasure[0]!.tenant_id, owner.userId);
      assert.equal((erasure[0]!.data as { email: string }).email, 'jane.customer@example.com');
      const audit = events.filter(
        (e) => e.type === 'audit.recorded' && (e.data as { targetType: string }).targetType === 'customer',
      );
      assert.equal(audit.length, 1);
      assert.equal(
        (audit[0]!.data as { target: string }).target,
        erasureReference('jane.customer@example.com'),
      );
      assert.ok(!JSON.stringify(audit).includes('jane.customer'));
    });

    test('validation and roles', async () => {
      const published = await erasureRequests();
      const empty = await call(h, 'POST', '/api/tenant-settings/privacy/erase-customer', {
        token: owner.token,
        body: {},
      });
      assert.equal(empty.status, 400);
      assert.equal(empty.body.message, 'Email is required.');
      const bad = await call(h, 'POST', '/api/tenant-settings/privacy/erase-customer', {
        token: owner.token,
        body: { email: 'nope' },
      });
      assert.equal(bad.body.message, 'Please enter a valid email address.');
      for (const s of [staff, admin]) {
        const reply = await call(h, 'POST', '/api/tenant-settings/privacy/erase-customer', {
          token: s.token,
          body: { email: 'someone@example.com' },
        });
        assert.equal(reply.status, 403);
      }
      assert.equal(await erasureRequests(), published, 'refused requests published nothing');
    });
  });
});
