import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { API_ROUTE_TABLES } from '@venue/contracts/openapi';
import { startGateway, testKeys, type RunningGateway } from './test-helpers.ts';

describe('API reference (/api/openapi.json, /api/docs)', () => {
  let gateway: RunningGateway;

  before(async () => {
    await testKeys();
    gateway = await startGateway({});
  });
  after(() => gateway.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(gateway.url + path, { headers });

  it('serves the OpenAPI 3.1 document without a sign-in, cached by ETag', async () => {
    const res = await get('/api/openapi.json');
    // hundreds of kB of JSON: compressed like a service's answer (issue 27 item 6)
    assert.match(res.headers.get('content-encoding') ?? '', /^(br|gzip)$/);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(doc.paths['/api/bookings/{id}']?.get, 'a booking by id is documented');
    const etag = res.headers.get('etag');
    assert.ok(etag);
    const again = await get('/api/openapi.json', { 'If-None-Match': etag });
    assert.equal(again.status, 304);
  });

  it('renders a reference page that names every call, with its scripts from this origin only', async () => {
    const res = await get('/api/docs');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    const html = await res.text();
    for (const route of API_ROUTE_TABLES.flat()) {
      assert.ok(
        html.includes(`<code>${route.method.toUpperCase()}</code></td><td><code>${route.path}</code>`),
        `${route.method.toUpperCase()} ${route.path} is listed`,
      );
    }
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    assert.deepEqual(scripts, ['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/docs.js']);
    assert.doesNotMatch(html, /https?:\/\/(?!localhost)/, 'nothing is loaded from another origin');
    for (const src of [...scripts, '/api/docs/assets/swagger-ui.css', '/api/docs/assets/docs.css']) {
      const asset = await get(src);
      assert.equal(asset.status, 200, src);
      assert.ok((await asset.arrayBuffer()).byteLength > 100, `${src} has content`);
    }
    const init = await (await get('/api/docs/assets/docs.js')).text();
    assert.match(init, /validatorUrl: null/);
  });

  it('serves nothing else from the assets folder', async () => {
    const res = await get('/api/docs/assets/package.json');
    assert.equal(res.status, 404);
    const traversal = await get('/api/docs/assets/..%2F..%2Fpackage.json');
    assert.notEqual(traversal.status, 200);
  });
});
