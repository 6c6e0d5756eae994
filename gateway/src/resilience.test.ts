import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  fakeService,
  readBody,
  startGateway,
  testKeys,
  type FakeService,
  type RunningGateway,
} from './test-helpers.ts';

/** Sends a body with node:http so the test controls Content-Length and chunking. */
function send(
  url: string,
  opts: { method?: string; headers?: Record<string, string | number>; chunks?: Buffer[] },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'POST', headers: opts.headers });
    req.on('response', async (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: (await readBody(res)).toString() });
    });
    // Writing into a connection the server already answered and closed may fail; the answer is what counts.
    req.on('error', (err) =>
      (err as { code?: string }).code === 'EPIPE' || (err as { code?: string }).code === 'ECONNRESET'
        ? undefined
        : reject(err),
    );
    for (const c of opts.chunks ?? []) req.write(c);
    req.end();
  });
}

describe('failures stay in their area', () => {
  let gateway: RunningGateway;
  let bookings: FakeService;
  let money: FakeService;
  let admin: FakeService;

  before(async () => {
    await testKeys();
    bookings = await fakeService('bookings');
    admin = await fakeService('admin');
    // Money hangs on one route: accepts the request, never answers.
    money = await fakeService('money', (req, res) => {
      if (req.url === '/api/invoices/slow') return true;
      if (req.url !== '/api/payments/refuse') return false;
      // Answers at once, without reading the upload.
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"No"}');
      return true;
    });
    gateway = await startGateway(
      { bookings: bookings.url, money: money.url, admin: admin.url }, // catalogue: nothing listening
      { timeouts: { money: 500 }, maxBodyBytes: 1024 * 1024, loginRateLimit: { max: 20, windowMs: 60_000 } },
    );
  });
  after(async () => {
    await gateway.close();
    await Promise.all([bookings, money, admin].map((s) => s.close()));
  });

  it('answers 503 naming the area for a service that is down while others keep working', async () => {
    const down = await fetch(`${gateway.url}/api/resources`);
    assert.equal(down.status, 503);
    assert.deepEqual(await down.json(), {
      message: 'Resources & pricing is unavailable right now. Please try again shortly.',
    });
    assert.equal((await fetch(`${gateway.url}/api/bookings`)).status, 200);
    assert.equal((await fetch(`${gateway.url}/api/invoices`)).status, 200);

    // Uploads to the missing service fail the same way, and the gateway stays healthy.
    const chunk = Buffer.alloc(64 * 1024, 7);
    for (const headers of [
      { 'transfer-encoding': 'chunked' },
      { 'content-length': String(8 * chunk.length) },
    ] as Array<Record<string, string>>) {
      const upload = await send(`${gateway.url}/api/resources/1/photo`, {
        headers: { 'content-type': 'application/octet-stream', ...headers },
        chunks: Array.from({ length: 8 }, () => chunk),
      });
      assert.equal(upload.status, 503);
      assert.match(JSON.parse(upload.body).message, /^Resources & pricing is unavailable/);
    }
    // The next request (on the same keep-alive agent) is served normally.
    const next = await send(`${gateway.url}/api/bookings`, { chunks: [chunk] });
    assert.equal(next.status, 200);
    assert.equal(JSON.parse(next.body).bytes, chunk.length);
  });

  it('answers 504 naming the area when a service is too slow, within its timeout', async () => {
    const started = performance.now();
    const res = await fetch(`${gateway.url}/api/invoices/slow`);
    const elapsed = performance.now() - started;
    assert.equal(res.status, 504);
    assert.deepEqual(await res.json(), {
      message: 'Invoices, deposits & quotations took too long to respond. Please try again.',
    });
    // undici's timers tick at about half a second; the production budgets are 10–15 s.
    assert.ok(elapsed >= 450 && elapsed < 2500, `took ${elapsed} ms`);
    // The same service still answers its other routes.
    assert.equal((await fetch(`${gateway.url}/api/invoices/1`)).status, 200);
  });

  it('relays an answer given before the upload finished, and keeps serving', async () => {
    const chunk = Buffer.alloc(64 * 1024, 3);
    for (let i = 0; i < 3; i++) {
      const res = await send(`${gateway.url}/api/payments/refuse`, {
        headers: { 'transfer-encoding': 'chunked' },
        chunks: Array.from({ length: 12 }, () => chunk),
      });
      assert.equal(res.status, 403);
      assert.deepEqual(JSON.parse(res.body), { message: 'No' });
    }
    assert.equal((await send(`${gateway.url}/api/payments`, { chunks: [chunk] })).status, 200);
  });

  it('rejects a declared oversized body with 413 before the service sees it', async () => {
    const count = bookings.requests.length;
    const res = await send(`${gateway.url}/api/bookings`, {
      headers: { 'content-type': 'application/octet-stream', 'content-length': 2 * 1024 * 1024 },
    });
    assert.equal(res.status, 413);
    assert.deepEqual(JSON.parse(res.body), { message: 'The request is too large. The limit is 1 MB.' });
    assert.equal(bookings.requests.length, count);
  });

  it('rejects a chunked body with 413 once it passes the limit', async () => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const res = await send(`${gateway.url}/api/bookings`, {
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      chunks: Array.from({ length: 24 }, () => chunk), // 1.5 MB
    });
    assert.equal(res.status, 413);
    assert.match(JSON.parse(res.body).message, /too large/);
    // A body under the limit still goes through.
    const ok = await send(`${gateway.url}/api/bookings`, {
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      chunks: Array.from({ length: 8 }, () => chunk),
    });
    assert.equal(ok.status, 200);
    assert.equal(JSON.parse(ok.body).bytes, 8 * 64 * 1024);
  });

  it('limits sign-in attempts per address with 429', async () => {
    const login = () =>
      fetch(`${gateway.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"a@b.c","password":"x"}',
      });
    for (let i = 0; i < 20; i++) assert.equal((await login()).status, 200, `attempt ${i + 1}`);
    const count = admin.requests.length;
    const limited = await login();
    assert.equal(limited.status, 429);
    const body = (await limited.json()) as { code: string; message: string };
    assert.equal(body.code, 'too-many-requests');
    assert.ok(body.message.length > 0);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal(admin.requests.length, count, 'the limited attempt never reached admin');
    // Other admin routes are not limited.
    assert.equal((await fetch(`${gateway.url}/api/users`)).status, 200);
  });

  it('never exposes internal endpoints', async () => {
    for (const path of [
      '/internal/principals/u1',
      '/internal',
      '/internal/events',
      '/api/users/internal/x',
      '/api/users/%69nternal/x',
      '/api/users/..%2F..%2Finternal%2Fprincipals%2Fu1',
    ]) {
      const res = await fetch(gateway.url + path);
      assert.ok(res.status === 404 || res.status === 400, `${path} → ${res.status}`);
      assert.ok(typeof ((await res.json()) as { message: string }).message === 'string');
    }
    assert.ok(!admin.requests.some((r) => r.url.includes('internal')));
  });
});
