import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { SignedPrincipal } from '@venue/contracts';
import { decodePrincipal, encodePrincipal } from './tokens.ts';

const SECRET = 'a-secret-of-sixteen-or-more';
const now = 1_900_000_000;

function signed(overrides: Partial<SignedPrincipal> = {}): SignedPrincipal {
  return {
    userId: '11111111-1111-4111-8111-111111111111',
    email: 'sub@example.test',
    name: 'Sub User',
    role: 'sub_user',
    tenantId: '22222222-2222-4222-8222-222222222222',
    parentUserId: '22222222-2222-4222-8222-222222222222',
    permissions: ['bookings'],
    tokenVersion: 1,
    sessionId: 'sid-1',
    exp: now + 600,
    ...overrides,
  };
}

describe('decodePrincipal, the same header pair again (remembered after the first check)', () => {
  it('answers the same principal on every request of the session, and none once its exp has passed', () => {
    const p = signed({ userId: '33333333-3333-4333-8333-333333333333' });
    const { value, signature } = encodePrincipal(p, SECRET);
    assert.deepEqual(decodePrincipal(value, signature, SECRET, now), p);
    assert.deepEqual(decodePrincipal(value, signature, SECRET, now + 1), p);
    assert.equal(decodePrincipal(value, signature, SECRET, p.exp), null, 'exp <= now is refused');
    assert.equal(decodePrincipal(value, signature, SECRET, p.exp + 60), null);
  });

  it('still refuses a forged signature, a tampered value or another secret after a good pair was seen', () => {
    const p = signed({ userId: '44444444-4444-4444-8444-444444444444' });
    const { value, signature } = encodePrincipal(p, SECRET);
    assert.ok(decodePrincipal(value, signature, SECRET, now));
    const elevated = encodePrincipal({ ...p, permissions: ['bookings', 'money'] }, SECRET).value;
    assert.equal(
      decodePrincipal(elevated, signature, SECRET, now),
      null,
      'value swapped under a known signature',
    );
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    assert.equal(decodePrincipal(value, flipped, SECRET, now), null, 'signature one character off');
    assert.equal(
      decodePrincipal(value, signature, 'another-secret-of-sixteen-chars', now),
      null,
      'the service was given another secret',
    );
    assert.ok(decodePrincipal(value, signature, SECRET, now), 'the good pair is still good');
  });

  it('hands out a principal no request can change for the next one', () => {
    const p = signed({ userId: '55555555-5555-4555-8555-555555555555' });
    const { value, signature } = encodePrincipal(p, SECRET);
    const first = decodePrincipal(value, signature, SECRET, now)!;
    assert.throws(() => (first.permissions as string[]).push('money'));
    assert.throws(() => {
      (first as { role: string }).role = 'hall_owner';
    });
    assert.deepEqual(decodePrincipal(value, signature, SECRET, now)?.permissions, ['bookings']);
  });
});
