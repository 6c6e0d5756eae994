import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestService, testKeys, assertTenantTablesHaveRls, type TestService } from '../testing/index.ts';
import { OWNER_A, OWNER_B, SUB_A, widgetsApp } from '../test-fixtures/widgets-app.ts';
import { call, type JsonResponse } from '../test-fixtures/http.ts';
import {
  answerInTx,
  inRequestTx,
  notFound,
  replayWithout,
  withTx,
  requireAuth,
  type AppContext,
  type AppRouter,
  type ServiceKit,
} from '../index.ts';
import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  idempotencyTiming,
} from './idempotency.ts';

/** How often each test route's handler really ran, by the widget name in its body. */
const ran = new Map<string, number>();
const count = (name: string) => ran.set(name, (ran.get(name) ?? 0) + 1);
/** Held requests of the gated route wait here until the test lets them go. */
let gate: Promise<void> = Promise.resolve();

/** The kit's widgets app plus routes that fail, wait or set cookies on demand. */
function app() {
  const base = widgetsApp();
  return widgetsApp({
    async routes(router: AppRouter, kit: ServiceKit) {
      await base.routes!(router, kit);
      const insert = async (ctx: AppContext, name: string) => {
        const { rows } = await ctx.state.tx.query<{ id: string }>(
          'INSERT INTO widgets (tenant_id, name) VALUES ($1, $2) RETURNING id',
          [ctx.state.principal.tenantId, name],
        );
        ctx.status = 201;
        ctx.set('Location', `/api/widgets/${rows[0]!.id}`);
        ctx.body = { id: rows[0]!.id, name };
      };
      // Fails with a 500 the first time a name is seen, then works.
      router.post('/api/idem/flaky', requireAuth, withTx, async (ctx) => {
        const { name } = ctx.request.body as { name: string };
        count(name);
        if (ran.get(name) === 1) throw new Error('database hiccup');
        await insert(ctx, name);
      });
      // Waits outside the transaction: PGlite runs one transaction at a time.
      router.post(
        '/api/idem/gated',
        requireAuth,
        async (ctx, next) => {
          count((ctx.request.body as { name: string }).name);
          await gate;
          await next();
        },
        withTx,
        async (ctx) => insert(ctx, (ctx.request.body as { name: string }).name),
      );
      router.post('/api/idem/missing', requireAuth, async (ctx) => {
        count((ctx.request.body as { name: string }).name);
        throw notFound('No such thing.');
      });
      router.post('/api/idem/cookie', requireAuth, withTx, async (ctx) => {
        const { name } = ctx.request.body as { name: string };
        count(name);
        ctx.cookies.set('session', 'secret-value', { httpOnly: true });
        await insert(ctx, name);
      });
      // Answers a secret shown once; a replay gets the stand-in the route names instead.
      router.post('/api/idem/secret', requireAuth, withTx, async (ctx) => {
        const { name } = ctx.request.body as { name: string };
        count(name);
        await insert(ctx, name);
        const record = ctx.body as { id: string; name: string };
        ctx.body = { ...record, secret: `s3cr3t-${name}` };
        replayWithout(ctx, 200, { ...record, message: 'shown once' });
      });
      // Opens its own write transaction (as a handler with `transaction: 'none'` does) and sets
      // its answer in it.
      router.post('/api/idem/own-tx', requireAuth, async (ctx) => {
        const { name } = ctx.request.body as { name: string };
        count(name);
        const id = await inRequestTx(ctx, async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            'INSERT INTO widgets (tenant_id, name) VALUES ($1, $2) RETURNING id',
            [ctx.state.principal.tenantId, name],
          );
          await answerInTx(ctx, tx, 201, { id: rows[0]!.id, name });
          return rows[0]!.id;
        });
        ctx.body = { id, name };
      });
      // requireAuth twice on one route (a router-level guard plus the route's own).
      router.post('/api/idem/twice', requireAuth, requireAuth, withTx, async (ctx) => {
        const { name } = ctx.request.body as { name: string };
        count(name);
        await insert(ctx, name);
      });
    },
  });
}

describe('Idempotency-Key on POST', () => {
  let t: TestService;
  const token: Record<string, string> = {};
  const saved = { ...idempotencyTiming };

  before(async () => {
    const keys = await testKeys();
    t = await startTestService(app());
    for (const [sub, tid, role] of [
      [OWNER_A, OWNER_A, 'hall_owner'],
      [OWNER_B, OWNER_B, 'hall_owner'],
      [SUB_A, OWNER_A, 'sub_user'],
    ] as const) {
      token[sub] = await keys.token({ sub, role, tid, pv: 1 });
    }
  });
  after(() => t.close());
  beforeEach(() => Object.assign(idempotencyTiming, saved));

  const post = (path: string, body: unknown, key?: string, as = OWNER_A) =>
    call<Record<string, unknown>>(t.url, 'POST', path, {
      token: token[as],
      body,
      headers: key === undefined ? {} : { 'Idempotency-Key': key },
    });
  const widgets = async (name: string) =>
    (
      await t.kit.db.systemTx((tx) =>
        tx.query<{ tenant_id: string }>('SELECT tenant_id FROM widgets WHERE name = $1 ORDER BY tenant_id', [
          name,
        ]),
      )
    ).rows.map((r) => r.tenant_id);
  const keyRows = async (key: string) =>
    (
      await t.kit.db.systemTx((tx) =>
        tx.query<{ tenant_id: string; status: number | null }>(
          'SELECT tenant_id, status FROM idempotency_keys WHERE key = $1 ORDER BY tenant_id',
          [key],
        ),
      )
    ).rows;
  const answer = (r: JsonResponse<Record<string, unknown>>) => ({
    status: r.status,
    body: r.body,
    type: r.headers.get('content-type'),
    location: r.headers.get('location'),
  });

  it('keeps its table under forced row-level security, like every tenant table', async () => {
    assert.ok((await assertTenantTablesHaveRls(t.kit)).includes('idempotency_keys'));
    const key = `rls-${randomUUID()}`;
    await post('/api/widgets', { name: `rls ${key}` }, key);
    const seen = (tenant: string) =>
      t.kit.db.tenantTx(
        tenant,
        async (tx) => (await tx.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).rowCount,
      );
    assert.equal(await seen(OWNER_A), 1);
    assert.equal(await seen(OWNER_B), 0);
  });

  it('replays the first answer to the same key and body, doing the work once', async () => {
    const key = randomUUID();
    const name = `seq ${key}`;
    const first = await post('/api/idem/gated', { name }, key);
    const second = await post('/api/idem/gated', { name }, key);
    assert.equal(first.status, 201);
    assert.deepEqual(answer(second), answer(first));
    assert.match(first.headers.get('location') ?? '', /^\/api\/widgets\/[0-9a-f-]{36}$/);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(await widgets(name), [OWNER_A]);
    assert.equal(ran.get(name), 1);
    // A sub-user of the same tenant shares the tenant's keys.
    assert.deepEqual(answer(await post('/api/idem/gated', { name }, key, SUB_A)), answer(first));
    assert.equal(ran.get(name), 1);
  });

  it('gives ten simultaneous requests with one key one piece of work and one answer', async () => {
    const key = randomUUID();
    const name = `burst ${key}`;
    const replies = await Promise.all(Array.from({ length: 10 }, () => post('/api/widgets', { name }, key)));
    assert.deepEqual(await widgets(name), [OWNER_A]);
    const done = replies.filter((r) => r.status === 201);
    assert.ok(done.length >= 1);
    for (const r of done) assert.deepEqual(answer(r), answer(done[0]!));
    // Any other answer can only be "still being processed" (when the first took longer than the wait).
    for (const r of replies.filter((x) => x.status !== 201)) {
      assert.deepEqual([r.status, r.body], [409, { message: IDEMPOTENCY_IN_PROGRESS_MESSAGE }]);
    }
    assert.equal(replies.filter((r) => r.headers.get('idempotent-replayed') === null).length, 1);
    assert.deepEqual(await keyRows(key), [{ tenant_id: OWNER_A, status: 201 }]);
  });

  it('makes a duplicate wait for the answer in progress, then answers 409 if it takes too long', async () => {
    idempotencyTiming.waitMs = 300;
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const key = randomUUID();
    const name = `slow ${key}`;
    const first = post('/api/idem/gated', { name }, key);
    // The first request is inside its handler (holding the claim) before the duplicate comes.
    while (ran.get(name) !== 1) await new Promise((r) => setTimeout(r, 10));
    const impatient = await post('/api/idem/gated', { name }, key);
    assert.equal(impatient.status, 409);
    assert.deepEqual(impatient.body, { message: IDEMPOTENCY_IN_PROGRESS_MESSAGE });
    // A duplicate arriving while the work is in progress gets the answer once it exists.
    idempotencyTiming.waitMs = 10_000;
    const patient = post('/api/idem/gated', { name }, key);
    await new Promise((r) => setTimeout(r, 150));
    open();
    const [a, b] = await Promise.all([first, patient]);
    assert.equal(a.status, 201);
    assert.deepEqual(answer(b), answer(a));
    assert.equal(b.headers.get('idempotent-replayed'), 'true');
    assert.equal(ran.get(name), 1);
    assert.deepEqual(await widgets(name), [OWNER_A]);
  });

  it('refuses the same key with a different body, path or query (422)', async () => {
    const key = randomUUID();
    assert.equal((await post('/api/widgets', { name: `a ${key}` }, key)).status, 201);
    for (const [path, body] of [
      ['/api/widgets', { name: `b ${key}` }],
      ['/api/widgets', { name: `a ${key}`, qty: 1 }],
      ['/api/idem/gated', { name: `a ${key}` }],
      ['/api/widgets?x=1', { name: `a ${key}` }],
    ] as const) {
      const r = await post(path, body, key);
      assert.equal(r.status, 422, `${path} ${JSON.stringify(body)}`);
      assert.deepEqual(r.body, { message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    }
    assert.deepEqual(await widgets(`b ${key}`), []);
    // Key order inside the JSON does not make a different body.
    const key2 = randomUUID();
    const one = await post('/api/widgets', { name: `c ${key2}`, qty: 2 }, key2);
    const two = await post('/api/widgets', { qty: 2, name: `c ${key2}` }, key2);
    assert.deepEqual(answer(two), answer(one));
  });

  it('lets different tenants use the same key independently', async () => {
    const key = randomUUID();
    const name = `tenants ${key}`;
    const a = await post('/api/widgets', { name }, key, OWNER_A);
    const b = await post('/api/widgets', { name }, key, OWNER_B);
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.notDeepEqual(a.body, b.body);
    assert.deepEqual(await widgets(name), [OWNER_A, OWNER_B].sort());
    assert.equal((await keyRows(key)).length, 2);
  });

  it('releases the key after a 5xx, so the retry does the work for real', async () => {
    const key = randomUUID();
    const name = `flaky ${key}`;
    const failed = await post('/api/idem/flaky', { name }, key);
    assert.equal(failed.status, 500);
    assert.deepEqual(await keyRows(key), []);
    const retried = await post('/api/idem/flaky', { name }, key);
    assert.equal(retried.status, 201);
    assert.equal(retried.headers.get('idempotent-replayed'), null);
    assert.equal(ran.get(name), 2);
    assert.deepEqual(await widgets(name), [OWNER_A]);
    assert.deepEqual(answer(await post('/api/idem/flaky', { name }, key)), answer(retried));
    assert.equal(ran.get(name), 2);
  });

  it('stores a 4xx answer and replays it (thrown errors and validation alike)', async () => {
    const key = randomUUID();
    const name = `missing ${key}`;
    const first = await post('/api/idem/missing', { name }, key);
    assert.deepEqual([first.status, first.body], [404, { message: 'No such thing.' }]);
    const again = await post('/api/idem/missing', { name }, key);
    assert.deepEqual(answer(again), answer(first));
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(ran.get(name), 1);

    const key2 = randomUUID();
    const invalid = await post('/api/widgets', { name: ' ' }, key2);
    assert.equal(invalid.status, 400);
    assert.deepEqual(answer(await post('/api/widgets', { name: ' ' }, key2)), answer(invalid));
  });

  it('changes nothing without a key, and ignores the header on other methods', async () => {
    const name = `nokey ${randomUUID()}`;
    const a = await post('/api/widgets', { name });
    const b = await post('/api/widgets', { name });
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.notDeepEqual(a.body, b.body);
    assert.equal(b.headers.get('idempotent-replayed'), null);
    assert.deepEqual(await widgets(name), [OWNER_A, OWNER_A]);
    const key = randomUUID();
    const get = await call(t.url, 'GET', '/api/widgets', {
      token: token[OWNER_A],
      headers: { 'Idempotency-Key': key },
    });
    assert.equal(get.status, 200);
    assert.deepEqual(await keyRows(key), []);
  });

  it('refuses a key that is empty, too long or not printable text (400), before any work', async () => {
    const name = `badkey ${randomUUID()}`;
    for (const key of ['', 'x'.repeat(256), 'tab\there']) {
      const r = await post('/api/widgets', { name }, key);
      assert.equal(r.status, 400, JSON.stringify(key));
      assert.deepEqual(r.body, { message: IDEMPOTENCY_KEY_INVALID_MESSAGE });
    }
    assert.deepEqual(await widgets(name), []);
    assert.equal((await post('/api/widgets', { name }, `${'k'.repeat(250)} ~!@#`)).status, 201);
  });

  it('does not keep an answer that sets a cookie (a session secret): the key is released', async () => {
    const key = randomUUID();
    const name = `cookie ${key}`;
    assert.equal((await post('/api/idem/cookie', { name }, key)).status, 201);
    assert.deepEqual(await keyRows(key), []);
  });

  it('keeps the stand-in a route names for an answer holding a secret, and replays that', async () => {
    const key = randomUUID();
    const name = `secret ${key}`;
    const first = await post('/api/idem/secret', { name }, key);
    assert.equal(first.status, 201);
    assert.equal(first.body.secret, `s3cr3t-${name}`);
    const stored = await t.kit.db.systemTx((tx) =>
      tx.query<{ body: Uint8Array }>('SELECT body FROM idempotency_keys WHERE key = $1', [key]),
    );
    assert.ok(
      !Buffer.from(stored.rows[0]!.body).toString('utf8').includes('s3cr3t'),
      'the secret is not stored',
    );
    const again = await post('/api/idem/secret', { name }, key);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, { id: first.body.id, name, message: 'shown once' });
    assert.match(again.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(ran.get(name), 1);
    // Without a key the route answers as always and nothing is kept.
    const plain = await post('/api/idem/secret', { name: `${name} plain` });
    assert.equal(plain.status, 201);
    assert.equal(plain.body.secret, `s3cr3t-${name} plain`);
  });

  it('handles the key once when requireAuth appears twice on a route', async () => {
    const key = randomUUID();
    const name = `twice ${key}`;
    const first = await post('/api/idem/twice', { name }, key);
    assert.equal(first.status, 201);
    assert.deepEqual(answer(await post('/api/idem/twice', { name }, key)), answer(first));
    assert.equal(ran.get(name), 1);
  });

  for (const [route, how] of [
    ['/api/idem/twice', 'withTx'],
    ['/api/idem/own-tx', 'its own transaction, answerInTx'],
  ] as const)
    it(`commits the answer with the work (${how}): the database lost right after it, a retry still gets that answer`, async () => {
      const key = randomUUID();
      const name = `kept ${key}`;
      const db = t.kit.db;
      const tenantTx = db.tenantTx;
      let opened = 0;
      // The claim and the request's work get through; anything after them finds no database.
      db.tenantTx = ((tenantId: string, fn: never) =>
        ++opened > 2
          ? Promise.reject(new Error('connection lost'))
          : tenantTx.call(db, tenantId, fn)) as typeof db.tenantTx;
      let first: JsonResponse<Record<string, unknown>>;
      try {
        first = await post(route, { name }, key);
      } finally {
        db.tenantTx = tenantTx;
      }
      assert.equal(first.status, 201);
      const again = await post(route, { name }, key);
      assert.deepEqual(answer(again), answer(first));
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.equal(ran.get(name), 1);
      assert.deepEqual(await widgets(name), [OWNER_A]);
    });

  it('frees keys after 24 hours (the purge job, or a new claim) and claims a dead process left', async () => {
    const key = randomUUID();
    assert.equal((await post('/api/widgets', { name: `old ${key}` }, key)).status, 201);
    const age = (sql: string) => t.kit.db.systemTx((tx) => tx.query(sql, [key]));
    await age("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1");
    // An expired key is free for any request.
    const reused = await post('/api/widgets', { name: `new ${key}` }, key);
    assert.equal(reused.status, 201);
    assert.deepEqual(await widgets(`new ${key}`), [OWNER_A]);

    // A claim whose request never finished (its process died) is taken over after the lease…
    await age(
      "UPDATE idempotency_keys SET completed_at = NULL, status = NULL, created_at = now() - interval '3 minutes' WHERE key = $1",
    );
    const taken = await post('/api/widgets', { name: `new ${key}` }, key);
    assert.equal(taken.status, 201);
    assert.deepEqual(await widgets(`new ${key}`), [OWNER_A, OWNER_A]);
    // …but never one still within it.
    idempotencyTiming.waitMs = 200;
    await age('UPDATE idempotency_keys SET completed_at = NULL, status = NULL WHERE key = $1');
    assert.equal((await post('/api/widgets', { name: `new ${key}` }, key)).status, 409);

    await age("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1");
    const fresh = randomUUID();
    await post('/api/widgets', { name: `fresh ${fresh}` }, fresh);
    assert.equal(await t.kit.runJob('kit.idempotency-keys-purge'), true);
    assert.deepEqual(await keyRows(key), []);
    assert.equal((await keyRows(fresh)).length, 1);
  });
});
