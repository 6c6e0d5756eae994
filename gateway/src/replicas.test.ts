import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Principal } from '@venue/contracts';
import {
  fakeAdmin,
  fakeService,
  principal,
  snapshotClaims,
  startGateway,
  testKeys,
  type FakeAdmin,
  type FakeService,
  type RunningGateway,
} from './test-helpers.ts';
import { resolveTargets } from './config.ts';

describe('several replicas of a service behind the gateway (issue 15)', () => {
  let gateway: RunningGateway;
  let admin: FakeAdmin;
  let a: FakeService;
  let b: FakeService;
  let token: string;

  before(async () => {
    const keys = await testKeys();
    const principals = new Map<string, Principal>([['u1', principal('u1', 1)]]);
    admin = await fakeAdmin(principals);
    a = await fakeService('bookings-a');
    b = await fakeService('bookings-b');
    gateway = await startGateway({ admin: admin.url, bookings: `${a.url},${b.url}` });
    token = await keys.token({ sub: 'u1', pv: 1, sid: 's1', ...snapshotClaims(principal('u1', 1)) });
  });
  after(async () => {
    await gateway.close();
    await Promise.all([admin, a, b].map((s) => s.close().catch(() => {})));
  });

  const call = (method: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(`${gateway.url}/api/bookings`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body,
    });

  it('reads a comma-separated list of URLs as replicas', () => {
    const t = resolveTargets({}, {}, { BOOKINGS_URL: 'http://a:7103, http://b:7103/base/' }).get('bookings');
    assert.deepEqual(t?.replicas, [
      { origin: 'http://a:7103', basePath: '' },
      { origin: 'http://b:7103', basePath: '/base' },
    ]);
    assert.throws(() => resolveTargets({}, {}, { BOOKINGS_URL: 'http://a:7103,ftp://b' }), /http\(s\)/);
  });

  it('spreads requests over both replicas and reports each in /api/health', async () => {
    for (let i = 0; i < 6; i++) assert.equal((await call('GET')).status, 200);
    assert.ok(
      a.requests.length >= 2 && b.requests.length >= 2,
      `${a.requests.length} / ${b.requests.length}`,
    );
    const health = (await (await fetch(`${gateway.url}/api/health`)).json()) as {
      services: { bookings: { status: string; replicas: Array<{ status: string }> } };
    };
    assert.equal(health.services.bookings.status, 'up');
    assert.deepEqual(
      health.services.bookings.replicas.map((r) => r.status),
      ['up', 'up'],
    );
  });

  it('keeps answering when one replica dies: reads and keyed writes move to the other, a plain POST fails cleanly', async () => {
    await b.close();
    const before = a.requests.length;
    // Reads: every one answered by the survivor, none lost to the dead replica.
    const reads = await Promise.all(Array.from({ length: 10 }, () => call('GET')));
    assert.deepEqual(
      reads.map((r) => r.status),
      Array(10).fill(200),
    );
    // A POST with an Idempotency-Key may be sent again, so it reaches the survivor too.
    const keyed = await call('POST', { 'idempotency-key': 'k-1' }, '{"x":1}');
    assert.equal(keyed.status, 200);
    const last = a.requests.at(-1)!;
    assert.equal(last.method, 'POST');
    assert.equal(last.body.toString(), '{"x":1}', 'the body is sent whole to the replica that answers');
    // A POST without one is never repeated: it is served by the survivor (the dead one is left
    // out now) or refused with the area's 503, never sent twice.
    const plain = await call('POST', {}, '{"y":2}');
    assert.ok([200, 503].includes(plain.status));
    assert.equal(a.requests.length - before, 10 + 1 + (plain.status === 200 ? 1 : 0));
    const health = (await (await fetch(`${gateway.url}/api/health`)).json()) as {
      status: string;
      services: { bookings: { status: string; replicas: Array<{ status: string }> } };
    };
    assert.equal(health.services.bookings.status, 'up', 'the area is up while one replica answers');
    assert.deepEqual(
      health.services.bookings.replicas.map((r) => r.status),
      ['up', 'down'],
    );
  });

  it('asks the other admin replica for principals when one is gone', async () => {
    const keys = await testKeys();
    const principals = new Map<string, Principal>([['u7', principal('u7', 1)]]);
    const admins = [await fakeAdmin(principals), await fakeAdmin(principals)];
    const svc = await fakeService('bookings');
    const gw = await startGateway(
      { admin: admins.map((x) => x.url).join(','), bookings: svc.url },
      { principalCacheTtlMs: 0 },
    );
    try {
      // The first replica in turn is the one that is gone, so the first look-up must move on.
      await admins[0]!.close();
      const t = await keys.token({ sub: 'u7', pv: 1, sid: 's7' });
      const res = await fetch(`${gw.url}/api/bookings`, { headers: { authorization: `Bearer ${t}` } });
      assert.equal(res.status, 200);
      assert.deepEqual(admins[1]!.lookups, ['u7'], 'the live replica answered the look-up');
    } finally {
      await gw.close();
      await Promise.all([admins[1]!.close(), svc.close()]);
    }
  });
});
