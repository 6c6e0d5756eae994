import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startGateway, testKeys, type RunningGateway } from './test-helpers.ts';

/**
 * The runtime configuration of the remotes (decision 41): what the gateway lists follows the
 * release folders and current.json files on disk, request by request, with no restart.
 */
const V1 = '0.1.0-aaaaaaaaaa';
const V2 = '0.1.0-bbbbbbbbbb';

describe('GET /mfe/remotes.json and versioned remote folders', () => {
  let root: string;
  let gateway: RunningGateway;

  const write = (path: string, content: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  const release = (remote: string, version: string) => {
    write(`mfe-${remote}/dist/${version}/mf-manifest.json`, `{"name":"${remote}","v":"${version}"}`);
    write(`mfe-${remote}/dist/${version}/remoteEntry.js`, `var ${remote} = "${version}";`);
    write(`mfe-${remote}/dist/${version}/__federation_expose_App.0a1b2c3d.js`, `app("${version}");`);
  };
  const activate = (remote: string, version: string, shared: Record<string, string> = {}) =>
    write(
      `mfe-${remote}/dist/current.json`,
      JSON.stringify({ name: remote, version, builtAt: new Date().toISOString(), shared }),
    );
  const config = async () => {
    const res = await fetch(`${gateway.url}/mfe/remotes.json`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    return (await res.json()) as { remotes: Array<Record<string, unknown>> };
  };

  before(async () => {
    await testKeys();
    root = mkdtempSync(join(tmpdir(), 'gateway-remotes-'));
    write('shell/dist/index.html', '<!doctype html><title>shell</title>');
    release('catalogue', V1);
    activate('catalogue', V1, { '@venue/ui': '^1.0.0', react: '^19.2.0' });
    // a bundle built before versioned releases: served where it always was
    write('mfe-comms/dist/mf-manifest.json', '{"name":"comms"}');
    write('mfe-comms/dist/remoteEntry.js', 'var comms;');
    gateway = await startGateway({}, { staticRoot: root });
  });
  after(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists each remote’s current release with the shared versions it needs', async () => {
    assert.deepEqual(await config(), {
      remotes: [
        {
          name: 'catalogue',
          version: V1,
          entry: `/mfe/catalogue/${V1}/mf-manifest.json`,
          shared: { '@venue/ui': '^1.0.0', react: '^19.2.0' },
        },
        { name: 'comms', version: null, entry: '/mfe/comms/mf-manifest.json', shared: {} },
      ],
    });
  });

  it('picks up a new release on the next request and keeps serving the old one', async () => {
    release('catalogue', V2);
    activate('catalogue', V2, { '@venue/ui': '^2.0.0' });
    const { remotes } = await config();
    assert.deepEqual(remotes[0], {
      name: 'catalogue',
      version: V2,
      entry: `/mfe/catalogue/${V2}/mf-manifest.json`,
      shared: { '@venue/ui': '^2.0.0' },
    });
    // a page opened before the switch still loads its chunks from the version it started with
    const old = await fetch(`${gateway.url}/mfe/catalogue/${V1}/__federation_expose_App.0a1b2c3d.js`);
    assert.equal(await old.text(), `app("${V1}");`);
    // everything in a release folder is immutable, its entry files included (the name is a content hash)
    const entry = await fetch(`${gateway.url}/mfe/catalogue/${V2}/remoteEntry.js`);
    assert.equal(entry.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(await entry.text(), `var catalogue = "${V2}";`);
    // an unversioned path means the current release, revalidated
    const legacy = await fetch(`${gateway.url}/mfe/catalogue/remoteEntry.js`);
    assert.equal(legacy.headers.get('cache-control'), 'no-cache');
    assert.equal(await legacy.text(), `var catalogue = "${V2}";`);
    activate('catalogue', V1, { '@venue/ui': '^1.0.0', react: '^19.2.0' });
    assert.equal((await config()).remotes[0]?.version, V1);
  });

  it('answers 304 to a revalidation of an unchanged list', async () => {
    const first = await fetch(`${gateway.url}/mfe/remotes.json`);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    await first.arrayBuffer();
    // node:http rather than fetch: fetch adds `cache-control: no-cache` to conditional requests.
    const status = await new Promise<number>((resolve, reject) => {
      request(`${gateway.url}/mfe/remotes.json`, { headers: { 'if-none-match': etag } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    assert.equal(status, 304);
  });

  it('leaves out a release it cannot trust: a bad version, a missing folder, broken JSON', async () => {
    for (const [remote, body] of [
      ['money', JSON.stringify({ name: 'money', version: '../../secret' })],
      ['admin', JSON.stringify({ name: 'admin', version: '0.1.0-cccccccccc' })], // folder not there
      ['bookings', '{not json'],
    ] as const)
      write(`mfe-${remote}/dist/current.json`, body);
    write('mfe-bookings/dist/0.1.0-dddddddddd/mf-manifest.json', '{}');
    const names = (await config()).remotes.map((r) => r.name);
    assert.deepEqual(names, ['catalogue', 'comms']);
    // once fixed, the next request lists it (the cache follows the file)
    write(
      'mfe-bookings/dist/current.json',
      JSON.stringify({
        name: 'bookings',
        version: '0.1.0-dddddddddd',
        shared: { react: 19, '@venue/ui': '^1.0.0' },
      }),
    );
    const bookings = (await config()).remotes.find((r) => r.name === 'bookings');
    assert.deepEqual(bookings?.shared, { '@venue/ui': '^1.0.0' });
  });

  it('takes no input: a query string changes nothing, other methods are 404', async () => {
    const plain = await (await fetch(`${gateway.url}/mfe/remotes.json`)).text();
    const odd = await fetch(`${gateway.url}/mfe/remotes.json?name=%00${'x'.repeat(5000)}`);
    assert.equal(odd.status, 200);
    assert.equal(await odd.text(), plain);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${gateway.url}/mfe/remotes.json`, { method, body: '{}' });
      assert.equal(res.status, 404, method);
      await res.arrayBuffer();
    }
  });

  it('never serves a staging folder or the build stamp', async () => {
    write('mfe-catalogue/dist/.staging-123/remoteEntry.js', 'half a build');
    write('mfe-catalogue/dist/.build-stamp', 'hash');
    for (const path of ['/mfe/catalogue/.staging-123/remoteEntry.js', '/mfe/catalogue/.build-stamp']) {
      const res = await fetch(gateway.url + path);
      assert.equal(res.status, 404, path);
      await res.arrayBuffer();
    }
  });

  it('compresses the list once it is over 1 kB, for clients that accept it (issue 27 item 6)', async () => {
    for (const name of ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel']) {
      release(name, V1);
      activate(name, V1, { '@venue/ui': '^1.0.0', react: '^19.2.0', 'react-dom': '^19.2.0' });
    }
    const get = (headers: Record<string, string>) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          request(`${gateway.url}/mfe/remotes.json`, { headers }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () =>
              resolve({
                encoding: r.headers['content-encoding'],
                vary: r.headers.vary,
                body: Buffer.concat(chunks),
              }),
            );
          })
            .on('error', reject)
            .end();
        },
      );
    const plain = await get({});
    assert.equal(plain.encoding, undefined);
    assert.ok(plain.body.length > 1024, `the list is ${plain.body.length} bytes`);
    const zipped = await get({ 'accept-encoding': 'gzip' });
    assert.equal(zipped.encoding, 'gzip');
    assert.match(zipped.vary ?? '', /Accept-Encoding/i);
    assert.ok(zipped.body.length < plain.body.length / 2);
    assert.deepEqual(
      JSON.parse(gunzipSync(zipped.body).toString('utf8')),
      JSON.parse(plain.body.toString('utf8')),
    );
    const br = await get({ 'accept-encoding': 'br, gzip' });
    assert.equal(br.encoding, 'br');
    assert.deepEqual(
      JSON.parse(brotliDecompressSync(br.body).toString('utf8')),
      JSON.parse(plain.body.toString('utf8')),
    );
  });
});
