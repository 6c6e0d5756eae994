import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SlidingWindowLimiter } from './rate-limit.ts';
import {
  fakeService,
  startGateway,
  testKeys,
  type FakeService,
  type RunningGateway,
} from './test-helpers.ts';

describe('sliding window limiter', () => {
  it('allows max hits per window per key, then frees slots as old hits age out', () => {
    const limiter = new SlidingWindowLimiter({ max: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    assert.equal(limiter.hit('a', t0), 0);
    assert.equal(limiter.hit('a', t0 + 10_000), 0);
    assert.equal(limiter.hit('a', t0 + 20_000), 0);
    // Fourth within the window: told to wait until the first hit is a minute old.
    assert.equal(limiter.hit('a', t0 + 30_000), 30_000);
    assert.equal(limiter.hit('b', t0 + 30_000), 0, 'other addresses are unaffected');
    // No reset at a fixed boundary: one slot frees when the first hit leaves the window.
    assert.equal(limiter.hit('a', t0 + 60_001), 0);
    assert.ok(limiter.hit('a', t0 + 60_002) > 0);
  });

  it('stays exact at a venue-sized limit while old hits leave the front of the log', () => {
    // 12,000 a minute (a venue's reading limit at the booking page): one hit every 5 ms fills it,
    // then each further hit waits for the oldest to leave, through many compactions of the log.
    const limiter = new SlidingWindowLimiter({ max: 12_000, windowMs: 60_000 });
    const t0 = 5_000_000;
    for (let i = 0; i < 12_000; i++) assert.equal(limiter.hit('venue', t0 + i * 5), 0);
    assert.equal(limiter.hit('venue', t0 + 60_000 - 1), 1, 'full: the first hit frees its slot in 1 ms');
    for (let i = 0; i < 30_000; i++) {
      const now = t0 + 60_000 + i * 5;
      assert.equal(limiter.hit('venue', now), 0, `hit ${i} after the first minute`);
      assert.ok(limiter.hit('venue', now) > 0, 'the same instant again is one too many');
    }
  });
});

describe('login limit behind a trusted proxy', () => {
  let admin: FakeService;
  let gateway: RunningGateway;

  before(async () => {
    await testKeys();
    admin = await fakeService('admin');
    gateway = await startGateway(
      { admin: admin.url },
      { trustProxy: true, loginRateLimit: { max: 2, windowMs: 60_000 } },
    );
  });
  after(async () => {
    await gateway.close();
    await admin.close();
  });

  it('counts per client address as reported by the proxy', async () => {
    const login = (ip: string) =>
      fetch(`${gateway.url}/api/login`, { method: 'POST', headers: { 'x-forwarded-for': ip }, body: '{}' });
    assert.equal((await login('203.0.113.1')).status, 200);
    assert.equal((await login('203.0.113.1')).status, 200);
    const limited = await login('203.0.113.1');
    assert.equal(limited.status, 429);
    // The first hit leaves the one-minute window in (just under) 60 s: that is the wait.
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 50 && retryAfter <= 60, `Retry-After ${limited.headers.get('retry-after')}`);
    assert.deepEqual(await limited.json(), {
      code: 'too-many-requests',
      message: 'Too many sign-in attempts. Try again in 1 minute.',
    });
    assert.equal((await login('203.0.113.2')).status, 200);
    // Only the address the trusted proxy saw counts, not what the client put before it.
    assert.equal((await login('198.51.100.7, 203.0.113.1')).status, 429);
    assert.equal(admin.requests.at(-1)?.headers['x-forwarded-for'], '203.0.113.2');
  });

  it('counts an IPv6 client by its /64, so stepping through its addresses does not escape', async () => {
    const login = (ip: string) =>
      fetch(`${gateway.url}/api/login`, { method: 'POST', headers: { 'x-forwarded-for': ip }, body: '{}' });
    assert.equal((await login('2001:db8:7:1::1')).status, 200);
    assert.equal((await login('2001:db8:7:1::2')).status, 200);
    const limited = await login('2001:db8:7:1:ffff::3');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal((await login('2001:db8:7:2::1')).status, 200, 'the next /64 is another client');
  });
});
