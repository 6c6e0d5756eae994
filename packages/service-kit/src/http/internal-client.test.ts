import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import type { InternalCallError } from './internal-client.ts';
import { setEnv } from '../testing/env.ts';
import { startStandIn, type StandIn, type StandInAnswer } from '../testing/stand-in.ts';
import { callService, callServiceBytes, requestScope } from './internal-client.ts';

/** A stand-in service whose answers each test scripts; it records what reached it. */
describe('callService, the one internal client', () => {
  let peer: StandIn;
  let answers: Array<StandInAnswer> = [];
  const ok = z.object({ name: z.string() });

  // The kit's other test files run in this process after it (decision 70): both put back after.
  let restoreEnv = () => {};
  before(async () => {
    restoreEnv = setEnv({ INTERNAL_SECRET: 'kit-internal-secret', PEER_URL: undefined });
    peer = await startStandIn(() => {
      const next = answers.shift() ?? { status: 200, body: '{"name":"default"}' };
      return { ...next, headers: { 'content-type': 'application/json', ...next.headers } };
    });
    process.env.PEER_URL = peer.url;
  });
  after(async () => {
    restoreEnv();
    await peer.close();
  });
  beforeEach(() => {
    answers = [];
    peer.seen.length = 0;
  });

  it('sends the internal secret and the request id of the request it serves, and checks the answer', async () => {
    answers = [{ status: 200, body: '{"name":"Hall","extra":1}' }];
    const got = await requestScope.run({ requestId: 'req-1234-abcd' }, () =>
      callService({ service: 'peer', path: '/internal/thing', response: ok }),
    );
    assert.deepEqual(got, { name: 'Hall' });
    assert.equal(peer.seen[0]?.headers['x-venue-internal'], 'kit-internal-secret');
    assert.equal(peer.seen[0]?.headers['x-request-id'], 'req-1234-abcd');
  });

  it('retries an idempotent call the other service could not serve, but never a plain POST', async () => {
    answers = [
      { status: 503, body: '{}' },
      { status: 200, body: '{"name":"second try"}' },
    ];
    assert.deepEqual(await callService({ service: 'peer', path: '/x', response: ok }), {
      name: 'second try',
    });
    assert.equal(peer.seen.length, 2);

    peer.seen.length = 0;
    answers = [{ status: 503, body: '{}' }];
    await assert.rejects(
      callService({ service: 'peer', method: 'POST', path: '/x', body: { a: 1 }, response: ok }),
      (e: InternalCallError) => e.kind === 'status' && e.status === 503,
    );
    assert.equal(peer.seen.length, 1, 'a POST that may have done its work is not repeated');
    assert.equal(peer.seen[0]?.body, '{"a":1}');
  });

  it('maps each failure once: a refusal keeps its status, a broken answer is invalid, silence times out', async () => {
    answers = [{ status: 404, body: '{"message":"none"}' }];
    await assert.rejects(
      callService({ service: 'peer', path: '/missing', response: ok }),
      (e: InternalCallError) =>
        e.kind === 'status' &&
        e.status === 404 &&
        /peer: answered 404/.test(e.message) &&
        // the refusal's reason reaches the caller, to pass on rather than guess
        (e.body as { message?: string }).message === 'none',
    );
    assert.equal(peer.seen.length, 1, 'a 404 is an answer, not a reason to retry');

    answers = [{ status: 200, body: '{"name":42}' }];
    await assert.rejects(
      callService({ service: 'peer', path: '/x', response: ok }),
      (e: InternalCallError) => e.kind === 'invalid' && /at name/.test(e.message),
    );

    answers = [{ status: 200, body: '{"name":"late"}', delayMs: 500 }];
    await assert.rejects(
      callService({ service: 'peer', path: '/slow', response: ok, timeoutMs: 100, retries: 0 }),
      (e: InternalCallError) => e.kind === 'timeout',
    );
  });

  it('answers a file as bytes with its name, and refuses an answer of another type', async () => {
    answers = [
      { status: 503, body: '' },
      {
        status: 200,
        body: '%PDF-1.3 INV-2026-00001',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="INV-2026-00001.pdf"',
        },
      },
    ];
    const got = await callServiceBytes({
      service: 'peer',
      path: '/internal/x/pdf',
      contentType: 'application/pdf',
    });
    assert.equal(got.bytes.toString('latin1'), '%PDF-1.3 INV-2026-00001');
    assert.equal(got.filename, 'INV-2026-00001.pdf');
    assert.equal(got.contentType, 'application/pdf');
    assert.equal(peer.seen.length, 2, 'a busy answer is retried like any idempotent call');
    assert.equal(peer.seen[1]?.headers.accept, 'application/pdf');
    assert.equal(peer.seen[1]?.headers['x-venue-internal'], 'kit-internal-secret');

    answers = [{ status: 200, body: '{"message":"not a file"}' }];
    await assert.rejects(
      callServiceBytes({ service: 'peer', path: '/internal/x/pdf', contentType: 'application/pdf' }),
      (e: InternalCallError) => e.kind === 'invalid' && /application\/json/.test(e.message),
    );
    answers = [{ status: 404, body: '{}' }];
    await assert.rejects(
      callServiceBytes({ service: 'peer', path: '/internal/x/pdf', contentType: 'application/pdf' }),
      (e: InternalCallError) => e.kind === 'status' && e.status === 404,
    );
  });

  it("goes to the calling service's own peers before <NAME>_URL", async () => {
    const was = process.env.PEER_URL;
    process.env.PEER_URL = 'http://127.0.0.1:9'; // nothing listens
    try {
      const got = await requestScope.run({ peers: { peer: was } }, () =>
        callService({ service: 'peer', path: '/internal/thing', response: ok }),
      );
      assert.deepEqual(got, { name: 'default' });
      assert.equal(peer.seen.length, 1);
    } finally {
      process.env.PEER_URL = was;
    }
  });

  it('says the service is unreachable when nothing listens', async () => {
    process.env.NOBODY_URL = 'http://127.0.0.1:9';
    await assert.rejects(
      callService({ service: 'nobody', path: '/x', response: ok, retries: 1 }),
      (e: InternalCallError) => e.kind === 'unreachable' && e.service === 'nobody',
    );
  });
});

describe('serviceUrl with replicas', () => {
  it('takes the replicas of <NAME>_URL in turn, so a retry asks the next one', async () => {
    const { serviceUrl, serviceUrls } = await import('../events/service-urls.ts');
    process.env.TWIN_URL = 'http://a:1/, http://b:2';
    assert.deepEqual(serviceUrls('twin'), ['http://a:1', 'http://b:2']);
    assert.deepEqual(
      [serviceUrl('twin'), serviceUrl('twin'), serviceUrl('twin')],
      ['http://a:1', 'http://b:2', 'http://a:1'],
    );
  });

  it('retries an idempotent call on the other replica when one is down', async () => {
    const { createServer } = await import('node:http');
    const up = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"up"}'),
    );
    await new Promise<void>((r) => up.listen(0, '127.0.0.1', () => r()));
    try {
      process.env.PAIR_URL = `http://127.0.0.1:9,http://127.0.0.1:${(up.address() as { port: number }).port}`;
      for (let i = 0; i < 4; i++) {
        assert.deepEqual(
          await callService({ service: 'pair', path: '/x', response: z.object({ name: z.string() }) }),
          { name: 'up' },
        );
      }
    } finally {
      await new Promise<void>((r) => up.close(() => r()));
    }
  });
});
