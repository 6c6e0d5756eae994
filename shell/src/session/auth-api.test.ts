import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { refreshSession } from './auth-api.ts';

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
  assert.deepEqual([a?.token, b?.token].sort(), ['access-2', 'access-3']);
});

test('a refused refresh means there is no session', async () => {
  globalThis.fetch = async () => new Response('{}', { status: 401 });
  assert.equal(await refreshSession(), null);
});
