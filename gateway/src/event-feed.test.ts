import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { VerifiedClaims } from '@venue/contracts';
import { skipWithoutNats, TEST_NATS_URL as NATS_URL } from '@venue/service-kit/testing';
import { startNatsFeed } from './event-feed.ts';
import { LookupFailure, PrincipalCache } from './principal-cache.ts';

const envelope = (type: string, data: unknown) => ({
  id: randomUUID(),
  type,
  source: 'admin',
  tenantId: null,
  occurredAt: new Date().toISOString(),
  data,
});

function claims(sid: string, pv = 1): VerifiedClaims {
  const now = Math.floor(Date.now() / 1000);
  return { sub: 'u1', role: 'hall_owner', tid: 'u1', pv, sid, iat: now, exp: now + 600 };
}

/** A cache whose admin never answers: only events can tell it anything. */
const deafCache = () =>
  new PrincipalCache({
    lookup: async () => {
      throw new LookupFailure('down', 'no admin in this test');
    },
    retryAfterMs: 0,
  });

describe("admin's events over NATS JetStream", async () => {
  const skip = await skipWithoutNats('the gateway feed test');

  it('every gateway replica sees every event, including those from before it started', { skip }, async () => {
    const { connect } = await import('@nats-io/transport-node');
    const { jetstream, jetstreamManager } = await import('@nats-io/jetstream');
    const run = randomUUID().slice(0, 8);
    const stream = `GATEWAY_FEED_${run}`;
    const prefix = `gwtest_${run}.events`;
    const nc = await connect({ servers: NATS_URL });
    const jsm = await jetstreamManager(nc);
    // The services' relays create the stream; here the test does.
    await jsm.streams.add({ name: stream, subjects: [`${prefix}.>`] });
    const js = jetstream(nc);
    const publish = (type: string, data: unknown) =>
      js.publish(`${prefix}.${type}`, JSON.stringify(envelope(type, data)));
    const log = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
    const replicas = [deafCache(), deafCache()];
    const feeds: Array<{ close(): Promise<void> }> = [];
    try {
      // Published while no gateway was listening: a (re)started replica still learns of it.
      await publish('session.ended', {
        userId: 'u1',
        tenantId: 'u1',
        sessionIds: ['early'],
        reason: 'signed_out',
      });
      for (const cache of replicas)
        feeds.push(startNatsFeed({ url: NATS_URL, stream, subjectPrefix: prefix }, cache, log));
      await publish('session.ended', {
        userId: 'u1',
        tenantId: 'u1',
        sessionIds: ['late'],
        reason: 'deleted',
      });
      await publish('principal.changed', { userId: 'u1', tenantId: 'u1', tokenVersion: 2 });
      await publish('audit.recorded', { action: 'not for the gateway' });

      const deadline = Date.now() + 5000;
      for (const cache of replicas) {
        for (;;) {
          const early = await cache.resolve(claims('early'));
          const late = await cache.resolve(claims('late'));
          const stale = await cache.resolve(claims('other'));
          if (early.kind === 'ended' && late.kind === 'ended' && stale.kind === 'stale') {
            assert.deepEqual(
              [early, late],
              [
                { kind: 'ended', reason: 'signed_out' },
                { kind: 'ended', reason: 'deleted' },
              ],
            );
            break;
          }
          assert.ok(
            Date.now() < deadline,
            `replica did not hear the events: ${JSON.stringify([early, late, stale])}`,
          );
          await new Promise((ok) => setTimeout(ok, 50));
        }
      }
    } finally {
      await Promise.all(feeds.map((f) => f.close()));
      await jsm.streams.delete(stream).catch(() => {});
      await nc.close();
    }
  });
});
