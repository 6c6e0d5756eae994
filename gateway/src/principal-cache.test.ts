import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Principal, PrincipalLookup, VerifiedClaims } from '@venue/contracts';
import { LookupFailure, PrincipalCache, type Lookup } from './principal-cache.ts';

const principal = (userId: string, tokenVersion = 1): Principal => ({
  userId,
  email: `${userId}@example.test`,
  name: null,
  role: 'hall_owner',
  tenantId: userId,
  parentUserId: null,
  permissions: [],
  tokenVersion,
});

/** A clock the test moves by hand, in milliseconds. */
function clock(start = 1_800_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

function claimsAt(now: number, sub: string, sid: string, pv = 1, lifetimeS = 600): VerifiedClaims {
  const s = Math.floor(now / 1000);
  return { sub, role: 'hall_owner', tid: sub, pv, sid, iat: s, exp: s + lifetimeS };
}

/** Admin as a function: answers from `principals`, counts the calls, can be made to fail. */
function admin(principals: Map<string, Principal>) {
  const calls: string[] = [];
  let down = false;
  let gate: Promise<void> | null = null;
  const lookup: Lookup = async (userId, sid): Promise<PrincipalLookup> => {
    calls.push(`${userId}/${sid}`);
    if (gate) await gate;
    if (down) throw new LookupFailure('down', 'admin is down');
    const p = principals.get(userId);
    return p ? { status: 'live', principal: p } : { status: 'ended', reason: 'deleted' };
  };
  return {
    lookup,
    calls,
    setDown: (v: boolean) => void (down = v),
    hold: () => {
      let release!: () => void;
      gate = new Promise((ok) => (release = ok));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

describe('the principal cache', () => {
  it('asks admin once for concurrent requests of one session', async () => {
    const a = admin(new Map([['u1', principal('u1')]]));
    const c = clock();
    const cache = new PrincipalCache({ lookup: a.lookup, now: c.now });
    const claims = claimsAt(c.now(), 'u1', 's1');
    const release = a.hold();
    const pending = Promise.all([1, 2, 3, 4].map(() => cache.resolve(claims)));
    release();
    const verdicts = await pending;
    assert.deepEqual(
      verdicts.map((v) => v.kind),
      ['ok', 'ok', 'ok', 'ok'],
    );
    assert.equal(a.calls.length, 1);
  });

  it('never uses an entry past the expiry of the token that filled it, nor past its TTL', async () => {
    const a = admin(new Map([['u1', principal('u1')]]));
    const c = clock();
    const cache = new PrincipalCache({ lookup: a.lookup, now: c.now, ttlMs: 60_000 });
    // A token with 20 s left fills the entry: after 21 s the entry is gone despite the 60 s TTL.
    await cache.resolve(claimsAt(c.now(), 'u1', 's1', 1, 20));
    c.advance(10_000);
    await cache.resolve(claimsAt(c.now(), 'u1', 's1', 1, 600));
    assert.equal(a.calls.length, 1);
    c.advance(11_000);
    await cache.resolve(claimsAt(c.now(), 'u1', 's1', 1, 600));
    assert.equal(a.calls.length, 2);
    // and past the TTL admin is asked again
    c.advance(61_000);
    await cache.resolve(claimsAt(c.now(), 'u1', 's1', 1, 600));
    assert.equal(a.calls.length, 3);
  });

  it('keeps at most maxEntries sessions, dropping the oldest', async () => {
    const a = admin(new Map([['u1', principal('u1')]]));
    const c = clock();
    const cache = new PrincipalCache({ lookup: a.lookup, now: c.now, maxEntries: 2 });
    for (const sid of ['s1', 's2', 's3']) await cache.resolve(claimsAt(c.now(), 'u1', sid));
    assert.equal(cache.size, 2);
    await cache.resolve(claimsAt(c.now(), 'u1', 's3'));
    assert.equal(a.calls.length, 3, 's3 is cached');
    await cache.resolve(claimsAt(c.now(), 'u1', 's1'));
    assert.equal(a.calls.length, 4, 's1 was dropped');
  });

  it('after a failed look-up admin is left alone for a moment; meanwhile what is known serves', async () => {
    const a = admin(new Map([['u1', principal('u1')]]));
    const c = clock();
    let outages = 0;
    const cache = new PrincipalCache({
      lookup: a.lookup,
      now: c.now,
      ttlMs: 1_000,
      retryAfterMs: 2_000,
      onAdminUnavailable: () => void (outages += 1),
    });
    await cache.resolve(claimsAt(c.now(), 'u1', 's1'));
    a.setDown(true);
    c.advance(1_500); // past the TTL
    const stale = await cache.resolve(claimsAt(c.now(), 'u1', 's1'));
    assert.deepEqual(stale, { kind: 'ok', principal: principal('u1'), source: 'stale-cache' });
    const unknown = await cache.resolve(claimsAt(c.now(), 'u1', 's2'));
    assert.deepEqual(unknown, { kind: 'unavailable', failure: 'down' });
    assert.equal(a.calls.length, 2, 'the second miss did not ask admin');
    assert.equal(outages, 1);
    c.advance(2_500);
    a.setDown(false);
    assert.equal((await cache.resolve(claimsAt(c.now(), 'u1', 's2'))).kind, 'ok');
    assert.equal(a.calls.length, 3);
  });

  it('an event that lands while admin is being asked wins over the answer', async () => {
    const a = admin(new Map([['u1', principal('u1')]]));
    const c = clock();
    const cache = new PrincipalCache({ lookup: a.lookup, now: c.now });
    const release = a.hold();
    const pending = cache.resolve(claimsAt(c.now(), 'u1', 's1'));
    cache.sessionsEnded(['s1'], 'signed_out');
    release();
    assert.deepEqual(await pending, { kind: 'ended', reason: 'signed_out' });
    // and it is not cached as live afterwards
    assert.deepEqual(await cache.resolve(claimsAt(c.now(), 'u1', 's1')), {
      kind: 'ended',
      reason: 'signed_out',
    });
  });

  it('principal.changed makes older tokens stale at once and sends newer ones to admin', async () => {
    const directory = new Map([['u1', principal('u1', 1)]]);
    const a = admin(directory);
    const c = clock();
    const cache = new PrincipalCache({ lookup: a.lookup, now: c.now });
    assert.equal((await cache.resolve(claimsAt(c.now(), 'u1', 's1', 1))).kind, 'ok');
    directory.set('u1', principal('u1', 2));
    cache.principalChanged('u1', 2);
    assert.deepEqual(await cache.resolve(claimsAt(c.now(), 'u1', 's1', 1)), { kind: 'stale' });
    assert.equal(a.calls.length, 1);
    assert.equal((await cache.resolve(claimsAt(c.now(), 'u1', 's1', 2))).kind, 'ok');
    assert.equal(a.calls.length, 2);
    // an older event arriving late does not lower the bar
    cache.principalChanged('u1', 1);
    assert.deepEqual(await cache.resolve(claimsAt(c.now(), 'u1', 's9', 1)), { kind: 'stale' });
  });
});
