import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drain } from './drain.ts';

function slowServer(delayMs: number) {
  const server = createServer((_req, res) => {
    setTimeout(() => res.end('done'), delayMs);
  });
  return new Promise<{ server: typeof server; url: string }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('gateway drain on stop', () => {
  it('answers the request in flight, then refuses new connections', async () => {
    const { server, url } = await slowServer(400);
    const inFlight = fetch(url);
    await new Promise((r) => setTimeout(r, 50)); // the request has reached the server
    const started = Date.now();
    const drained = drain(server, 4000);
    const res = await inFlight;
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'done');
    await drained;
    assert.ok(Date.now() - started < 2000, 'drained as soon as the request was answered');
    await assert.rejects(fetch(url), 'no new connections after the drain');
  });

  it('cuts a request that outlasts the grace period', async () => {
    const { server, url } = await slowServer(10_000);
    const inFlight = fetch(url).then(
      (r) => r.status,
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await drain(server, 300);
    assert.ok(Date.now() - started < 2000);
    assert.equal(await inFlight, 'cut');
  });
});
