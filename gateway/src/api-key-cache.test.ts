/** The gateway's API key cache on its own, with a scripted admin (api-keys.ts). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiKeyVerification } from '@venue/contracts';
import { ApiKeyCache, hashKey } from './api-keys.ts';
import { LookupFailure } from './principal-cache.ts';

const KEY = `vd_live_abcdefghijkm_${'s'.repeat(43)}`;
const OTHER_SECRET = `vd_live_abcdefghijkm_${'t'.repeat(43)}`;
const TENANT = '11111111-1111-4111-8111-111111111111';

function live(expiresAt = Date.now() + 86_400_000): ApiKeyVerification {
  return {
    status: 'live',
    apiKeyId: '22222222-2222-4222-8222-222222222222',
    expiresAt: new Date(expiresAt).toISOString(),
    principal: {
      userId: '22222222-2222-4222-8222-222222222222',
      email: 'API key: Test',
      name: 'API key: Test',
      role: 'sub_user',
      tenantId: TENANT,
      parentUserId: TENANT,
      permissions: ['bookings'],
      tokenVersion: 1,
    },
  };
}

/** An admin that answers from a script and counts the calls. */
function scripted(answer: () => Promise<ApiKeyVerification>) {
  const calls: Array<[string, string]> = [];
  return {
    calls,
    lookup: async (publicId: string, hash: string) => {
      calls.push([publicId, hash]);
      return answer();
    },
  };
}

describe('API key cache', () => {
  test('asks admin with the public id and the hash on every request, concurrent ones included', async () => {
    const admin = scripted(async () => live());
    const cache = new ApiKeyCache({ lookup: admin.lookup });
    const verdicts = await Promise.all([cache.resolve(KEY), cache.resolve(KEY), cache.resolve(KEY)]);
    assert.ok(verdicts.every((v) => v.kind === 'ok' && v.source === 'admin'));
    assert.deepEqual(admin.calls, Array(3).fill(['abcdefghijkm', hashKey(KEY)]));
    assert.equal((await cache.resolve(KEY)).kind, 'ok');
    assert.equal(admin.calls.length, 4);
  });

  test('a revocation admin has committed refuses the very next request, with no event', async () => {
    let revoked = false;
    let down = false;
    const admin = scripted(async () => {
      if (down) throw new LookupFailure('down', 'admin stopped');
      return revoked ? { status: 'refused', reason: 'revoked' } : live();
    });
    const cache = new ApiKeyCache({ lookup: admin.lookup });
    assert.equal((await cache.resolve(KEY)).kind, 'ok');
    revoked = true;
    assert.deepEqual(await cache.resolve(KEY), { kind: 'refused' });
    // and it stays refused while admin cannot be asked
    down = true;
    assert.deepEqual(await cache.resolve(KEY), { kind: 'refused' });
  });

  test('another secret under a known public id is refused without asking admin', async () => {
    const admin = scripted(async () => live());
    const cache = new ApiKeyCache({ lookup: admin.lookup });
    await cache.resolve(KEY);
    assert.deepEqual(await cache.resolve(OTHER_SECRET), { kind: 'refused' });
    assert.equal(admin.calls.length, 1);
  });

  test('anything not shaped like a key is refused without asking admin', async () => {
    const admin = scripted(async () => live());
    const cache = new ApiKeyCache({ lookup: admin.lookup });
    for (const k of ['vd_live_', 'vd_live_ABCDEFGHIJKM_' + 's'.repeat(43), KEY + 'x'])
      assert.deepEqual(await cache.resolve(k), { kind: 'refused' });
    assert.equal(admin.calls.length, 0);
  });

  test('a revocation landing while admin is being asked wins over its answer', async () => {
    let release!: () => void;
    const admin = scripted(() => new Promise((ok) => (release = () => ok(live()))));
    const cache = new ApiKeyCache({ lookup: admin.lookup });
    const pending = cache.resolve(KEY);
    await new Promise((ok) => setImmediate(ok));
    cache.revoked('abcdefghijkm');
    release();
    assert.deepEqual(await pending, { kind: 'refused' });
    assert.deepEqual(await cache.resolve(KEY), { kind: 'refused' });
  });

  test('no answer is used past the expiry of the key', async () => {
    let now = 1_000_000;
    const admin = scripted(async () => live(now + 5_000));
    const cache = new ApiKeyCache({ lookup: admin.lookup, now: () => now });
    assert.equal((await cache.resolve(KEY)).kind, 'ok');
    now += 5_000;
    assert.deepEqual(await cache.resolve(KEY), { kind: 'refused' });
  });

  test('an owner deactivated or deleted at admin is refused on the next request; their event drops the fallback', async () => {
    let now = 1_000_000;
    let inactive = false;
    let down = false;
    const admin = scripted(async () => {
      if (down) throw new LookupFailure('down', 'admin stopped');
      return inactive ? { status: 'refused', reason: 'inactive' } : live(now + 86_400_000);
    });
    const cache = new ApiKeyCache({ lookup: admin.lookup, retryAfterMs: 0, now: () => now });
    assert.equal((await cache.resolve(KEY)).kind, 'ok');
    inactive = true;
    assert.deepEqual(await cache.resolve(KEY), { kind: 'refused' });

    // What admin vouched for serves while it is down, unless an event about the owner came.
    inactive = false;
    assert.equal((await cache.resolve(KEY)).kind, 'ok');
    down = true;
    now += 1;
    assert.equal((await cache.resolve(KEY)).kind, 'ok');
    cache.ownerChanged('someone-else');
    now += 1;
    assert.equal((await cache.resolve(KEY)).kind, 'ok');
    cache.ownerChanged(TENANT);
    now += 1;
    assert.deepEqual(await cache.resolve(KEY), { kind: 'unavailable', failure: 'down' });
  });

  test('while admin is down a key it vouched for keeps working; an unseen key is unavailable', async () => {
    let now = 1_000_000;
    let down = false;
    const admin = scripted(async () => {
      if (down) throw new LookupFailure('down', 'admin stopped');
      return live(now + 86_400_000);
    });
    const cache = new ApiKeyCache({ lookup: admin.lookup, now: () => now });
    await cache.resolve(KEY);
    down = true;
    now += 2_000;
    const v = await cache.resolve(KEY);
    assert.equal(v.kind, 'ok');
    assert.equal(v.kind === 'ok' && v.source, 'stale-cache');
    assert.deepEqual(await cache.resolve(`vd_live_zzzzzzzzzzzz_${'s'.repeat(43)}`), {
      kind: 'unavailable',
      failure: 'down',
    });
  });
});
