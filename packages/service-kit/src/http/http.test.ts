import { readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { setEnv, startTestService, testKeys, type TestService, type TestKeys } from '../testing/index.ts';
import { callService } from './internal-client.ts';
import { OWNER_A, widgetsApp } from '../test-fixtures/widgets-app.ts';
import { call } from '../test-fixtures/http.ts';

const LAST_MIGRATION = readdirSync(new URL('../test-fixtures/migrations/', import.meta.url))
  .sort()
  .at(-1)!
  .replace(/\.sql$/, '');

describe('app factory', () => {
  let t: TestService;
  let keys: TestKeys;
  let token: string;

  before(async () => {
    keys = await testKeys();
    t = await startTestService(widgetsApp());
    token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
  });
  after(() => t.close());

  it('reports health with the database checked, the release and the schema it expects', async () => {
    const r = await call(t.url, 'GET', '/health');
    assert.equal(r.status, 200);
    // the fixture has no package.json of its own; its newest migration names the schema
    assert.deepEqual(r.body, {
      status: 'ok',
      service: 'widgets',
      db: 'ok',
      version: 'unknown',
      schema: LAST_MIGRATION,
    });
  });

  it('answers validation errors with the schema message and field errors', async () => {
    const r = await call(t.url, 'POST', '/api/widgets', { token, body: { name: '  ' } });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, {
      message: 'Widget name is required.',
      errors: [{ path: 'name', message: 'Widget name is required.' }],
    });
  });

  it('hides internal errors behind a generic 500 that carries the request id', async () => {
    const r = await call(t.url, 'GET', '/api/boom', { headers: { 'x-request-id': 'req-abc-12345' } });
    assert.equal(r.status, 500);
    assert.deepEqual(r.body, { message: 'Internal server error' });
    assert.equal(r.headers.get('x-request-id'), 'req-abc-12345');
    assert.doesNotMatch(JSON.stringify(r.body), /secret|stack|at /);
  });

  it('replaces an insane request id with a fresh one', async () => {
    const r = await call(t.url, 'GET', '/health', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    const id = r.headers.get('x-request-id') ?? '';
    assert.match(id, /^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with 404 JSON', async () => {
    const r = await call(t.url, 'GET', '/api/nothing-here');
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { message: 'Not found' });
  });

  it('answers a wrong method with 405 JSON', async () => {
    const r = await call(t.url, 'DELETE', '/api/widgets');
    assert.equal(r.status, 405);
    assert.deepEqual(r.body, { message: 'Method Not Allowed' });
  });

  it('rejects malformed JSON with 400 and oversized bodies with 413', async () => {
    const bad = await call(t.url, 'POST', '/api/widgets', { token, body: '{"name":' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { message: 'Request body is not valid JSON.' });
    const big = await call(t.url, 'POST', '/api/widgets', { token, body: { name: 'x'.repeat(1_100_000) } });
    assert.equal(big.status, 413);
    assert.deepEqual(big.body, { message: 'Request body is too large.' });
  });

  it('sets security headers', async () => {
    const r = await call(t.url, 'GET', '/health');
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(r.headers.get('content-security-policy'));
  });

  it('commits successful requests and rolls back failed ones', async () => {
    const ok = await call(t.url, 'POST', '/api/widgets', { token, body: { name: 'Chairs', qty: 12 } });
    assert.equal(ok.status, 201);
    const failed = await call(t.url, 'POST', '/api/widgets/then-fail', { token, body: {} });
    assert.equal(failed.status, 400);
    assert.deepEqual(failed.body, { message: 'Something about the request is wrong.' });
    const list = await call<Array<{ name: string; qty: number }>>(t.url, 'GET', '/api/widgets', { token });
    assert.deepEqual(
      list.body.map((w) => [w.name, w.qty]),
      [['Chairs', 12]],
    );
  });

  it('a route that only reads (withRead) is refused a write by the database, and nothing is written', async () => {
    const r = await call(t.url, 'GET', '/api/widgets/write-in-read', { token });
    assert.equal(r.status, 500);
    const list = await call<Array<{ name: string }>>(t.url, 'GET', '/api/widgets', { token });
    assert.ok(!list.body.some((w) => w.name === 'written by a GET'));
  });

  it('serves concurrent requests on one embedded connection without deadlock', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t.url, 'POST', '/api/widgets', { token, body: { name: `w${i}` } }),
      ),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      Array(8).fill(201),
    );
  });

  it('protects /internal/events with the internal secret', async () => {
    const r = await call(t.url, 'POST', '/internal/events', {
      body: {},
      headers: { 'x-venue-internal': 'nope' },
    });
    assert.equal(r.status, 401);
  });
});

describe('logging, health failure and graceful shutdown', () => {
  it('logs a 5xx with the request id and the real error, while the client sees neither', async () => {
    await testKeys();
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const t = await startTestService(widgetsApp({ logger }));
    try {
      const r = await call(t.url, 'GET', '/api/boom', { headers: { 'x-request-id': 'trace-me-12345' } });
      assert.deepEqual(r.body, { message: 'Internal server error' });
      const logged = lines.find((l) => l.msg === 'request failed');
      assert.equal(logged?.requestId, 'trace-me-12345');
      assert.equal(logged?.service, 'widgets');
      assert.match(String((logged?.err as { message?: string })?.message), /leaked/);
      assert.ok(
        lines.some((l) => l.msg === 'request' && l.requestId === 'trace-me-12345' && l.status === 500),
      );
    } finally {
      await t.close();
    }
  });

  it('logs a proxied success or an internal one at debug only, errors and direct calls at info', async () => {
    const keys = await testKeys();
    const token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const widgets = widgetsApp({ logger });
    const t = await startTestService({
      ...widgets,
      routes(router, ...rest) {
        widgets.routes?.(router, ...rest);
        router.post('/internal/echo', async (ctx) => {
          if (ctx.get('x-fail')) ctx.throw(409, 'no');
          ctx.body = { ok: true };
        });
      },
    });
    try {
      const proxied = { 'x-request-id': 'via-gateway-1', 'x-forwarded-for': '203.0.113.9' };
      const auth = { authorization: `Bearer ${token}` };
      assert.equal(
        (await call(t.url, 'GET', '/api/widgets', { headers: { ...proxied, ...auth } })).status,
        200,
      );
      assert.equal((await call(t.url, 'GET', '/api/widgets', { headers: proxied })).status, 401);
      const direct = { 'x-request-id': 'direct-call-1', ...auth };
      assert.equal((await call(t.url, 'GET', '/api/widgets', { headers: direct })).status, 200);
      const level = (id: string, status: number) =>
        lines.find((l) => l.msg === 'request' && l.requestId === id && l.status === status)?.level;
      assert.equal(level('via-gateway-1', 200), 20, 'a proxied success is logged at debug');
      assert.equal(level('via-gateway-1', 401), 30, 'a proxied refusal stays at info');
      assert.equal(level('direct-call-1', 200), 30, 'a direct call stays at info');
      // Another service's call made with its request's id: the caller's request is on record.
      const traced = { 'x-request-id': 'from-bookings-1' };
      assert.equal((await call(t.url, 'POST', '/internal/echo', { headers: traced })).status, 200);
      const failing = { 'x-request-id': 'from-bookings-2', 'x-fail': '1' };
      assert.equal((await call(t.url, 'POST', '/internal/echo', { headers: failing })).status, 409);
      // A job's call (the relay's delivery, the mail worker's fetch) has no request of its own.
      assert.equal((await call(t.url, 'POST', '/internal/echo')).status, 200);
      const untraced = lines.filter(
        (l) => l.msg === 'request' && l.path === '/internal/echo' && l.status === 200,
      );
      assert.equal(untraced.length, 2);
      assert.ok(
        untraced.every((l) => l.level === 20),
        'an internal success is logged at debug, traced or not',
      );
      assert.equal(level('from-bookings-1', 200), 20, 'a traced internal success is logged at debug');
      assert.equal(level('from-bookings-2', 409), 30, 'a traced internal refusal stays at info');
    } finally {
      await t.close();
    }
  });

  it('finishes in-flight requests on close, then reports the database gone as 503', async () => {
    await testKeys();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = await startTestService(
      widgetsApp({
        routes(router) {
          router.get('/api/slow', async (ctx) => {
            await gate;
            ctx.body = { done: true };
          });
        },
      }),
    );
    const inFlight = call(t.url, 'GET', '/api/slow');
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.service.close();
    setTimeout(release, 200);
    assert.deepEqual((await inFlight).body, { done: true });
    await closing;
    await assert.rejects(fetch(t.url + '/health'), 'no longer accepting connections');
    await t.close(); // drops the throwaway database
  });

  it('lets a request whose caller has gone finish its statements before the database closes', async () => {
    await testKeys();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const started = new Promise<void>((r) => (reached = r));
    const outcome: { rows?: unknown[]; error?: string } = {};
    const t = await startTestService(
      widgetsApp({
        routes(router, kit) {
          router.get('/api/slow-write', async (ctx) => {
            reached();
            await gate;
            // What an Idempotency-Key's answer or release does after the work: more statements.
            await kit.db.query('SELECT 1 AS one').then(
              (r) => (outcome.rows = r.rows),
              (err: Error) => (outcome.error = err.message),
            );
            ctx.body = { done: true };
          });
        },
      }),
    );
    try {
      // The caller gives up (as the gateway does when its client leaves): the connection is gone,
      // so the server has nothing open, and a close that only waited for connections would shut
      // the database under the handler.
      const caller = new AbortController();
      const asked = fetch(t.url + '/api/slow-write', { signal: caller.signal }).catch(() => null);
      await started;
      caller.abort();
      await asked;
      const closing = t.service.close();
      await new Promise((r) => setTimeout(r, 100));
      release();
      await closing;
      assert.deepEqual(outcome, { rows: [{ one: 1 }] }, 'the handler still had its database');
    } finally {
      release();
      await t.close();
    }
  });

  it('hands its peers to what it calls for a request and for a job, before <NAME>_URL', async () => {
    await testKeys();
    const peer = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name: `peer saw ${req.url}` }));
    });
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', () => r()));
    const peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    const restore = setEnv({ CATALOGUE_URL: 'http://127.0.0.1:9' }); // nothing listens there
    const ask = (path: string) =>
      callService({ service: 'catalogue', path, response: z.object({ name: z.string() }) });
    let fromJob = '';
    const t = await startTestService({
      ...widgetsApp({
        routes(router) {
          router.get('/api/ask-peer', async (ctx) => {
            ctx.body = await ask('/from-request');
          });
        },
      }),
      peers: { catalogue: peerUrl },
      jobs: [
        {
          name: 'ask-peer',
          cron: '0 0 1 1 *',
          run: async () => void (fromJob = (await ask('/from-job')).name),
        },
      ],
    });
    try {
      assert.deepEqual((await call(t.url, 'GET', '/api/ask-peer')).body, { name: 'peer saw /from-request' });
      await t.kit.runJob('ask-peer');
      assert.equal(fromJob, 'peer saw /from-job');
    } finally {
      restore();
      await t.close();
      await new Promise<void>((r) => peer.close(() => r()));
    }
  });

  it('answers 503 from /health when the database is unavailable', async () => {
    await testKeys();
    const t = await startTestService(widgetsApp());
    try {
      await t.kit.relay.flush();
      await t.kit.db.close();
      const r = await call(t.url, 'GET', '/health');
      assert.equal(r.status, 503);
      assert.equal((r.body as { db: string }).db, 'unavailable');
    } finally {
      await t.close();
    }
  });
});
