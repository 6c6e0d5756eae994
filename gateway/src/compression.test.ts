import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  fakeService,
  startGateway,
  testKeys,
  type FakeService,
  type RunningGateway,
} from './test-helpers.ts';

/** A raw GET (fetch would decode the body and hide what travelled). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('gateway compression of API answers', () => {
  let gateway: RunningGateway;
  let catalogue: FakeService;
  const big = JSON.stringify({
    resources: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Hall ${i}` })),
  });

  before(async () => {
    await testKeys();
    catalogue = await fakeService('catalogue', (req, res) => {
      if (req.url === '/api/holidays/big') {
        res
          .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) })
          .end(big);
      } else if (req.url === '/api/holidays/streamed') {
        // No declared length (an export, a feed): compressed as it streams, chunk by chunk.
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(big.slice(0, 5000));
        setTimeout(() => res.end(big.slice(5000)), 20);
      } else if (req.url === '/api/holidays/small') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 }).end('{"ok":true}');
      } else if (req.url === '/api/holidays/image') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': 4096 }).end(Buffer.alloc(4096));
      } else return false;
      return true;
    });
    gateway = await startGateway({ catalogue: catalogue.url });
  });
  after(async () => {
    await gateway.close();
    await catalogue.close();
  });

  it('brotli when the client accepts it, the same JSON after decoding', async () => {
    const r = await rawGet(`${gateway.url}/api/holidays/big`, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-encoding'], 'br');
    assert.match(String(r.headers.vary), /Accept-Encoding/);
    // read whole and compressed in one call: its compressed length is declared
    assert.equal(Number(r.headers['content-length']), r.body.length);
    assert.ok(r.body.length < Buffer.byteLength(big) / 4, `${r.body.length} bytes on the wire`);
    assert.equal(brotliDecompressSync(r.body).toString(), big);
  });

  it('an answer of unknown length is compressed as it streams', async () => {
    for (const coding of ['br', 'gzip']) {
      const r = await rawGet(`${gateway.url}/api/holidays/streamed`, { 'accept-encoding': coding });
      assert.equal(r.headers['content-encoding'], coding);
      assert.equal(r.headers['content-length'], undefined);
      assert.equal(r.headers['transfer-encoding'], 'chunked');
      const decoded = coding === 'br' ? brotliDecompressSync(r.body) : gunzipSync(r.body);
      assert.equal(decoded.toString(), big);
    }
  });

  it('gzip when that is all the client takes', async () => {
    const r = await rawGet(`${gateway.url}/api/holidays/big`, { 'accept-encoding': 'gzip' });
    assert.equal(r.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(r.body).toString(), big);
  });

  it('as it is without Accept-Encoding, for small answers and for images', async () => {
    const plain = await rawGet(`${gateway.url}/api/holidays/big`, {});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), big);
    const small = await rawGet(`${gateway.url}/api/holidays/small`, { 'accept-encoding': 'br' });
    assert.equal(small.headers['content-encoding'], undefined);
    const image = await rawGet(`${gateway.url}/api/holidays/image`, { 'accept-encoding': 'br' });
    assert.equal(image.headers['content-encoding'], undefined);
    assert.equal(image.body.length, 4096);
  });

  it('honours q=0', async () => {
    const r = await rawGet(`${gateway.url}/api/holidays/big`, { 'accept-encoding': 'br;q=0, gzip' });
    assert.equal(r.headers['content-encoding'], 'gzip');
  });
});
