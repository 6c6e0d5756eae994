import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { principalMoved, refreshSession } from './auth-api.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/**
 * A stand-in for the browser's cookie jar and the admin service: each refresh must present the
 * current cookie, which the answer rotates. A stale cookie is refused, as the server does.
 */
function rotatingServer() {
  let cookie = 1;
  let inFlight = 0;
  let overlapped = false;
  globalThis.fetch = async () => {
    const presented = cookie;
    inFlight += 1;
    if (inFlight > 1) overlapped = true;
    await new Promise((resolve) => setTimeout(resolve, 20));
    inFlight -= 1;
    if (presented !== cookie) return new Response('{"message":"Session expired"}', { status: 401 });
    cookie += 1;
    return Response.json({ token: `access-${cookie}`, role: 'hall_owner' });
  };
  return { overlapped: () => overlapped };
}

test('two tabs refreshing at once take turns, so both keep their session', async () => {
  const server = rotatingServer();
  // node's navigator.locks is shared by the whole process, as the browser's is by an origin's tabs
  const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
  assert.equal(server.overlapped(), false);
  const tokens = [a, b].map((o) => (o.kind === 'granted' ? o.grant.token : null));
  assert.deepEqual(tokens.sort(), ['access-2', 'access-3']);
});

test('a refused refresh means the session is over, with the reason the server gave', async () => {
  globalThis.fetch = async () => new Response('{}', { status: 401 });
  assert.deepEqual(await refreshSession(), { kind: 'ended', reason: null });
  globalThis.fetch = async () =>
    Response.json(
      { message: 'Your session has ended.', code: 'session_ended', reason: 'password_changed' },
      { status: 401 },
    );
  assert.deepEqual(await refreshSession(), { kind: 'ended', reason: 'password_changed' });
});

test('no refresh cookie at all is "signed out", said with a 200 rather than a 401', async () => {
  globalThis.fetch = async () => Response.json({ authenticated: false });
  assert.deepEqual(await refreshSession(), { kind: 'ended', reason: null });
});

test('no answer (accounts down, network) is not the end of the session', async () => {
  globalThis.fetch = async () =>
    Response.json({ message: 'Accounts & settings is unavailable right now.' }, { status: 503 });
  assert.deepEqual(await refreshSession(), {
    kind: 'unavailable',
    message: 'Accounts & settings is unavailable right now.',
  });
  globalThis.fetch = async () => {
    throw new TypeError('fetch failed');
  };
  assert.equal((await refreshSession()).kind, 'unavailable');
});

test('a refreshed token with another version means the menu must be rebuilt', () => {
  const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
  assert.equal(principalMoved(token({ pv: 3, sid: 's' }), token({ pv: 4, sid: 's' })), true);
  assert.equal(principalMoved(token({ pv: 3, sid: 's' }), token({ pv: 3, sid: 's' })), false);
  assert.equal(principalMoved(null, token({ pv: 3 })), false);
});
