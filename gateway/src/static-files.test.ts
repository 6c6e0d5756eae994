import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { readBody, startGateway, testKeys, type RunningGateway } from './test-helpers.ts';
import { isContentHashed } from './static-files.ts';

const INDEX =
  '<!doctype html><html><head><script defer src="/main.3f2a9c1b.js"></script></head><body><div id="root"></div></body></html>';
const BIG_JS =
  'export const rows = [' + Array.from({ length: 2000 }, (_, i) => `"row ${i}"`).join(',') + '];\n';

describe('static bundles', () => {
  let root: string;
  let gateway: RunningGateway;

  before(async () => {
    await testKeys();
    root = mkdtempSync(join(tmpdir(), 'gateway-static-'));
    const files: Record<string, string> = {
      'shell/dist/index.html': INDEX,
      'shell/dist/main.3f2a9c1b.js': BIG_JS,
      'shell/dist/styles.0a1b2c3d4e.css': 'body{margin:0}',
      'shell/dist/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'shell/dist/mf-manifest.json': '{"name":"shell"}',
      'mfe-bookings/dist/remoteEntry.js': 'var bookings;',
      'mfe-bookings/dist/mf-manifest.json': '{"name":"bookings"}',
      'mfe-bookings/dist/src_Calendar_tsx.9f8e7d6c.js': 'calendar();',
      'mfe-bookings/dist/static/logo.png': 'PNG',
      'secret.txt': 'do not serve',
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    gateway = await startGateway({}, { staticRoot: root });
  });
  after(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(gateway.url + path, { headers });

  it('recognises content-hashed file names', () => {
    assert.equal(isContentHashed('main.3f2a9c1b.js'), true);
    assert.equal(isContentHashed('src_Calendar_tsx.9f8e7d6c.js'), true);
    assert.equal(isContentHashed('main.3f2a9c1b.js.map'), true);
    assert.equal(isContentHashed('remoteEntry.js'), false);
    assert.equal(isContentHashed('mf-manifest.json'), false);
    assert.equal(isContentHashed('index.html'), false);
    assert.equal(isContentHashed('3f2a9c1b.js'), false); // a bare chunk id is not a content hash
    assert.equal(isContentHashed('vendor.3f2a9c.js'), false); // too short to be trusted
  });

  it('caches hashed files forever and makes entry points revalidate', async () => {
    const hashed = await get('/main.3f2a9c1b.js');
    assert.equal(hashed.status, 200);
    assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(hashed.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(await hashed.text(), BIG_JS);

    const chunk = await get('/mfe/bookings/src_Calendar_tsx.9f8e7d6c.js');
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(await chunk.text(), 'calendar();');

    for (const [path, type] of [
      ['/', 'text/html; charset=utf-8'],
      ['/index.html', 'text/html; charset=utf-8'],
      ['/mfe/bookings/remoteEntry.js', 'text/javascript; charset=utf-8'],
      ['/mfe/bookings/mf-manifest.json', 'application/json; charset=utf-8'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/mfe/bookings/static/logo.png', 'image/png'],
    ] as const) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('cache-control'), 'no-cache', path);
      assert.equal(res.headers.get('content-type'), type, path);
      await res.arrayBuffer();
    }
    assert.equal(await (await get('/mfe/bookings/remoteEntry.js')).text(), 'var bookings;');
  });

  it('answers HEAD with the headers of the file and no body', async () => {
    const res = await fetch(gateway.url + '/mfe/bookings/remoteEntry.js', { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-length'), String('var bookings;'.length));
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.equal(await res.text(), '');
  });

  it('answers 304 to a revalidation of an unchanged file', async () => {
    const first = await get('/mfe/bookings/remoteEntry.js');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    // node:http rather than fetch: fetch adds `cache-control: no-cache` to conditional requests (a forced reload).
    const revalidate = (tag: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request(
          gateway.url + '/mfe/bookings/remoteEntry.js',
          { headers: { 'if-none-match': tag } },
          async (r) => {
            resolve({ status: r.statusCode ?? 0, body: (await readBody(r)).toString() });
          },
        )
          .on('error', reject)
          .end();
      });
    assert.deepEqual(await revalidate(etag), { status: 304, body: '' });
    assert.equal((await revalidate('W/"other"')).status, 200);
  });

  it('gzips text bundles for clients that accept it', async () => {
    const res = await fetch(gateway.url + '/main.3f2a9c1b.js', { headers: { 'accept-encoding': 'gzip' } });
    // fetch decodes transparently; check the wire encoding and the decoded content.
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    assert.equal(await res.text(), BIG_JS);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      request(gateway.url + '/main.3f2a9c1b.js', { headers: { 'accept-encoding': 'gzip' } }, async (r) => {
        const chunks: Buffer[] = [];
        for await (const c of r) chunks.push(c as Buffer);
        resolve(Buffer.concat(chunks));
      })
        .on('error', reject)
        .end();
    });
    assert.ok(raw.length < BIG_JS.length / 2);
    assert.equal(gunzipSync(raw).toString(), BIG_JS);
  });

  it('falls back to the shell for app routes, but not for missing assets or remotes', async () => {
    for (const path of ['/BookingsAll', '/bookings/123/edit', '/Invoices?status=paid']) {
      const res = await get(path, { accept: 'text/html,application/xhtml+xml' });
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
      assert.equal(await res.text(), INDEX, path);
    }
    const missingAsset = await get('/missing.4a5b6c7d.js', { accept: '*/*' });
    assert.equal(missingAsset.status, 404);
    const missingRemoteChunk = await get('/mfe/bookings/gone.12345678.js', { accept: 'text/html' });
    assert.equal(missingRemoteChunk.status, 404);
    const unknownRemote = await get('/mfe/nope/remoteEntry.js');
    assert.equal(unknownRemote.status, 404);
  });

  it('never serves files outside the bundle folders', async () => {
    for (const path of [
      '/..%2Fsecret.txt',
      '/mfe/bookings/..%2F..%2Fsecret.txt',
      '/%2e%2e/secret.txt',
      '/mfe/..%2Fsecret.txt',
    ]) {
      const res = await get(path, { accept: '*/*' });
      assert.notEqual(await res.text(), 'do not serve', path);
    }
  });

  it('sends security headers with a CSP the app can run under', async () => {
    const res = await get('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /style-src 'self' 'unsafe-inline'/);
    assert.match(csp, /img-src 'self' data: blob:/);
    assert.match(csp, /object-src 'none'/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(res.headers.get('strict-transport-security'));
    assert.equal(res.headers.get('x-powered-by'), null);
  });

  it('blocks /internal/* from the origin', async () => {
    for (const path of ['/internal/principals/u1', '/internal']) {
      const res = await get(path, { accept: 'text/html' });
      assert.equal(res.status, 404, path);
      assert.deepEqual(await res.json(), { message: 'Not found' });
    }
  });
});
