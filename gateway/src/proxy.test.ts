import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import {
  fakeService,
  readBody,
  startGateway,
  testKeys,
  type FakeService,
  type RunningGateway,
} from './test-helpers.ts';

describe('proxying to services', () => {
  let gateway: RunningGateway;
  let catalogue: FakeService;
  let bookings: FakeService;
  let insights: FakeService;
  let admin: FakeService;
  let releaseExport: () => void = () => {};
  const exportReleased = new Promise<void>((r) => (releaseExport = r));
  const exportChunks = Array.from({ length: 128 }, () => randomBytes(64 * 1024)); // 8 MB
  let lastUpload = Buffer.alloc(0);
  let endlessClosed: () => void = () => {};
  const endlessStopped = new Promise<void>((r) => (endlessClosed = r));
  let uploadFirstChunk: () => void = () => {};
  const uploadStarted = new Promise<void>((r) => (uploadFirstChunk = r));

  before(async () => {
    await testKeys();
    catalogue = await fakeService('catalogue', (req, res) => {
      if (req.url !== '/api/ics/hop') return false;
      res.writeHead(200, { connection: 'x-up-hop', 'x-up-hop': 'private', 'x-kept': 'yes' }).end('ok');
      return true;
    });
    bookings = await fakeService('bookings');
    admin = await fakeService('admin', async (req, res) => {
      if (req.url !== '/api/files/upload') return false;
      // Hash the upload as it arrives; signal as soon as the first bytes are here.
      const hash = createHash('sha256');
      const parts: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of req) {
        if (bytes === 0) uploadFirstChunk();
        bytes += (chunk as Buffer).length;
        hash.update(chunk as Buffer);
        parts.push(chunk as Buffer);
      }
      lastUpload = Buffer.concat(parts);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ bytes, sha256: hash.digest('hex'), contentType: req.headers['content-type'] }),
      );
      return true;
    });
    insights = await fakeService('insights', async (req, res) => {
      if (req.url === '/api/reports/endless') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('tick\n'), 20);
        res.once('close', () => {
          clearInterval(timer);
          endlessClosed();
        });
        return true;
      }
      if (!req.url?.startsWith('/api/reports/export')) return false;
      res.writeHead(200, { 'content-type': 'text/csv', 'cache-control': 'no-store' });
      res.write('first-line\n');
      // The rest is only produced once the test has seen the first line through the gateway.
      await exportReleased;
      for (const chunk of exportChunks) {
        if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
      }
      res.end();
      return true;
    });
    gateway = await startGateway({
      catalogue: catalogue.url,
      bookings: bookings.url,
      insights: insights.url,
      admin: admin.url,
    });
  });
  after(async () => {
    await gateway.close();
    await Promise.all([catalogue, bookings, insights, admin].map((s) => s.close()));
  });

  it('routes by prefix, keeping method, path and query string', async () => {
    const res = await fetch(`${gateway.url}/api/resources/abc?type=hall&q=a%20b&tag=1&tag=2`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      service: 'catalogue',
      method: 'GET',
      url: '/api/resources/abc?type=hall&q=a%20b&tag=1&tag=2',
      bytes: 0,
    });

    const put = await fetch(`${gateway.url}/api/customers/42`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    assert.equal(put.status, 200);
    const body = (await put.json()) as { service: string; method: string };
    assert.equal(body.service, 'bookings');
    assert.equal(body.method, 'PUT');
    assert.equal(bookings.requests.at(-1)?.body.toString(), '{"name":"Ada"}');

    // A prefix must match a whole segment: /api/resourcesX belongs to nobody.
    const unknown = await fetch(`${gateway.url}/api/resourcesX`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { message: 'Not found' });
    const nowhere = await fetch(`${gateway.url}/api/nope/1`, { method: 'POST' });
    assert.equal(nowhere.status, 404);
    assert.equal(nowhere.headers.get('content-type'), 'application/json; charset=utf-8');
  });

  it('passes every set-cookie line and response header through', async () => {
    const res = await fetch(`${gateway.url}/api/pricing`);
    assert.deepEqual(res.headers.getSetCookie(), [
      'catalogue_a=1; Path=/; HttpOnly',
      'catalogue_b=2; Path=/api; SameSite=Strict',
    ]);
    assert.equal(res.headers.get('x-served-by'), 'catalogue');
  });

  it('sets x-forwarded-* from the connection, not from what the client claims', async () => {
    await fetch(`${gateway.url}/api/holidays`, {
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' },
    });
    const seen = catalogue.requests.at(-1)!.headers;
    assert.equal(seen['x-forwarded-for'], '127.0.0.1');
    assert.equal(seen['x-forwarded-proto'], 'http');
    assert.match(String(seen['x-forwarded-host']), /^127\.0\.0\.1:\d+$/);
  });

  it('drops hop-by-hop headers in both directions', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${gateway.url}/api/blockouts`, {
        headers: {
          connection: 'keep-alive, x-hop',
          'x-hop': 'secret',
          'keep-alive': 'timeout=5',
          te: 'trailers',
          'x-end': 'kept',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    assert.equal(status, 200);
    const seen = catalogue.requests.at(-1)!.headers;
    assert.equal(seen['x-hop'], undefined);
    assert.equal(seen['te'], undefined);
    assert.equal(seen['x-end'], 'kept');

    const res = await fetch(`${gateway.url}/api/ics/hop`);
    assert.equal(await res.text(), 'ok');
    assert.equal(res.headers.get('x-up-hop'), null);
    assert.equal(res.headers.get('x-kept'), 'yes');
  });

  it('echoes a sane incoming request id, forwards it and logs it', async () => {
    const res = await fetch(`${gateway.url}/api/addons`, { headers: { 'x-request-id': 'lb-trace-123' } });
    assert.equal(res.headers.get('x-request-id'), 'lb-trace-123');
    assert.equal(catalogue.requests.at(-1)!.headers['x-request-id'], 'lb-trace-123');
    // The request line is logged once the response has finished, which the client may see first.
    const logged = () =>
      gateway.logs.some(
        (l) =>
          l.requestId === 'lb-trace-123' &&
          l.path === '/api/addons' &&
          l.status === 200 &&
          l.service === 'catalogue',
      );
    for (let i = 0; i < 50 && !logged(); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(logged());
  });

  it('generates a request id when there is none or it is not sane', async () => {
    const none = await fetch(`${gateway.url}/api/addons`);
    const generated = none.headers.get('x-request-id');
    assert.match(generated ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(catalogue.requests.at(-1)!.headers['x-request-id'], generated);

    const bad = await fetch(`${gateway.url}/api/addons`, { headers: { 'x-request-id': 'a b<script>' } });
    assert.match(bad.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    // Gateway-made errors carry one too.
    const missing = await fetch(`${gateway.url}/api/unknown`);
    assert.match(missing.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('streams a large response instead of buffering it', async () => {
    const res = await fetch(`${gateway.url}/api/reports/export?format=csv`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv');
    const reader = res.body!.getReader();
    // The upstream has not produced the rest yet: only a streaming gateway can hand this over.
    const first = await reader.read();
    assert.equal(Buffer.from(first.value!).toString().slice(0, 11), 'first-line\n');
    releaseExport();
    const hash = createHash('sha256').update(Buffer.from(first.value!).subarray(11));
    let bytes = first.value!.length - 11;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hash.update(value);
      bytes += value.length;
    }
    const expected = createHash('sha256');
    exportChunks.forEach((c) => expected.update(c));
    assert.equal(bytes, 128 * 64 * 1024);
    assert.equal(hash.digest('hex'), expected.digest('hex'));
  });

  it('stops the upstream response when the browser goes away', async () => {
    const abort = new AbortController();
    const res = await fetch(`${gateway.url}/api/reports/endless`, { signal: abort.signal });
    const reader = res.body!.getReader();
    assert.match(Buffer.from((await reader.read()).value!).toString(), /tick/);
    abort.abort();
    const stopped = await Promise.race([
      endlessStopped.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 3000)),
    ]);
    assert.equal(stopped, true, 'the service saw its response cut off');
  });

  it('answers HEAD with the upstream headers and no body', async () => {
    const res = await fetch(`${gateway.url}/api/resources`, { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-served-by'), 'catalogue');
    assert.equal(await res.text(), '');
    assert.equal(catalogue.requests.at(-1)?.method, 'HEAD');
  });

  it('streams a large chunked upload to the service as it arrives', async () => {
    const chunks = Array.from({ length: 96 }, () => randomBytes(64 * 1024)); // 6 MB
    const result = await new Promise<{ status: number; body: { bytes: number; sha256: string } }>(
      (resolve, reject) => {
        const req = request(`${gateway.url}/api/files/upload`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
        });
        req.on('response', async (res) => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse((await readBody(res)).toString()) });
        });
        req.on('error', reject);
        req.write(chunks[0]);
        // The rest is sent only after the service has received the first chunk.
        void uploadStarted.then(() => {
          for (const c of chunks.slice(1)) req.write(c);
          req.end();
        });
      },
    );
    const expected = createHash('sha256');
    chunks.forEach((c) => expected.update(c));
    assert.equal(result.status, 201);
    assert.equal(result.body.bytes, 96 * 64 * 1024);
    assert.equal(result.body.sha256, expected.digest('hex'));
  });

  it('passes multipart uploads through untouched', async () => {
    const file = randomBytes(300 * 1024);
    const form = new FormData();
    form.append('kind', 'insurance');
    form.append('file', new Blob([file], { type: 'application/pdf' }), 'certificate.pdf');
    const res = await fetch(`${gateway.url}/api/files/upload`, { method: 'POST', body: form });
    assert.equal(res.status, 201);
    const body = (await res.json()) as { bytes: number; contentType: string };
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(body.contentType)?.[1];
    assert.ok(boundary, body.contentType);
    assert.ok(lastUpload.includes(`--${boundary}`));
    assert.ok(lastUpload.includes('filename="certificate.pdf"'));
    assert.ok(lastUpload.includes(file), 'file bytes arrive unchanged');
  });
});
