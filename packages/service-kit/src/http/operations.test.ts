import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Router from '@koa/router';
import { z } from 'zod';
import type { ApiRoute, RouteTable } from '@venue/contracts/api';
import { ACCESS_DENIED_MESSAGE, OWN_TENANT_ONLY_MESSAGE } from '../errors.ts';
import { requireTenantParam } from '../auth/middleware.ts';
import { startTestService, testKeys, type TestService } from '../testing/index.ts';
import { OWNER_A, OWNER_B, SUB_A, widgetsApp } from '../test-fixtures/widgets-app.ts';
import { call } from '../test-fixtures/http.ts';
import type { AppRouter } from './context.ts';
import { operation, serveOperations } from './operations.ts';

const nameBody = z.object({ name: z.string({ error: 'Widget name is required.' }).min(1) });
const listQuery = z.object({ prefix: z.string().max(3, 'At most 3 characters.').optional() });
const base = { service: 'money', tag: 'Widgets', summary: 'test', responses: {} } as const;
const entry = (e: Omit<ApiRoute, keyof typeof base>): ApiRoute => ({ ...base, ...e });

const TABLE: RouteTable = [
  entry({ method: 'get', path: '/api/ops/widgets', access: 'calendar', query: listQuery }),
  entry({ method: 'post', path: '/api/ops/widgets', access: 'calendar', body: nameBody }),
  entry({ method: 'get', path: '/api/ops/widgets/{id}/names/{name}', access: 'calendar' }),
  entry({ method: 'get', path: '/api/ops/read-only', access: 'signed-in' }),
  entry({ method: 'get', path: '/api/ops/bookings', access: 'bookings' }),
  entry({ method: 'get', path: '/api/ops/owners/{ownerId}', access: 'calendar' }),
];

// The widgets are not in the product's tables, so their handlers get `unknown` and say the type;
// a real entry's handler is typed from it (see 'typed from the entry' below).
const listWidgets = operation('get /api/ops/widgets', async ({ tx, query: q }) => {
  const query = q as z.output<typeof listQuery>;
  const { rows } = await tx.query<{ name: string }>(
    'SELECT name FROM widgets WHERE name LIKE $1 ORDER BY name',
    [`${query.prefix ?? ''}%`],
  );
  return rows.map((r) => r.name);
});
const createWidget = operation('post /api/ops/widgets', async ({ ctx, tx, body: b }) => {
  const body = b as z.output<typeof nameBody>;
  await tx.query('INSERT INTO widgets (tenant_id, name) VALUES ($1, $2)', [
    ctx.state.principal.tenantId,
    body.name,
  ]);
  // A refusal after the write: the transaction is rolled back, as withTx does for routes.
  if (body.name === 'undo') throw Object.assign(new Error('no'), { status: 409, expose: true });
  ctx.status = 201;
  return { name: body.name };
});
const widgetName = operation('get /api/ops/widgets/{id}/names/{name}', {}, async ({ params }) => {
  // @ts-expect-error: the key names only id and name
  void params.other;
  return { id: params.id, name: params.name };
});
const readOnly = operation('get /api/ops/read-only', { transaction: 'read' }, async ({ ctx, tx }) => {
  await tx.query('INSERT INTO widgets (tenant_id, name) VALUES ($1, $2)', [
    ctx.state.principal.tenantId,
    'no',
  ]);
  return { written: true };
});
const bookingsPage = operation('get /api/ops/bookings', {}, async () => ({ ok: true }));
const ownerPage = operation(
  'get /api/ops/owners/{ownerId}',
  { before: [requireTenantParam('ownerId')], transaction: 'none' },
  async ({ params, tx }) => ({ ownerId: params.ownerId, tx: tx === undefined ? 'none' : 'open' }),
);
const ALL = [listWidgets, createWidget, widgetName, readOnly, bookingsPage, ownerPage];

describe('operations: routes served from the route table', () => {
  let t: TestService;
  let owner: string;
  let sub: string;

  before(async () => {
    const keys = await testKeys();
    t = await startTestService(widgetsApp({ routes: (router) => serveOperations(router, TABLE, ALL) }));
    owner = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
    sub = await keys.token({ sub: SUB_A, role: 'sub_user', tid: OWNER_A, pv: 1 });
  });
  after(() => t.close());

  it('guards by the entry: 401 without a caller, 403 without the page permission', async () => {
    assert.equal((await call(t.url, 'GET', '/api/ops/widgets')).status, 401);
    const denied = await call(t.url, 'GET', '/api/ops/bookings', { token: sub });
    assert.deepEqual([denied.status, denied.body], [403, { message: ACCESS_DENIED_MESSAGE }]);
    assert.equal((await call(t.url, 'GET', '/api/ops/bookings', { token: owner })).status, 200);
  });

  it("parses with the entry's schemas: a 400 naming the field", async () => {
    const body = await call(t.url, 'POST', '/api/ops/widgets', { token: sub, body: {} });
    assert.equal(body.status, 400);
    assert.deepEqual(body.body, {
      message: 'Widget name is required.',
      errors: [{ path: 'name', message: 'Widget name is required.' }],
    });
    const query = await call(t.url, 'GET', '/api/ops/widgets?prefix=long', { token: sub });
    assert.deepEqual(
      [query.status, query.body],
      [
        400,
        { message: 'At most 3 characters.', errors: [{ path: 'prefix', message: 'At most 3 characters.' }] },
      ],
    );
  });

  it('runs the handler in the transaction: committed on success, rolled back on a refusal', async () => {
    const made = await call(t.url, 'POST', '/api/ops/widgets', { token: owner, body: { name: 'op-kept' } });
    assert.deepEqual([made.status, made.body], [201, { name: 'op-kept' }]);
    assert.equal(
      (await call(t.url, 'POST', '/api/ops/widgets', { token: owner, body: { name: 'undo' } })).status,
      409,
    );
    const list = await call(t.url, 'GET', '/api/ops/widgets?prefix=op-', { token: owner });
    assert.deepEqual(list.body, ['op-kept']);
  });

  it('fills path parameters from the OpenAPI path; a read transaction refuses writes', async () => {
    const named = await call(t.url, 'GET', '/api/ops/widgets/7/names/x', { token: owner });
    assert.deepEqual(named.body, { id: '7', name: 'x' });
    assert.equal((await call(t.url, 'GET', '/api/ops/read-only', { token: owner })).status, 500);
  });

  it('runs the before middleware after the guard, and opens no transaction when told', async () => {
    const other = await call(t.url, 'GET', `/api/ops/owners/${OWNER_B}`, { token: owner });
    assert.deepEqual([other.status, other.body], [403, { message: OWN_TENANT_ONLY_MESSAGE }]);
    const own = await call(t.url, 'GET', `/api/ops/owners/${OWNER_A}`, { token: owner });
    assert.deepEqual(own.body, { ownerId: OWNER_A, tx: 'none' });
  });
});

describe('operations: refused at start-up', () => {
  const serve = (table: RouteTable, ops: Parameters<typeof serveOperations>[2]) => () =>
    serveOperations(new Router() as AppRouter, table, ops);

  it('an entry of the table without a handler', () => {
    assert.throws(serve(TABLE, ALL.slice(1)), /get \/api\/ops\/widgets: in the route table, no handler/);
  });

  it('a handler for a path the table does not have', () => {
    const stray = operation('delete /api/ops/widgets/{id}', {}, async () => undefined);
    assert.throws(
      serve(TABLE, [...ALL, stray]),
      /delete \/api\/ops\/widgets\/\{id\}: a handler, not in the route table/,
    );
  });

  it('a handler typed from its entry in the contracts (checked by tsc)', () => {
    // post /api/invoices parses its body with invoiceCreateSchema, takes no query and answers
    // 201 with invoiceSchema: a handler answering something else does not compile.
    const typed = operation('post /api/invoices', async ({ body, query }) => {
      const bookingId: string = body.bookingId;
      const amount: number | undefined = body.amountCents;
      // @ts-expect-error: the contract's body has no such field
      void body.notAField;
      const none: undefined = query;
      void [bookingId, amount, none];
    });
    const wrongAnswer = operation(
      'post /api/invoices',
      // @ts-expect-error: not what the entry's 201 schema accepts
      async () => ({ invoice: 'no' }),
    );
    assert.deepEqual([typed.key, wrongAnswer.key], ['post /api/invoices', 'post /api/invoices']);
  });

  it('a guard the access does not allow', () => {
    const owned = entry({ method: 'get', path: '/api/ops/owned', access: 'owner' });
    assert.throws(
      serve([owned], [operation('get /api/ops/owned', {}, async () => 1)]),
      /needs the service's guard/,
    );
  });
});
