import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';
import {
  skipWithoutNats,
  startTestService,
  testKeys,
  TEST_NATS_URL,
  type TestService,
  type TestKeys,
} from '../testing/index.ts';
import type { ServiceOptions } from '../kit.ts';
import type { Tx } from '../db/types.ts';
import { OWNER_A, publishWidget, widgetsApp } from '../test-fixtures/widgets-app.ts';
import { call, eventually } from '../test-fixtures/http.ts';
import { hostInProcess, loopbackOrigins } from '../http/in-process.ts';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as { port: number }).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** A subscriber that records what it consumed in kit_log; fails once on demand. */
function receiverApp(name: string, extra: Partial<ServiceOptions> = {}): ServiceOptions {
  // Each event named flaky… fails once, then is applied.
  const failedOnce = new Set<string>();
  return widgetsApp({
    name,
    resolvePrincipal: async () => null,
    consumers: {
      'widget.*': async (event: DomainEvent, tx: Tx) => {
        const data = event.data as { name: string };
        if (data.name.startsWith('flaky') && !failedOnce.has(data.name)) {
          failedOnce.add(data.name);
          await tx.query("INSERT INTO kit_log (what) VALUES ('must be rolled back')");
          throw new Error('consumer failed once');
        }
        await tx.query('INSERT INTO kit_log (what) VALUES ($1)', [`${event.type}:${data.name}`]);
      },
    },
    ...extra,
  });
}

const logOf = async (t: TestService) =>
  (await t.kit.db.query<{ what: string }>('SELECT what FROM kit_log ORDER BY seq')).rows.map((r) => r.what);

describe('outbox relay to another service of this process, started late', () => {
  let keys: TestKeys;
  let publisher: TestService;
  let receiver: TestService | undefined;
  let token: string;
  let port: number;

  before(async () => {
    keys = await testKeys();
    port = await freePort();
    process.env.RECEIVER_URL = `http://127.0.0.1:${port}`;
    publisher = await startTestService(widgetsApp({ subscriptions: { receiver: ['widget.*'] } }));
    token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
  });
  after(async () => {
    await receiver?.close();
    await publisher.close();
    delete process.env.RECEIVER_URL;
  });

  it('keeps events while the subscriber is down and delivers them in order once it is up', async () => {
    for (const name of ['first', 'flaky', 'third']) {
      assert.equal(
        (await call(publisher.url, 'POST', '/api/widgets', { token, body: { name } })).status,
        201,
      );
    }
    await publisher.kit.relay.flush();
    const pending = await publisher.kit.db.query<{ attempts: number; last_error: string | null }>(
      "SELECT attempts, last_error FROM outbox WHERE type = 'widget.created' AND delivered_at IS NULL ORDER BY seq",
    );
    assert.equal(pending.rowCount, 3, 'nothing is lost or marked delivered while the subscriber is down');
    assert.ok(pending.rows[0]!.attempts >= 1 && pending.rows[0]!.last_error);

    receiver = await startTestService(receiverApp('receiver'), { port });
    await eventually(
      async () => (await logOf(receiver!)).length === 3,
      15_000,
      'the receiver to consume all three events',
    );
    assert.deepEqual(await logOf(receiver), [
      'widget.created:first',
      'widget.created:flaky',
      'widget.created:third',
    ]);
    await eventually(
      async () =>
        (
          await publisher.kit.db.query(
            "SELECT 1 FROM outbox WHERE type = 'widget.created' AND delivered_at IS NULL",
          )
        ).rowCount === 0,
      5000,
      'the outbox to be marked delivered',
    );
  });

  it('applies a repeated event id once', async () => {
    const event: DomainEvent = {
      id: randomUUID(),
      type: 'widget.renamed',
      source: 'widgets',
      tenantId: OWNER_A,
      occurredAt: new Date().toISOString(),
      data: { name: 'again' },
    };
    const post = () =>
      call(receiver!.url, 'POST', '/internal/events', {
        body: event,
        headers: { 'x-venue-internal': keys.internalSecret },
      });
    assert.deepEqual((await post()).body, { status: 'processed' });
    assert.deepEqual((await post()).body, { status: 'duplicate' });
    assert.equal(await receiver!.kit.handleEvent(event), 'duplicate');
    assert.equal((await logOf(receiver!)).filter((w) => w === 'widget.renamed:again').length, 1);
  });

  it('acknowledges event types it does not consume without recording them', async () => {
    const r = await call(receiver!.url, 'POST', '/internal/events', {
      body: {
        id: randomUUID(),
        type: 'other.thing',
        source: 'x',
        tenantId: null,
        occurredAt: new Date().toISOString(),
        data: {},
      },
      headers: { 'x-venue-internal': keys.internalSecret },
    });
    assert.deepEqual(r.body, { status: 'ignored' });
  });

  it('delivers a backlog larger than one read in batches, in order, once each; a batch with a failing event stops there and the rest follow it', async () => {
    const before = (await logOf(receiver!)).length;
    const names = Array.from({ length: 450 }, (_, i) => (i === 300 ? 'flaky-bulk' : `bulk-${i}`));
    await publisher.kit.db.tenantTx(OWNER_A, async (tx) => {
      for (const name of names) await publishWidget(tx, 'widget.noted', { name });
    });
    await eventually(
      async () => (await logOf(receiver!)).length - before === names.length,
      60_000,
      'the receiver to apply all 450 events',
    );
    const applied = (await logOf(receiver!)).slice(before);
    assert.deepEqual(
      applied,
      names.map((n) => `widget.noted:${n}`),
      'in outbox order, each once (the failing one retried, nothing after it overtook it)',
    );
    const { rows } = await receiver!.kit.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM kit_log WHERE what = 'must be rolled back'",
    );
    assert.equal(rows[0]!.n, 0, 'the failed attempt left nothing behind');
  });

  it('answers a batch with the outcome of each event it applied, in order, and why it stopped', async () => {
    const event = (name: string, type = 'widget.renamed', id: string = randomUUID()): DomainEvent => ({
      id,
      type,
      source: 'widgets',
      tenantId: OWNER_A,
      occurredAt: new Date().toISOString(),
      data: { name },
    });
    const repeated = randomUUID();
    const post = (events: DomainEvent[]) =>
      call<{ statuses: string[]; error?: string }>(receiver!.url, 'POST', '/internal/events/batch', {
        body: { events },
        headers: { 'x-venue-internal': keys.internalSecret },
      });
    const ok = await post([
      event('b1', 'widget.renamed', repeated),
      event('b1-again', 'widget.renamed', repeated),
      event('nobody', 'other.thing'),
      event('b2'),
    ]);
    assert.deepEqual(ok.body, { statuses: ['processed', 'duplicate', 'ignored', 'processed'] });
    const bad = await post([event('b3'), { ...event('b4'), data: { qty: 1 } }, event('b5')]);
    assert.equal(bad.status, 200);
    assert.deepEqual(bad.body.statuses, ['processed'], 'the one before the bad event is applied');
    assert.match(bad.body.error ?? '', /does not match its schema/);
    const log = await logOf(receiver!);
    assert.ok(log.includes('widget.renamed:b3') && !log.includes('widget.renamed:b5'));
    assert.equal(log.filter((w) => w === 'widget.renamed:b1').length, 1);
    const refused = await call(receiver!.url, 'POST', '/internal/events/batch', {
      body: { events: [event('x')] },
    });
    assert.equal(refused.status, 401, 'only with the internal secret');
  });

  it('records audit entries as audit.recorded events with actor and IP', async () => {
    const { rows } = await publisher.kit.db.query<{ data: Record<string, unknown>; tenant_id: string }>(
      "SELECT data, tenant_id FROM outbox WHERE type = 'audit.recorded' ORDER BY seq LIMIT 1",
    );
    assert.equal(rows[0]!.tenant_id, OWNER_A);
    assert.deepEqual(rows[0]!.data, {
      actorId: OWNER_A,
      actorEmail: '1111@example.test',
      actorRole: 'hall_owner',
      action: 'widget_created',
      targetType: 'widget',
      target: 'first',
      targetLabel: null,
      ipAddress: '127.0.0.1',
      additionalInfo: null,
      changes: null,
    });
  });
});

describe('outbox relay while nothing is published', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService(widgetsApp({ subscriptions: {} }));
  });
  after(() => t?.close());

  it('looks at an empty outbox ever less often, one statement a look, and still finds a row no commit of its own announced', async () => {
    const db = t.kit.db;
    await t.kit.relay.flush(); // the start's own pass (its prune, its read) is not a look
    const looks: number[] = [];
    const statements: string[] = [];
    const query = db.query.bind(db);
    db.query = ((text: string, params?: unknown[]) => {
      if (/FROM outbox/.test(text)) {
        looks.push(Date.now());
        statements.push(text);
      }
      return query(text, params);
    }) as typeof db.query;
    try {
      // Polling at the tests' 100 ms, the relay looked 30 times in 3 s (and each look was three
      // statements: the lock, the read, the unlock); doubling the wait of each empty look, it
      // looks at 0.2, 0.4, 0.8 and 1.6 s.
      await new Promise((ok) => setTimeout(ok, 3000));
      assert.ok(looks.length >= 3 && looks.length <= 6, `${looks.length} looks in 3 s`);
      assert.deepEqual(
        [...new Set(statements)],
        ['SELECT 1 FROM outbox WHERE delivered_at IS NULL LIMIT 1'],
        'each look is the one statement, not a locked pass',
      );
      const gaps = looks.slice(1).map((at, i) => at - looks[i]!);
      assert.ok(gaps.at(-1)! > gaps[0]!, `the waits grow: ${gaps.join(', ')} ms`);

      // A row written without this process's nudge (another replica's commit, a process that
      // stopped before relaying) is still delivered: the next look finds it.
      const id = randomUUID();
      await query(
        "INSERT INTO outbox (id, type, source, tenant_id, data) VALUES ($1, 'widget.noted', 'elsewhere', $2, '{}')",
        [id, OWNER_A],
      );
      await eventually(
        async () =>
          (await query('SELECT 1 FROM outbox WHERE id = $1 AND delivered_at IS NOT NULL', [id])).rowCount ===
          1,
        7000,
        'the row written elsewhere to be relayed',
      );
    } finally {
      db.query = query;
    }
  });
});

describe('outbox relay with one subscriber down', () => {
  let publisher: TestService;
  let receiver: TestService;

  before(async () => {
    await testKeys();
    process.env.LIVE_URL = `http://127.0.0.1:${await freePort()}`;
    receiver = await startTestService(receiverApp('live'), {
      port: Number(new URL(process.env.LIVE_URL).port),
    });
    // nothing listens there: every delivery to it fails, and its rows stay undelivered
    process.env.ABSENT_URL = `http://127.0.0.1:${await freePort()}`;
    publisher = await startTestService(
      widgetsApp({ subscriptions: { absent: ['widget.*'], live: ['widget.*'] } }),
    );
  });
  after(async () => {
    await publisher?.close();
    await receiver?.close();
    delete process.env.LIVE_URL;
    delete process.env.ABSENT_URL;
  });

  it('a subscriber that is down does not hold the others to the oldest 200 rows', async () => {
    const names = Array.from({ length: 450 }, (_, i) => `window-${i}`);
    await publisher.kit.db.tenantTx(OWNER_A, async (tx) => {
      for (const name of names) await publishWidget(tx, 'widget.noted', { name });
    });
    await eventually(
      async () => (await logOf(receiver)).length === names.length,
      60_000,
      'the live subscriber to apply all 450 events while the other is down',
    );
    assert.deepEqual(
      await logOf(receiver),
      names.map((n) => `widget.noted:${n}`),
    );
    const { rows } = await publisher.kit.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL AND NOT ($1 = ANY(acked))',
      ['absent'],
    );
    assert.equal(rows[0]!.n, names.length, 'kept for the absent one');
  });
});

/**
 * A subscriber in another process, as far as the relay can tell: a plain HTTP server on an
 * origin this process does not host, taking batches as a service's route does (the internal
 * secret checked) and applying them with a receiver's `handleEvents`.
 */
async function remoteStandIn(receiver: TestService, secret: string) {
  const requests: Array<{ path: string; events: number }> = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        if (req.headers['x-venue-internal'] !== secret) {
          res.writeHead(401).end();
          return;
        }
        const { events } = JSON.parse(body) as { events: DomainEvent[] };
        requests.push({ path: req.url ?? '', events: events.length });
        // The first request stops after its first event, as a subscriber whose consumer failed.
        const stop = requests.length === 1 && events.length > 1;
        const { outcomes } = await receiver.kit.handleEvents(stop ? events.slice(0, 1) : events);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(stop ? { statuses: outcomes, error: 'stopped' } : { statuses: outcomes }));
      })();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, requests, close: () => new Promise((ok) => server.close(ok)) };
}

describe('outbox relay to a subscriber in another process, over HTTP', () => {
  let publisher: TestService;
  let receiver: TestService;
  let standIn: Awaited<ReturnType<typeof remoteStandIn>>;

  before(async () => {
    const keys = await testKeys();
    receiver = await startTestService(receiverApp('faraway'));
    standIn = await remoteStandIn(receiver, keys.internalSecret);
    process.env.FARAWAY_URL = standIn.url;
    publisher = await startTestService(widgetsApp({ subscriptions: { faraway: ['widget.*'] } }));
  });
  after(async () => {
    await publisher?.close();
    await standIn?.close();
    await receiver?.close();
    delete process.env.FARAWAY_URL;
  });

  it('posts the due events in batch requests, in order; a batch that stops at a failing event is taken up from there', async () => {
    const names = ['r-1', 'r-2', 'r-3', 'r-4'];
    await publisher.kit.db.tenantTx(OWNER_A, async (tx) => {
      for (const name of names) await publishWidget(tx, 'widget.noted', { name });
    });
    await eventually(async () => (await logOf(receiver)).length === names.length, 15_000, 'all four applied');
    assert.deepEqual(
      await logOf(receiver),
      names.map((n) => `widget.noted:${n}`),
    );
    assert.equal(standIn.requests[0]!.events, 4, 'the first request carried the whole due list');
    assert.equal(standIn.requests[1]!.events, 3, 'the retry began at the first event not applied');
    assert.ok(standIn.requests.every((r) => r.path === '/internal/events/batch'));
    await eventually(
      async () =>
        (await publisher.kit.db.query('SELECT 1 FROM outbox WHERE delivered_at IS NULL')).rowCount === 0,
      5000,
      'the outbox to be marked delivered',
    );
  });
});

describe('outbox relay to a service hosted in this process', () => {
  let publisher: TestService;
  let unhost: () => void;
  const handed: string[] = [];
  let listened = 0;
  let failNext = false;

  before(async () => {
    await testKeys();
    const port = await freePort();
    process.env.NEARBY_URL = `http://127.0.0.1:${port}`;
    // Its HTTP side answers 500: a delivery that went through it would never be acknowledged.
    unhost = hostInProcess(
      loopbackOrigins('127.0.0.1', port),
      (_req, res) => {
        listened++;
        res.writeHead(500).end();
      },
      async (events) => {
        const outcomes: string[] = [];
        for (const e of events) {
          const name = (e.data as { name: string }).name;
          if (failNext && name === 'near-2') {
            failNext = false;
            return { outcomes, error: new Error('consumer failed once') };
          }
          handed.push(name);
          outcomes.push('processed');
        }
        return { outcomes };
      },
    );
    publisher = await startTestService(widgetsApp({ subscriptions: { nearby: ['widget.*'] } }));
  });
  after(async () => {
    await publisher?.close();
    unhost?.();
    delete process.env.NEARBY_URL;
  });

  it('hands the batch to its handler, not to its HTTP listener; one that stops midway gets the rest again, in order', async () => {
    failNext = true;
    await publisher.kit.db.tenantTx(OWNER_A, async (tx) => {
      for (const name of ['near-1', 'near-2', 'near-3']) await publishWidget(tx, 'widget.noted', { name });
    });
    await eventually(async () => handed.length === 3, 15_000, 'all three handed over');
    assert.deepEqual(handed, ['near-1', 'near-2', 'near-3'], 'each once, in order, near-2 after its retry');
    assert.equal(listened, 0, 'no request was made');
    const { rows } = await publisher.kit.db.query<{ attempts: number }>(
      "SELECT attempts FROM outbox WHERE type = 'widget.noted' AND data->>'name' = 'near-2'",
    );
    assert.equal(rows[0]!.attempts, 1, 'the one that failed was marked for its retry');
    await eventually(
      async () =>
        (await publisher.kit.db.query('SELECT 1 FROM outbox WHERE delivered_at IS NULL')).rowCount === 0,
      5000,
      'the outbox to be marked delivered',
    );
  });
});

describe('outbox relay over NATS JetStream', async () => {
  const skip = await skipWithoutNats('the JetStream relay test');

  /** A publisher and a receiver on a stream of their own, and the closing of all three. */
  async function onOwnStream() {
    const run = randomBytes(4).toString('hex');
    const nats = { url: TEST_NATS_URL, stream: `KIT_TEST_${run}`, subjectPrefix: `kittest.${run}` };
    const publisher = await startTestService(widgetsApp({ nats: { ...nats, durable: `widgets_${run}` } }));
    const receiver = await startTestService(
      receiverApp('receiver', { nats: { ...nats, durable: `receiver_${run}` } }),
    );
    const close = async () => {
      await receiver.close();
      await publisher.close();
      const { connect } = await import('@nats-io/transport-node');
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const nc = await connect({ servers: nats.url });
      await (await jetstreamManager(nc)).streams.delete(nats.stream).catch(() => {});
      await nc.close();
    };
    return { publisher, receiver, close };
  }

  it('publishes to JetStream and a durable consumer applies each event once', { skip }, async () => {
    const keys = await testKeys();
    const { publisher, receiver, close } = await onOwnStream();
    try {
      const token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
      for (const name of ['one', 'two']) {
        assert.equal(
          (await call(publisher.url, 'POST', '/api/widgets', { token, body: { name } })).status,
          201,
        );
      }
      await eventually(async () => (await logOf(receiver)).length === 2, 15_000, 'JetStream delivery');
      assert.deepEqual(await logOf(receiver), ['widget.created:one', 'widget.created:two']);

      // Re-send everything (as after a crash between publish and marking delivered).
      await publisher.kit.db.query('UPDATE outbox SET delivered_at = NULL');
      await publisher.kit.relay.flush();
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(await logOf(receiver), ['widget.created:one', 'widget.created:two']);
    } finally {
      await close();
    }
  });

  it(
    'a backlog goes out and is applied in order in batches; a failed event comes back and the rest go on',
    { skip },
    async () => {
      const { publisher, receiver, close } = await onOwnStream();
      try {
        // 300 events in one commit: more than one relay round (BATCH) and one consumer batch.
        const names = Array.from({ length: 300 }, (_, i) =>
          i === 120 ? 'flaky-120' : `n${String(i).padStart(3, '0')}`,
        );
        await publisher.kit.db.tenantTx(OWNER_A, async (tx) => {
          for (const name of names) await publishWidget(tx, 'widget.created', { name });
        });
        await eventually(
          async () => (await logOf(receiver)).length === 300,
          30_000,
          'the backlog over JetStream',
        );
        const log = await logOf(receiver);
        // Every event once, none of the failed attempt's writes; the failed one after a retry,
        // the ones after it without waiting for it, each in outbox order.
        const others = names.filter((n) => n !== 'flaky-120').map((n) => `widget.created:${n}`);
        assert.deepEqual(
          log.filter((w) => w !== 'widget.created:flaky-120'),
          others,
        );
        assert.ok(log.includes('widget.created:flaky-120'));
        assert.ok(!log.includes('must be rolled back'));
        // The publisher marks a round delivered once the stream has acknowledged all of it, which
        // may be after the receiver has applied its last event.
        const undelivered = async () =>
          (
            await publisher.kit.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL',
            )
          ).rows[0]!.n;
        await eventually(async () => (await undelivered()) === 0, 10_000, 'every row marked delivered');
      } finally {
        await close();
      }
    },
  );
});
