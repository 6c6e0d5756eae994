/**
 * Webhooks (issue 26 items 1 and 2, decision 60) against a real receiver: a node:http server on
 * 127.0.0.1 that the operator's allowlist (WEBHOOK_ALLOW_HOSTS, here the deps' allowList) opens.
 * Events reach admin as the relay hands them over (`kit.handleEvent`), and the delivery job runs
 * as its cron would (`deliverDue`), with the retry wait shortened to nothing and the timeout to
 * half a second; everything between (signing, the address check, the socket, the log) is the
 * product's own.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DomainEvent } from '@venue/contracts';
import { WEBHOOK_URL_PRIVATE } from '@venue/contracts/admin';
import { bookingSchema } from '@venue/contracts/bookings';
import type { Tx } from '@venue/service-kit';
import { startTestService, testKeys } from '@venue/service-kit/testing';
import { createAdminService } from '../app.ts';
import { call, login, type Session } from '../testing/harness.ts';
import { parseAllowList } from './address-policy.ts';
import { webhookDepsFromEnv, type WebhookDeps } from './config.ts';
import { DELIVERY_JOB, queueDelivery } from './store.ts';
import { deliverDue, HELD_TOO_LONG, pruneDeliveries } from './worker.ts';

// --- the receiver --------------------------------------------------------------------------------

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What a path answers: a status (and body), a redirect, or never (to meet the timeout). */
type Behaviour = { status: number; body?: string; location?: string } | 'hang';

const received: Received[] = [];
/** Per path, the answers to give in turn; the last one repeats. Unlisted paths answer 200. */
const script = new Map<string, Behaviour[]>();
let receiver: http.Server;
let base: string;

function answerFor(path: string): Behaviour {
  const list = script.get(path);
  if (!list || list.length === 0) return { status: 200, body: 'ok' };
  return list.length > 1 ? list.shift()! : list[0]!;
}

const at = (path: string) => received.filter((r) => r.path === path);

// --- the service ---------------------------------------------------------------------------------

/** How far the delivery job's clock is moved on (the 3-day switch-off). */
let clockAhead = 0;
const deps: WebhookDeps = webhookDepsFromEnv(
  {},
  {
    now: () => new Date(Date.now() + clockAhead),
    allowList: parseAllowList('127.0.0.1'),
    backoffMs: () => 0,
    timeoutMs: 500,
    // Host names only these tests use; anything else does not resolve.
    resolve: async (host) => {
      const answer = dns.get(host);
      if (!answer) throw new Error(`${host} does not resolve`);
      return typeof answer === 'function' ? answer() : answer;
    },
  },
);
type Resolved = Awaited<ReturnType<WebhookDeps['resolve']>>;
const dns = new Map<string, Resolved | (() => Resolved)>();

let t: Awaited<ReturnType<typeof startTestService>>;
let owner: Session;
let owner2: Session;
let staff: Session;

describe('webhooks', () => {
  before(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const b = answerFor(path);
        if (b === 'hang') return; // never answers: the sender's timeout must end it
        res.writeHead(b.status, b.location ? { location: b.location } : {});
        res.end(b.body ?? '');
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

    await testKeys(); // the signing keys sign-in needs
    delete process.env.SEED_DEMO;
    t = await startTestService(createAdminService({ webhooks: deps }));
    owner = await login(t, 'owner@demo.local');
    owner2 = await login(t, 'owner2@demo.local');
    staff = await login(t, 'staff@demo.local');
  });

  after(async () => {
    receiver?.closeAllConnections();
    await new Promise((ok) => receiver?.close(ok));
    await t?.close();
  });

  beforeEach(() => {
    script.clear();
  });

  // --- helpers -------------------------------------------------------------------------------------

  const api = (method: string, path: string, s: Session, body?: unknown, headers?: Record<string, string>) =>
    call(t, method, `/api/integrations/webhooks${path}`, { token: s.token, body, headers });

  async function subscribe(s: Session, path: string, events: string[] = ['*'], description?: string) {
    const r = await api('POST', '', s, {
      url: `${base}${path}`,
      events,
      ...(description ? { description } : {}),
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body as { id: string; secret: string; url: string; events: string[] };
  }

  /** Every webhook of every venue removed, so each test counts only its own deliveries. */
  async function clearWebhooks() {
    await t.kit.db.systemTx((tx) => tx.query('DELETE FROM webhooks'));
  }

  /** The domain event as the relay hands it to admin. */
  async function publish(
    type: string,
    tenantId: string,
    data: Record<string, unknown>,
  ): Promise<DomainEvent> {
    const event: DomainEvent = {
      id: randomUUID(),
      type,
      source: type.startsWith('booking.') ? 'bookings' : 'money',
      tenantId,
      occurredAt: new Date().toISOString(),
      data,
    };
    assert.equal(await t.kit.handleEvent(event), 'processed');
    return event;
  }

  /** A booking as bookings publishes it (its API shape), plus a field the public API does not have. */
  function booking(tenantId: string, id: string, status: string, over: Record<string, unknown> = {}) {
    return {
      id,
      hallOwnerId: tenantId,
      bookingCode: 'BK-0042',
      customerId: 'CUST-0001',
      customerName: 'Jane Smith',
      customerEmail: 'jane@example.com',
      customerPhone: '+61400000000',
      eventType: 'Wedding',
      resourceId: randomUUID(),
      resourceName: 'Main Hall',
      status,
      startsAt: '2026-12-12T18:00:00.000+11:00',
      endsAt: '2026-12-12T23:00:00.000+11:00',
      setupBufferMinutes: 15,
      packdownBufferMinutes: 15,
      updatedAt: new Date().toISOString(),
      // internal: must never leave the building
      requestFingerprint: 'secret-internal-value',
      ...over,
    };
  }

  /** Runs the delivery job `rounds` times (each round tries each due delivery once). */
  async function deliver(rounds = 1) {
    for (let i = 0; i < rounds; i++) await deliverDue(t.kit, deps);
  }

  /** The documented recipe (docs/api/admin.md), written again here from the words. */
  function verify(r: Received, secret: string): boolean {
    const ts = String(r.headers['x-venuedesk-timestamp']);
    const expected = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest();
    return String(r.headers['x-venuedesk-signature'])
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.startsWith('v1='))
      .some((part) => {
        const given = Buffer.from(part.slice(3), 'hex');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
  }

  async function log(s: Session, id: string) {
    const r = await api('GET', `/${id}/deliveries`, s);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.deliveries as Array<{
      id: string;
      eventId: string;
      type: string;
      state: string;
      attemptCount: number;
      body: string;
      attempts: Array<{
        statusCode: number | null;
        error: string | null;
        answer: string;
        answerTruncated: boolean;
      }>;
    }>;
  }

  // --- the tests -----------------------------------------------------------------------------------

  describe('webhooks: subscribing', () => {
    beforeEach(clearWebhooks);

    test('the owner subscribes a URL; the secret is shown once, never listed, and stored sealed', async () => {
      const created = await subscribe(
        owner,
        '/sub',
        ['booking.confirmed', 'invoice.paid', 'booking.confirmed'],
        'CRM',
      );
      assert.match(created.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(created.events, ['booking.confirmed', 'invoice.paid']);
      const list = await api('GET', '', owner);
      assert.equal(list.status, 200);
      assert.equal(list.body.length, 1);
      assert.equal(list.body[0].url, `${base}/sub`);
      assert.equal(list.body[0].description, 'CRM');
      assert.ok(!JSON.stringify(list.body).includes(created.secret));
      const one = await api('GET', `/${created.id}`, owner);
      assert.equal(one.status, 200);
      assert.equal(one.body.secret, undefined);
      const stored = await t.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query(`SELECT * FROM webhooks WHERE id = $1`, [created.id]);
        return JSON.stringify(rows);
      });
      assert.ok(!stored.includes(created.secret.slice(6)), 'the secret is not stored in plain text');
    });

    test('"*" subscribes to every event; an unknown event and a missing URL are 400s naming the field', async () => {
      const all = await subscribe(owner, '/all', ['booking.created', '*']);
      assert.deepEqual(all.events, ['*']);
      const unknown = await api('POST', '', owner, { url: `${base}/x`, events: ['booking.exploded'] });
      assert.equal(unknown.status, 400);
      assert.ok(
        unknown.body.errors.some((e: { path: string }) => e.path.startsWith('events')),
        JSON.stringify(unknown.body),
      );
      const none = await api('POST', '', owner, { events: ['*'] });
      assert.equal(none.status, 400);
      assert.ok(none.body.errors.some((e: { path: string }) => e.path === 'url'));
      const empty = await api('POST', '', owner, { url: `${base}/x`, events: [] });
      assert.equal(empty.status, 400);
    });

    test('a POST retried with its Idempotency-Key makes one webhook and never shows the secret again', async () => {
      const headers = { 'idempotency-key': `wh-${randomUUID()}` };
      const body = { url: `${base}/idem`, events: ['*'] };
      const first = await api('POST', '', owner, body, headers);
      assert.equal(first.status, 201);
      const again = await api('POST', '', owner, body, headers);
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(again.body.id, first.body.id);
      assert.equal(again.body.secret, undefined);
      assert.ok(!JSON.stringify(again.body).includes(first.body.secret));
      const list = await api('GET', '', owner);
      assert.equal(list.body.length, 1);
    });

    test('edit, pause and delete; delete takes the delivery log with it', async () => {
      const hook = await subscribe(owner, '/edit');
      const edited = await api('PATCH', `/${hook.id}`, owner, {
        events: ['invoice.paid'],
        description: 'Xero',
      });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.deepEqual(edited.body.events, ['invoice.paid']);
      assert.equal(edited.body.description, 'Xero');
      const paused = await api('PATCH', `/${hook.id}`, owner, { status: 'paused' });
      assert.equal(paused.body.status, 'paused');
      const test = await api('POST', `/${hook.id}/test`, owner);
      assert.equal(test.status, 409, 'a paused webhook sends no test');
      const del = await api('DELETE', `/${hook.id}`, owner);
      assert.equal(del.status, 200);
      assert.equal((await api('GET', `/${hook.id}`, owner)).status, 404);
    });

    test('staff, with every permission or none, are refused (403); no sign-in is 401', async () => {
      assert.equal((await api('GET', '', staff)).status, 403);
      assert.equal((await api('POST', '', staff, { url: `${base}/s`, events: ['*'] })).status, 403);
      const anon = await call(t, 'GET', '/api/integrations/webhooks');
      assert.equal(anon.status, 401);
    });
  });

  describe('webhooks: where they may be sent (SSRF)', () => {
    beforeEach(clearWebhooks);

    test('loopback without the allowlist, and metadata, private and link-local addresses are refused at save (400 naming url)', async () => {
      const saved = deps.allowList;
      deps.allowList = parseAllowList('');
      try {
        const loop = await api('POST', '', owner, { url: `${base}/x`, events: ['*'] });
        assert.equal(loop.status, 400);
        assert.deepEqual(
          loop.body.errors.map((e: { path: string }) => e.path),
          ['url'],
        );
      } finally {
        deps.allowList = saved;
      }
      // The allowlist opens 127.0.0.1 only: the rest stay refused with it.
      for (const url of [
        'http://169.254.169.254/latest/meta-data',
        'https://10.1.2.3/hook',
        'https://192.168.0.10/hook',
        'https://[::1]/hook',
        'https://[fe80::1]/hook',
        'https://[::ffff:169.254.169.254]/hook',
      ]) {
        const r = await api('POST', '', owner, { url, events: ['*'] });
        assert.equal(r.status, 400, url);
        assert.equal(r.body.errors[0].path, 'url', url);
        assert.equal(r.body.errors[0].message, WEBHOOK_URL_PRIVATE, url);
      }
      // A name that resolves to a private address is refused too; plain http to the internet too.
      dns.set('intranet.example', [{ address: '172.16.5.5', family: 4 }]);
      const named = await api('POST', '', owner, { url: 'https://intranet.example/x', events: ['*'] });
      assert.equal(named.status, 400);
      assert.equal(named.body.errors[0].path, 'url');
      dns.set('plain.example', [{ address: '93.184.216.34', family: 4 }]);
      const plain = await api('POST', '', owner, { url: 'http://plain.example/x', events: ['*'] });
      assert.equal(plain.status, 400);
      assert.equal(plain.body.errors[0].path, 'url');
      // A PATCH to such an address is refused the same way.
      const hook = await subscribe(owner, '/ok');
      const patched = await api('PATCH', `/${hook.id}`, owner, { url: 'http://169.254.169.254/' });
      assert.equal(patched.status, 400);
      assert.equal(patched.body.errors[0].path, 'url');
    });

    test('an address that turns private after the save (DNS changed) is refused at delivery, never connected to', async () => {
      let answer: Resolved = [{ address: '93.184.216.34', family: 4 }];
      dns.set('rebind.example', () => answer);
      const r = await api('POST', '', owner, { url: 'https://rebind.example/hook', events: ['*'] });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      answer = [{ address: '169.254.169.254', family: 4 }];
      await api('POST', `/${r.body.id}/test`, owner);
      await deliver();
      const [d] = await log(owner, r.body.id);
      assert.equal(d!.state, 'pending', 'kept for a retry');
      assert.equal(d!.attempts[0]!.statusCode, null);
      assert.match(d!.attempts[0]!.error!, /private, local or reserved/);
      assert.match(d!.attempts[0]!.error!, /169\.254\.169\.254/);
    });

    test('a redirect is not followed: the 302 is the attempt’s answer, and the target never hears of it', async () => {
      script.set('/moved', [{ status: 302, location: `${base}/elsewhere`, body: 'gone' }]);
      const hook = await subscribe(owner, '/moved');
      await api('POST', `/${hook.id}/test`, owner);
      await deliver();
      assert.equal(at('/elsewhere').length, 0);
      const [d] = await log(owner, hook.id);
      assert.equal(d!.attempts[0]!.statusCode, 302);
      assert.equal(d!.state, 'pending', 'a redirect is a failure, retried');
    });

    test('a receiver that does not answer in time is cut off and logged as a timeout', async () => {
      script.set('/slow', ['hang']);
      const hook = await subscribe(owner, '/slow');
      await api('POST', `/${hook.id}/test`, owner);
      const started = Date.now();
      await deliver();
      assert.ok(Date.now() - started < 5000, 'the attempt ended at the timeout');
      const [d] = await log(owner, hook.id);
      assert.equal(d!.attempts[0]!.statusCode, null);
      assert.match(d!.attempts[0]!.error!, /No answer within/);
      receiver.closeAllConnections();
    });

    test('the answer is read up to the limit and the log keeps its first 2 kB', async () => {
      script.set('/big', [{ status: 200, body: 'x'.repeat(300 * 1024) }]);
      const hook = await subscribe(owner, '/big');
      await api('POST', `/${hook.id}/test`, owner);
      await deliver();
      const [d] = await log(owner, hook.id);
      assert.equal(d!.attempts[0]!.statusCode, 200);
      assert.equal(d!.attempts[0]!.answer.length, 2048);
      assert.equal(d!.attempts[0]!.answerTruncated, true);
    });
  });

  describe('webhooks: deliveries', () => {
    beforeEach(async () => {
      await clearWebhooks();
      received.length = 0;
    });

    test('an event is delivered as documented and its signature verifies with the documented recipe', async () => {
      const hook = await subscribe(owner, '/signed', ['booking.created', 'booking.confirmed']);
      const id = randomUUID();
      const event = await publish('booking.created', owner.userId, booking(owner.userId, id, 'confirmed'));
      await deliver();
      const got = at('/signed');
      assert.deepEqual(
        got.map((r) => JSON.parse(r.body).type),
        ['booking.created', 'booking.confirmed'],
        'a booking made confirmed is created and confirmed, in that order',
      );
      for (const r of got) {
        assert.ok(verify(r, hook.secret), 'the signature verifies');
        assert.ok(!verify(r, `${hook.secret}x`), 'and would not with another secret');
        const body = JSON.parse(r.body);
        assert.deepEqual(Object.keys(body), ['id', 'type', 'createdAt', 'tenantId', 'data']);
        assert.equal(r.headers['x-venuedesk-event-id'], body.id);
        assert.equal(body.tenantId, owner.userId);
        assert.equal(body.createdAt, event.occurredAt);
        const ts = Number(r.headers['x-venuedesk-timestamp']);
        assert.ok(Math.abs(ts - Date.now() / 1000) < 30, 'Unix seconds, now');
        assert.match(String(r.headers['x-venuedesk-signature']), /^v1=[0-9a-f]{64}$/);
        assert.equal(r.headers['content-type'], 'application/json');
        // data: the booking as the public API answers it, nothing internal
        assert.equal(body.data.id, id);
        assert.equal(body.data.bookingCode, 'BK-0042');
        assert.equal(body.data.requestFingerprint, undefined);
        const publicKeys = new Set(Object.keys(bookingSchema.shape));
        for (const k of Object.keys(body.data))
          assert.ok(publicKeys.has(k), `${k} is a field of the public booking`);
      }
      // the same domain event again (at least once upstream) queues nothing more
      assert.equal(await t.kit.handleEvent(event), 'duplicate');
      const d = await log(owner, hook.id);
      assert.equal(d.length, 2);
      assert.ok(d.every((x) => x.state === 'delivered'));
    });

    test('a delivery queued wakes the delivery job as its transaction commits; the same event again does not', async () => {
      assert.ok((createAdminService({ webhooks: deps }).jobs ?? []).some((j) => j.name === DELIVERY_JOB));
      const hook = await subscribe(owner, '/woken');
      const woken: string[][] = [];
      await t.kit.db.tenantTx(owner.userId, async (tx) => {
        const spy = Object.create(tx) as Tx;
        const d = {
          tenantId: owner.userId,
          webhookId: hook.id,
          eventId: randomUUID(),
          type: 'webhook.test',
          aggregateKey: 'test:wake',
          occurredAt: new Date().toISOString(),
          body: '{}',
        };
        for (let i = 0; i < 2; i++) {
          const calls: string[] = [];
          spy.wake = (job) => void calls.push(job);
          await queueDelivery(spy, d);
          woken.push(calls);
        }
      });
      assert.deepEqual(woken, [[DELIVERY_JOB], []]);
    });

    test('only subscribed events are sent', async () => {
      await subscribe(owner, '/paid-only', ['invoice.paid']);
      await publish('booking.created', owner.userId, booking(owner.userId, randomUUID(), 'pending'));
      await deliver();
      assert.equal(at('/paid-only').length, 0);
    });

    test('a 500 is retried with the same event id and body, then succeeds; the log shows both attempts', async () => {
      script.set('/flaky', [
        { status: 500, body: 'database down' },
        { status: 200, body: 'thanks' },
      ]);
      const hook = await subscribe(owner, '/flaky', ['booking.cancelled']);
      await publish('booking.status_changed', owner.userId, {
        ...booking(owner.userId, randomUUID(), 'cancelled'),
        from: 'confirmed',
        to: 'cancelled',
      });
      await deliver();
      let [d] = await log(owner, hook.id);
      assert.equal(d!.state, 'pending');
      assert.equal(d!.attempts[0]!.statusCode, 500);
      assert.equal(d!.attempts[0]!.answer, 'database down');
      await deliver();
      [d] = await log(owner, hook.id);
      assert.equal(d!.state, 'delivered');
      assert.deepEqual(
        d!.attempts.map((a) => a.statusCode),
        [200, 500],
        'newest first',
      );
      const got = at('/flaky');
      assert.equal(got.length, 2);
      assert.equal(got[0]!.body, got[1]!.body, 'the same bytes');
      assert.equal(got[0]!.headers['x-venuedesk-event-id'], got[1]!.headers['x-venuedesk-event-id']);
      assert.equal(JSON.parse(got[1]!.body).type, 'booking.cancelled');
      const hooks = await api('GET', `/${hook.id}`, owner);
      assert.equal(hooks.body.failingSince, null, 'a success ends the failing run');
      assert.ok(hooks.body.lastSuccessAt);
    });

    test('one booking’s events arrive in order, through an outage of the receiver', async () => {
      // The first delivery fails twice; the booking's later events wait behind it.
      script.set('/ordered', [{ status: 503 }, { status: 503 }, { status: 200 }]);
      await subscribe(owner, '/ordered', [
        'booking.created',
        'booking.updated',
        'booking.held',
        'booking.confirmed',
      ]);
      const id = randomUUID();
      const other = randomUUID();
      await publish('booking.created', owner.userId, booking(owner.userId, id, 'pending'));
      await publish(
        'booking.updated',
        owner.userId,
        booking(owner.userId, id, 'pending', { eventType: 'Party' }),
      );
      await publish('booking.status_changed', owner.userId, {
        ...booking(owner.userId, id, 'tentative'),
        from: 'pending',
        to: 'tentative',
      });
      await publish('booking.status_changed', owner.userId, {
        ...booking(owner.userId, id, 'confirmed'),
        from: 'tentative',
        to: 'confirmed',
      });
      // another booking is not held up by this one's outage
      await publish(
        'booking.created',
        owner.userId,
        booking(owner.userId, other, 'pending', { bookingCode: 'BK-0043' }),
      );
      await deliver(6);
      const seen = at('/ordered').map(
        (r) => JSON.parse(r.body) as { id: string; type: string; data: { id: string } },
      );
      const ofBooking = seen.filter((e) => e.data.id === id);
      // deduplicated by event id, as the receiver is told to
      const once = [...new Map(ofBooking.map((e) => [e.id, e])).values()];
      assert.deepEqual(
        once.map((e) => e.type),
        ['booking.created', 'booking.updated', 'booking.held', 'booking.confirmed'],
      );
      // nothing of this booking arrived before its first event got through
      const firstOk = ofBooking.findLastIndex((e) => e.type === 'booking.created');
      assert.ok(ofBooking.slice(0, firstOk).every((e) => e.type === 'booking.created'));
      assert.ok(seen.some((e) => e.data.id === other));
    });

    test('a receiver that is down (connection refused) gets every event once it is back, in order', async () => {
      const hook = await subscribe(owner, '/outage', ['booking.created', 'booking.updated']);
      const port = (receiver.address() as AddressInfo).port;
      receiver.closeAllConnections();
      await new Promise((ok) => receiver.close(ok));
      const id = randomUUID();
      try {
        await publish('booking.created', owner.userId, booking(owner.userId, id, 'pending'));
        for (const eventType of ['Party', 'Wedding reception'])
          await publish('booking.updated', owner.userId, booking(owner.userId, id, 'pending', { eventType }));
        await deliver(3);
        const during = await log(owner, hook.id);
        assert.equal(during.length, 3);
        assert.ok(during.every((d) => d.state === 'pending'));
        const first = during.at(-1)!;
        assert.equal(first.attemptCount, 3, 'the oldest was tried each round; the rest waited behind it');
        assert.equal(first.attempts[0]!.error, 'Connection refused.');
        assert.ok(during.slice(0, 2).every((d) => d.attemptCount === 0));
      } finally {
        await new Promise<void>((ok) => receiver.listen(port, '127.0.0.1', ok));
      }
      await deliver(4);
      const seen = at('/outage').map(
        (r) => JSON.parse(r.body) as { id: string; type: string; data: { eventType: string } },
      );
      const once = [...new Map(seen.map((e) => [e.id, e])).values()];
      assert.deepEqual(
        once.map((e) => [e.type, e.data.eventType]),
        [
          ['booking.created', 'Wedding'],
          ['booking.updated', 'Party'],
          ['booking.updated', 'Wedding reception'],
        ],
      );
      assert.ok((await log(owner, hook.id)).every((d) => d.state === 'delivered'));
    });

    test('venue B never receives venue A’s events, and cannot read, change or use A’s webhooks (404)', async () => {
      const a = await subscribe(owner, '/venue-a');
      const b = await subscribe(owner2, '/venue-b');
      await publish('booking.created', owner.userId, booking(owner.userId, randomUUID(), 'pending'));
      await deliver();
      assert.equal(at('/venue-a').length, 1);
      assert.equal(at('/venue-b').length, 0);
      for (const [method, path] of [
        ['GET', `/${a.id}`],
        ['PATCH', `/${a.id}`],
        ['DELETE', `/${a.id}`],
        ['POST', `/${a.id}/test`],
        ['POST', `/${a.id}/rotate-secret`],
        ['GET', `/${a.id}/deliveries`],
      ] as const) {
        const r = await api(method, path, owner2, method === 'PATCH' ? { description: 'mine' } : undefined);
        assert.equal(r.status, 404, `${method} ${path}`);
      }
      const [delivery] = await log(owner, a.id);
      assert.equal((await api('POST', `/${b.id}/deliveries/${delivery!.id}/resend`, owner2)).status, 404);
      const listB = await api('GET', '', owner2);
      assert.deepEqual(
        listB.body.map((w: { id: string }) => w.id),
        [b.id],
      );
      assert.equal((await api('GET', `/${a.id}`, owner)).body.description, null, 'A’s webhook unchanged');
    });

    test('Send test event, and Send again with the same event id and body', async () => {
      const hook = await subscribe(owner, '/test-event');
      const queued = await api('POST', `/${hook.id}/test`, owner);
      assert.equal(queued.status, 202);
      assert.equal(queued.body.delivery.type, 'webhook.test');
      await deliver();
      const [first] = at('/test-event');
      assert.ok(first && verify(first, hook.secret));
      const body = JSON.parse(first.body);
      assert.equal(body.type, 'webhook.test');
      assert.equal(body.data.webhookId, hook.id);

      const again = await api('POST', `/${hook.id}/deliveries/${queued.body.delivery.id}/resend`, owner);
      assert.equal(again.status, 202, JSON.stringify(again.body));
      await deliver();
      const both = at('/test-event');
      assert.equal(both.length, 2);
      assert.equal(both[1]!.body, first.body);
      assert.equal(both[1]!.headers['x-venuedesk-event-id'], first.headers['x-venuedesk-event-id']);
      const [d] = await log(owner, hook.id);
      assert.equal(d!.attemptCount, 2);
      assert.equal(d!.state, 'delivered');
      const unknown = await api('POST', `/${hook.id}/deliveries/${randomUUID()}/resend`, owner);
      assert.equal(unknown.status, 404);
    });

    test('a rotated secret: both signatures for 24 hours, each verifies; the new secret is shown once', async () => {
      const hook = await subscribe(owner, '/rotated');
      const rotated = await api('POST', `/${hook.id}/rotate-secret`, owner);
      assert.equal(rotated.status, 201, JSON.stringify(rotated.body));
      const fresh: string = rotated.body.secret;
      assert.notEqual(fresh, hook.secret);
      const overlap = Date.parse(rotated.body.previousSecretExpiresAt) - Date.now();
      assert.ok(Math.abs(overlap - 24 * 3600_000) < 60_000, `overlap ${overlap} ms`);
      await api('POST', `/${hook.id}/test`, owner);
      await deliver();
      const [r] = at('/rotated');
      const parts = String(r!.headers['x-venuedesk-signature']).split(',');
      assert.equal(parts.length, 2);
      assert.ok(verify(r!, fresh) && verify(r!, hook.secret));
      // once the overlap is over, only the new one signs
      await t.kit.db.systemTx((tx) =>
        tx.query(
          `UPDATE webhooks SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
          [hook.id],
        ),
      );
      await api('POST', `/${hook.id}/test`, owner);
      await deliver();
      const last = at('/rotated')[1]!;
      assert.equal(String(last.headers['x-venuedesk-signature']).split(',').length, 1);
      assert.ok(verify(last, fresh) && !verify(last, hook.secret));
    });

    test('a webhook failing for 3 days is switched off and the owner is to be e-mailed (webhook.disabled)', async () => {
      script.set('/dead', [{ status: 500, body: 'nope' }]);
      const hook = await subscribe(owner, '/dead', ['booking.created']);
      await publish('booking.created', owner.userId, booking(owner.userId, randomUUID(), 'pending'));
      await deliver();
      let state = await api('GET', `/${hook.id}`, owner);
      assert.equal(state.body.status, 'active');
      assert.ok(state.body.failingSince, 'failing since the first failure');
      // Two days on the job's clock: still retried, still on.
      clockAhead = 2 * 24 * 3600_000;
      try {
        await deliver();
      } finally {
        clockAhead = 0;
      }
      state = await api('GET', `/${hook.id}`, owner);
      assert.equal(state.body.status, 'active');
      assert.equal((await log(owner, hook.id))[0]!.state, 'pending');
      // Three days: the next attempt fails too, and that is the end.
      clockAhead = (3 * 24 * 60 + 1) * 60_000;
      try {
        await deliver();
      } finally {
        clockAhead = 0;
      }
      state = await api('GET', `/${hook.id}`, owner);
      assert.equal(state.body.status, 'disabled');
      assert.match(state.body.disabledReason, /3 days/);
      const [d] = await log(owner, hook.id);
      assert.equal(d!.state, 'failed');
      const told = await t.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ data: Record<string, unknown>; tenant_id: string }>(
          `SELECT data, tenant_id FROM outbox WHERE type = 'webhook.disabled'`,
        );
        return rows;
      });
      assert.equal(told.length, 1);
      assert.equal(told[0]!.data.ownerEmail, 'owner@demo.local');
      assert.equal(told[0]!.data.webhookId, hook.id);
      assert.equal(told[0]!.data.lastStatusCode, 500);
      // switched off: nothing more is sent, a test is refused until it is resumed
      const before = at('/dead').length;
      await publish('booking.created', owner.userId, booking(owner.userId, randomUUID(), 'pending'));
      await deliver();
      assert.equal(at('/dead').length, before);
      assert.equal((await api('POST', `/${hook.id}/test`, owner)).status, 409);
      const resumed = await api('PATCH', `/${hook.id}`, owner, { status: 'active' });
      assert.equal(resumed.body.status, 'active');
      assert.equal(resumed.body.failingSince, null);
      script.set('/dead', [{ status: 204 }]);
      assert.equal((await api('POST', `/${hook.id}/deliveries/${d!.id}/resend`, owner)).status, 202);
      await deliver();
      const after = await log(owner, hook.id);
      assert.equal(after.find((x) => x.id === d!.id)!.state, 'delivered');
      // unlike a pause, a switch-off holds nothing: the event while it was off was never queued
      assert.equal(after.length, 1);
      assert.equal(at('/dead').length, before + 1);
    });
  });

  describe('webhooks: pausing holds deliveries', () => {
    beforeEach(async () => {
      await clearWebhooks();
      received.length = 0;
    });

    const held = (id: string) => booking(owner.userId, id, 'tentative');
    const statusChanged = (id: string, from: string, to: string) => ({
      ...booking(owner.userId, id, to),
      from,
      to,
    });

    test('events while paused are not sent; on resume each goes out once, one booking’s in order', async () => {
      const hook = await subscribe(owner, '/held', [
        'booking.created',
        'booking.updated',
        'booking.held',
        'booking.confirmed',
      ]);
      const id = randomUUID();
      const other = randomUUID();
      await publish('booking.created', owner.userId, booking(owner.userId, id, 'pending'));
      await deliver();
      assert.equal(at('/held').length, 1, 'sent while active');

      const paused = await api('PATCH', `/${hook.id}`, owner, { status: 'paused' });
      assert.equal(paused.body.status, 'paused');
      await publish(
        'booking.updated',
        owner.userId,
        booking(owner.userId, id, 'pending', { eventType: 'Party' }),
      );
      await publish('booking.status_changed', owner.userId, {
        ...held(id),
        from: 'pending',
        to: 'tentative',
      });
      await publish('booking.status_changed', owner.userId, statusChanged(id, 'tentative', 'confirmed'));
      await publish(
        'booking.created',
        owner.userId,
        booking(owner.userId, other, 'pending', { bookingCode: 'BK-0043' }),
      );
      await deliver(3);
      // a day on the job's clock changes nothing: held is held
      clockAhead = 24 * 3600_000;
      try {
        await deliver();
      } finally {
        clockAhead = 0;
      }
      assert.equal(at('/held').length, 1, 'nothing sent while paused');
      const during = await log(owner, hook.id);
      assert.equal(during.length, 5);
      assert.deepEqual(
        during.slice(0, 4).map((d) => [d.state, d.attemptCount]),
        Array.from({ length: 4 }, () => ['pending', 0]),
        'queued, never tried',
      );

      const resumed = await api('PATCH', `/${hook.id}`, owner, { status: 'active' });
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      assert.equal(resumed.body.status, 'active');
      await deliver(2);
      const seen = at('/held').map(
        (r) => JSON.parse(r.body) as { id: string; type: string; data: { id: string } },
      );
      assert.equal(new Set(seen.map((e) => e.id)).size, seen.length, 'each event exactly once');
      assert.equal(seen.length, 5);
      assert.deepEqual(
        seen.filter((e) => e.data.id === id).map((e) => e.type),
        ['booking.created', 'booking.updated', 'booking.held', 'booking.confirmed'],
      );
      assert.deepEqual(
        seen.filter((e) => e.data.id === other).map((e) => e.type),
        ['booking.created'],
      );
      for (const r of at('/held')) assert.ok(verify(r, hook.secret));
      const afterwards = await log(owner, hook.id);
      assert.ok(afterwards.every((d) => d.state === 'delivered' && d.attemptCount === 1));
      // and nothing more goes out on later runs
      await deliver();
      assert.equal(at('/held').length, 5);
    });

    test('a delivery held longer than the 3-day retry window is not sent on resume; the log says why', async () => {
      const hook = await subscribe(owner, '/stale', ['booking.created']);
      assert.equal((await api('PATCH', `/${hook.id}`, owner, { status: 'paused' })).status, 200);
      const old = randomUUID();
      const fresh = randomUUID();
      await publish('booking.created', owner.userId, booking(owner.userId, old, 'pending'));
      await publish(
        'booking.created',
        owner.userId,
        booking(owner.userId, fresh, 'pending', { bookingCode: 'BK-0043' }),
      );
      // the first was queued three days and a minute ago (in hours: a day is not 24 of them across a
      // daylight-saving change in a session's time zone, and the worker counts milliseconds)
      const moved = await t.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query(
          `UPDATE webhook_deliveries SET created_at = now() - interval '72 hours 1 minute'
          WHERE webhook_id = $1 AND body LIKE $2 RETURNING id`,
          [hook.id, `%${old}%`],
        );
        return rows.length;
      });
      assert.equal(moved, 1);

      const resumed = await api('PATCH', `/${hook.id}`, owner, { status: 'active' });
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      await deliver(2);
      const seen = at('/stale').map((r) => JSON.parse(r.body) as { data: { id: string } });
      assert.deepEqual(
        seen.map((e) => e.data.id),
        [fresh],
        'only the one within the window',
      );
      const entries = await log(owner, hook.id);
      const stale = entries.find((d) => (JSON.parse(d.body) as { data: { id: string } }).data.id === old)!;
      assert.equal(stale.state, 'failed');
      assert.equal(stale.attempts.length, 1);
      assert.equal(stale.attempts[0]!.statusCode, null);
      assert.equal(stale.attempts[0]!.error, HELD_TOO_LONG);
      assert.match(stale.attempts[0]!.error!, /paused for longer than the 3-day retry window/);
      const audit = await t.kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ additional_info: string | null }>(
          `SELECT data->>'additionalInfo' AS additional_info FROM outbox
          WHERE type = 'audit.recorded' AND data->>'action' = 'webhook_resumed' AND data->>'target' = $1`,
          [hook.id],
        );
        return rows;
      });
      assert.equal(audit.length, 1);
      assert.match(audit[0]!.additional_info ?? '', /1 held delivery older than 3 days given up unsent/);
      // Send again is the owner's word: it goes out then
      assert.equal((await api('POST', `/${hook.id}/deliveries/${stale.id}/resend`, owner)).status, 202);
      await deliver();
      assert.deepEqual(
        at('/stale').map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id),
        [fresh, old],
      );
    });

    test('the daily prune gives up what a still-paused webhook has held past the window, and only that', async () => {
      script.set('/busy', [{ status: 500 }]);
      const pausedHook = await subscribe(owner, '/forgotten', ['booking.created']);
      const activeHook = await subscribe(owner, '/busy', ['booking.created']);
      await api('PATCH', `/${pausedHook.id}`, owner, { status: 'paused' });
      await publish('booking.created', owner.userId, booking(owner.userId, randomUUID(), 'pending'));
      await deliver(); // the active one's fails and stays pending
      clockAhead = 2 * 24 * 3600_000;
      try {
        await pruneDeliveries(t.kit, deps);
      } finally {
        clockAhead = 0;
      }
      assert.equal((await log(owner, pausedHook.id))[0]!.state, 'pending', 'within the window: still held');
      clockAhead = (3 * 24 * 60 + 1) * 60_000;
      try {
        await pruneDeliveries(t.kit, deps);
      } finally {
        clockAhead = 0;
      }
      const [given] = await log(owner, pausedHook.id);
      assert.equal(given!.state, 'failed');
      assert.equal(given!.attempts[0]!.error, HELD_TOO_LONG);
      assert.equal((await api('GET', `/${pausedHook.id}`, owner)).body.status, 'paused');
      const [busy] = await log(owner, activeHook.id);
      assert.equal(busy!.state, 'pending', 'an active webhook’s retries are the job’s, not the prune’s');
      assert.equal(busy!.attempts[0]!.statusCode, 500);
      await api('PATCH', `/${pausedHook.id}`, owner, { status: 'active' });
      await deliver();
      assert.equal(at('/forgotten').length, 0);
    });
  });
});
