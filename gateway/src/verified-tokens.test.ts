import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { VerifiedClaims } from '@venue/contracts';
import { VerifiedTokens } from './verified-tokens.ts';

const claims = (exp: number): VerifiedClaims => ({
  sub: 'u1',
  role: 'hall_owner',
  tid: 't1',
  pv: 1,
  iat: exp - 600,
  exp,
});

describe('verified tokens', () => {
  it('answers a token verified before with the same key, until its exp, as the verifier would', () => {
    let now = 1_000_000_000_000;
    const tokens = new VerifiedTokens({ now: () => now });
    const key = {};
    const exp = now / 1000 + 600;
    tokens.set('a.b.c', key, claims(exp));
    assert.equal(tokens.get('a.b.c', key)?.exp, exp);
    assert.equal(tokens.get('a.b.C', key), undefined, 'another string is verified in full');
    assert.equal(tokens.get('a.b.c', {}), undefined, 'another key is verified in full');
    tokens.set('a.b.c', key, claims(exp));
    now = exp * 1000 - 1;
    assert.ok(tokens.get('a.b.c', key), 'valid up to its last second');
    now = exp * 1000;
    assert.equal(tokens.get('a.b.c', key), undefined, 'exp <= now is refused');
    assert.equal(tokens.size, 0, 'and forgotten');
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const tokens = new VerifiedTokens({ maxEntries: 2 });
    const key = {};
    const exp = Math.floor(Date.now() / 1000) + 600;
    for (const t of ['t1', 't2', 't3']) tokens.set(t, key, claims(exp));
    assert.equal(tokens.size, 2);
    assert.equal(tokens.get('t1', key), undefined);
    assert.ok(tokens.get('t3', key));
  });
});
