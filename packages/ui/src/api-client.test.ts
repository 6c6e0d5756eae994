import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createApiClient, idempotencyKeys } from './api-client.ts';

interface Call {
  url: string;
  method: string;
  auth: string | undefined;
  body: unknown;
}

function fakeFetch(responses: Array<() => Response>) {
  const calls: Call[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      auth: headers.Authorization,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    return next();
  }) as typeof fetch;
  return { calls, impl };
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

test('sends the bearer token and a JSON body', async () => {
  const f = fakeFetch([() => json(200, { ok: true })]);
  const client = createApiClient({ getToken: () => 'tok', fetch: f.impl });
  const out = await client.request('save settings', 'PUT', '/api/users/settings', { taxRate: 10 });
  assert.deepEqual(out, { ok: true });
  assert.deepEqual(f.calls, [
    { url: '/api/users/settings', method: 'PUT', auth: 'Bearer tok', body: { taxRate: 10 } },
  ]);
});

test('request failures read "Failed to {action}: {status} {statusText} - {message}"', async () => {
  const f = fakeFetch([() => json(403, { message: 'Not allowed' }, 'Forbidden')]);
  const client = createApiClient({ getToken: () => 'tok', fetch: f.impl });
  await assert.rejects(client.request('fetch stats', 'GET', '/api/dashboard/stats'), {
    message: 'Failed to fetch stats: 403 Forbidden - Not allowed',
  });
});

test('request failures without a server message say Unknown error', async () => {
  const f = fakeFetch([() => new Response('', { status: 500, statusText: 'Internal Server Error' })]);
  const client = createApiClient({ getToken: () => 'tok', fetch: f.impl });
  await assert.rejects(client.request('fetch stats', 'GET', '/x'), {
    message: 'Failed to fetch stats: 500 Internal Server Error - Unknown error',
  });
});

test('generic calls show the server message, else HTTP error! status: {code}', async () => {
  const f = fakeFetch([() => json(409, { message: 'Slot taken' }), () => new Response('', { status: 502 })]);
  const client = createApiClient({ getToken: () => null, fetch: f.impl });
  await assert.rejects(client.api('/a'), { message: 'Slot taken' });
  await assert.rejects(client.api('/b'), { message: 'HTTP error! status: 502' });
});

test('a 401 refreshes the token once and retries with the new one', async () => {
  const f = fakeFetch([() => json(401, { message: 'expired' }), () => json(200, { n: 1 })]);
  let refreshed = 0;
  const client = createApiClient({
    getToken: () => 'old',
    refresh: async () => {
      refreshed++;
      return 'new';
    },
    fetch: f.impl,
  });
  assert.deepEqual(await client.api('/api/users/profile'), { n: 1 });
  assert.equal(refreshed, 1);
  assert.deepEqual(
    f.calls.map((c) => c.auth),
    ['Bearer old', 'Bearer new'],
  );
});

test('when the refresh fails the caller is signed out and the 401 surfaces', async () => {
  const f = fakeFetch([() => json(401, { message: 'Session expired' })]);
  let signedOut = false;
  const client = createApiClient({
    getToken: () => 'old',
    refresh: async () => null,
    onUnauthorized: () => {
      signedOut = true;
    },
    fetch: f.impl,
  });
  await assert.rejects(client.api('/api/users/profile'), { message: 'Session expired' });
  assert.equal(signedOut, true);
  assert.equal(f.calls.length, 1);
});

test('a 401 token_stale is mended silently: one refresh, the retry succeeds, nobody is signed out', async () => {
  const stale = { message: 'Your access has changed. Please refresh your session.', code: 'token_stale' };
  const f = fakeFetch([() => json(401, stale), () => json(201, { id: 'b1' })]);
  let token = 'before-the-change';
  let signedOut = false;
  const client = createApiClient({
    getToken: () => token,
    refresh: async () => {
      token = 'with-new-permissions';
      return token;
    },
    onUnauthorized: () => {
      signedOut = true;
    },
    fetch: f.impl,
  });
  assert.deepEqual(await client.request('create booking', 'POST', '/api/bookings', { a: 1 }), { id: 'b1' });
  assert.deepEqual(
    f.calls.map((c) => [c.auth, c.body]),
    [
      ['Bearer before-the-change', { a: 1 }],
      ['Bearer with-new-permissions', { a: 1 }],
    ],
  );
  assert.equal(signedOut, false);
});

test('a session that ended hands its 401 body (with the reason) to onUnauthorized', async () => {
  const ended = { message: 'Your session has ended.', code: 'session_ended', reason: 'password_changed' };
  const f = fakeFetch([() => json(401, ended)]);
  let seen: unknown = null;
  const client = createApiClient({
    getToken: () => 'old',
    refresh: async () => null,
    onUnauthorized: (body) => {
      seen = body;
    },
    fetch: f.impl,
  });
  await assert.rejects(client.api('/api/bookings'), { message: 'Your session has ended.' });
  assert.deepEqual(seen, ended);
});

test('a refresh that cannot be answered (accounts down) is a 503 for the caller, not a sign-out', async () => {
  const f = fakeFetch([() => json(401, { code: 'token_stale', message: 'stale' })]);
  let signedOut = false;
  const client = createApiClient({
    getToken: () => 'old',
    refresh: async () => {
      throw new Error('Accounts & settings is unavailable right now. Please try again shortly.');
    },
    onUnauthorized: () => {
      signedOut = true;
    },
    fetch: f.impl,
  });
  await assert.rejects(
    client.request('load bookings', 'GET', '/api/bookings'),
    (err: Error & { status?: number }) => {
      assert.equal(err.status, 503);
      assert.match(
        err.message,
        /^Failed to load bookings: 503 Service Unavailable - Accounts & settings is unavailable/,
      );
      return true;
    },
  );
  assert.equal(signedOut, false);
});

test('sends Idempotency-Key when asked, and keeps it on the retry after a refresh', async () => {
  const keys: Array<string | undefined> = [];
  const responses = [
    () => json(401, { message: 'stale', code: 'token_stale' }),
    () => json(201, { id: 'b1' }),
  ];
  const impl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string>)['Idempotency-Key']);
    return responses.shift()!();
  }) as typeof fetch;
  const client = createApiClient({ getToken: () => 'old', refresh: async () => 'new', fetch: impl });
  const out = await client.request(
    'booking create',
    'POST',
    '/api/bookings/admin',
    { a: 1 },
    { idempotencyKey: 'k-1' },
  );
  assert.deepEqual(out, { id: 'b1' });
  assert.deepEqual(keys, ['k-1', 'k-1']);
  responses.push(() => json(200, {}));
  await client.api('/api/x', { method: 'POST', body: {} });
  assert.equal(keys[2], undefined);
});

test('idempotencyKeys: the same content keeps its key, changed content gets a new one', () => {
  const keyFor = idempotencyKeys();
  const a = keyFor({ name: 'Ada', guests: 80 });
  assert.match(a, /^[0-9a-f-]{32,36}$/);
  assert.equal(keyFor({ name: 'Ada', guests: 80 }), a);
  const b = keyFor({ name: 'Ada', guests: 81 });
  assert.notEqual(b, a);
  assert.equal(keyFor({ name: 'Ada', guests: 81 }), b);
  assert.notEqual(idempotencyKeys()({ name: 'Ada', guests: 80 }), a);
});
