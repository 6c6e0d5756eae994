import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { startTestService, type TestService } from '../testing/index.ts';
import { widgetsApp } from '../test-fixtures/widgets-app.ts';
import { hostInProcess, loopbackOrigins } from './in-process.ts';
import type { InternalCallError } from './internal-client.ts';
import { callService, callServiceBytes, requestScope } from './internal-client.ts';

/** A port nothing listens on: a call that reached anything there went through memory. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as { port: number }).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** Counts the calls that left through the network (global fetch) while `fn` ran. */
async function networkCalls<T>(fn: () => Promise<T>): Promise<{ value: T; fetched: number }> {
  const original = globalThis.fetch;
  let fetched = 0;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    fetched++;
    return original(...args);
  };
  try {
    return { value: await fn(), fetched };
  } finally {
    globalThis.fetch = original;
  }
}

describe('calls between services hosted in one process (decision 68)', () => {
  let port: number;
  let seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  let unhost: () => void;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/slow') return void setTimeout(() => res.end('{"name":"late"}'), 300);
      if (req.url === '/pdf') {
        res.setHeader('content-type', 'application/pdf');
        res.setHeader('content-disposition', 'attachment; filename="INV-0001.pdf"');
        return void res.end(Buffer.from('%PDF-1.7 bytes'));
      }
      if (req.url === '/refuse') {
        res.statusCode = 409;
        res.setHeader('content-type', 'application/json');
        return void res.end('{"message":"Already paid."}');
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name: `got ${body || 'nothing'}` }));
    });
  };

  before(async () => {
    process.env.INTERNAL_SECRET = 'kit-internal-secret';
    port = await closedPort();
    process.env.NEIGHBOUR_URL = `http://127.0.0.1:${port}`;
    unhost = hostInProcess(loopbackOrigins('127.0.0.1', port), listener);
    seen = [];
  });
  after(() => {
    unhost();
    delete process.env.NEIGHBOUR_URL;
  });

  const ok = z.object({ name: z.string() });

  it('hands the request to the neighbour in memory: method, path, body, secret and request id as over the network', async () => {
    const { value, fetched } = await networkCalls(() =>
      requestScope.run({ requestId: 'req-in-process-1' }, () =>
        callService({
          service: 'neighbour',
          method: 'POST',
          path: '/internal/things?x=1',
          body: { n: 1 },
          response: ok,
        }),
      ),
    );
    assert.deepEqual(value, { name: 'got {"n":1}' });
    assert.equal(fetched, 0, 'nothing went through the network');
    const got = seen.at(-1)!;
    assert.equal(got.method, 'POST');
    assert.equal(got.url, '/internal/things?x=1');
    assert.equal(got.headers['x-venue-internal'], 'kit-internal-secret');
    assert.equal(got.headers['x-request-id'], 'req-in-process-1');
    assert.equal(got.headers['content-type'], 'application/json');
  });

  it('keeps a refusal, a file answer and the caller’s deadline as they are over the network', async () => {
    await assert.rejects(
      callService({ service: 'neighbour', method: 'POST', path: '/refuse', response: ok }),
      (err: InternalCallError) =>
        err.kind === 'status' &&
        err.status === 409 &&
        (err.body as { message: string }).message === 'Already paid.',
    );
    const file = await callServiceBytes({
      service: 'neighbour',
      path: '/pdf',
      contentType: 'application/pdf',
    });
    assert.equal(file.bytes.toString(), '%PDF-1.7 bytes');
    assert.equal(file.filename, 'INV-0001.pdf');
    await assert.rejects(
      callService({ service: 'neighbour', path: '/slow', response: ok, timeoutMs: 50, retries: 0 }),
      (err: InternalCallError) => err.kind === 'timeout',
    );
  });

  it('reaches the network again once the neighbour stops serving (nothing listens there: unreachable)', async () => {
    unhost();
    const { fetched } = await networkCalls(() =>
      assert.rejects(
        callService({ service: 'neighbour', path: '/x', response: ok, retries: 0 }),
        (err: InternalCallError) => err.kind === 'unreachable',
      ),
    );
    assert.equal(fetched, 1);
    unhost = hostInProcess(loopbackOrigins('127.0.0.1', port), listener);
  });
});

describe('a kit service serves its neighbours in the same process while it listens', () => {
  let widgets: TestService;
  before(async () => {
    widgets = await startTestService(widgetsApp());
    process.env.WIDGETS_URL = widgets.url;
  });
  after(async () => {
    await widgets.close();
    delete process.env.WIDGETS_URL;
  });

  it('answers an internal call through its whole middleware without a socket, and refuses one without the secret', async () => {
    const health = z.object({ status: z.string() }).passthrough();
    const { value, fetched } = await networkCalls(() =>
      callService({ service: 'widgets', path: '/health', response: health }),
    );
    assert.equal(fetched, 0);
    assert.equal(value.status, 'ok');
    await assert.rejects(
      callService({
        service: 'widgets',
        method: 'POST',
        path: '/internal/events/batch',
        headers: { 'x-venue-internal': 'wrong' },
        body: { events: [] },
        response: z.unknown(),
      }),
      (err: InternalCallError) => err.kind === 'status' && err.status === 401,
    );
  });

  it('serves a call made from inside the caller’s transaction in a transaction of its own', async () => {
    // Two services, each on a database of its own (money asking bookings for a booking from
    // inside an invoice's transaction): the neighbour opens its own transaction. On PGlite one
    // opened in the caller's transaction context is refused as a nested one (a 500).
    const caller = await startTestService(widgetsApp());
    const callee = await startTestService(widgetsApp());
    const port = await closedPort();
    const unhost = hostInProcess(loopbackOrigins('127.0.0.1', port), (_req, res) => {
      callee.kit.db
        .systemTx(async (tx) => tx.query('SELECT 1'))
        .then(
          () => res.end('{"name":"own transaction"}'),
          (err: Error) => {
            res.statusCode = 500;
            res.end(JSON.stringify({ message: err.message }));
          },
        );
    });
    process.env.CALLEE_URL = `http://127.0.0.1:${port}`;
    try {
      const answered = await caller.kit.db.systemTx(() =>
        callService({ service: 'callee', path: '/internal/thing', response: z.object({ name: z.string() }) }),
      );
      assert.deepEqual(answered, { name: 'own transaction' });
    } finally {
      unhost();
      delete process.env.CALLEE_URL;
      await callee.close();
      await caller.close();
    }
  });
});
