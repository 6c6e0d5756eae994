import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { startTestService, testKeys, type TestService } from '../testing/index.ts';
import { OWNER_A, widgetsApp } from '../test-fixtures/widgets-app.ts';
import { call } from '../test-fixtures/http.ts';
import { MAX_TEXT_LENGTH, findTextFaults } from './hostile-input.ts';
import {
  calendarDate,
  limitParam,
  pageParam,
  queryBoolean,
  queryDate,
  queryInteger,
  textField,
  wallTime,
} from '../validation.ts';

type Answer = { message: string; errors?: Array<{ path: string; message: string }> };

describe('hostile input, before any route runs', () => {
  let t: TestService;
  let token: string;
  const widgets = async () => (await call<unknown[]>(t.url, 'GET', '/api/widgets', { token })).body.length;

  before(async () => {
    const keys = await testKeys();
    t = await startTestService(widgetsApp({ longTextFields: { '/api/widgets': { longNote: 30_000 } } }));
    token = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
  });
  after(() => t.close());

  const refused = async (method: string, path: string, body: unknown, field: string): Promise<Answer> => {
    const before = await widgets();
    const r = await call<Answer>(t.url, method, path, { token, body });
    assert.equal(r.status, 400, JSON.stringify(r.body).slice(0, 300));
    assert.equal(r.body.errors?.[0]?.path, field, JSON.stringify(r.body).slice(0, 300));
    assert.equal(await widgets(), before, 'nothing was written');
    return r.body;
  };

  it('refuses NUL, lone surrogates and over-long text anywhere in the body, naming the field', async () => {
    const nul = await refused('POST', '/api/widgets', { name: 'a\u0000b' }, 'name');
    assert.match(nul.message, /"name" contains a NUL character/);
    await refused(
      'POST',
      '/api/widgets',
      { name: 'ok', items: [{ n: 'x' }, {}, { n: '\uD800' }] },
      'items.2.n',
    );
    await refused('POST', '/api/widgets', { name: 'ok', tail: '\uDC00 alone' }, 'tail');
    const long = await refused('POST', '/api/widgets', { name: 'x'.repeat(MAX_TEXT_LENGTH + 1) }, 'name');
    assert.match(long.message, /too long \(at most 20000 characters\)/);
  });

  it('lets paired surrogates (emoji) and text at the ceiling through to the schema', async () => {
    const r = await call(t.url, 'POST', '/api/widgets', { token, body: { name: 'Party 🎉' } });
    assert.equal(r.status, 201);
    // then-fail answers its own 400: reaching it means the kit let the body through.
    const atCeiling = await call<Answer>(t.url, 'POST', '/api/widgets/then-fail', {
      token,
      body: { name: 'x', note: 'y'.repeat(MAX_TEXT_LENGTH) },
    });
    assert.equal(atCeiling.body.message, 'Something about the request is wrong.');
  });

  it('a route may raise the ceiling of a named field', async () => {
    const r = await call(t.url, 'POST', '/api/widgets', {
      token,
      body: { name: 'long', longNote: 'z'.repeat(25_000) },
    });
    assert.equal(r.status, 201);
    await refused('POST', '/api/widgets', { name: 'long', longNote: 'z'.repeat(30_001) }, 'longNote');
  });

  it('refuses hostile field names and absurd nesting', async () => {
    await refused('POST', '/api/widgets', { name: 'ok', 'bad\u0000key': 1 }, 'bad?key');
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    const r = await call<Answer>(t.url, 'POST', '/api/widgets', { token, body: { name: 'ok', deep } });
    assert.equal(r.status, 400);
    assert.match(r.body.message, /nested too deeply/);
  });

  it('checks query strings: NUL and bracketed keys', async () => {
    const nul = await call<Answer>(t.url, 'GET', '/api/widgets?search=%00', { token });
    assert.equal(nul.status, 400);
    assert.equal(nul.body.errors?.[0]?.path, 'search');
    const bracket = await call<Answer>(t.url, 'GET', '/api/widgets?limit[]=1', { token });
    assert.equal(bracket.status, 400);
    assert.equal(bracket.body.errors?.[0]?.path, 'limit[]');
  });

  it('checks path parameters under their own name, before the guards', async () => {
    const r = await call<Answer>(t.url, 'PATCH', '/api/widgets/a%00b', { body: { name: 'x' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.errors?.[0]?.path, 'id');
  });

  it('exposes the route table', () => {
    const routes = t.service.router.stack.map((l) => `${l.methods.join(',')} ${l.path}`);
    assert.ok(routes.some((r) => r.includes('POST') && r.endsWith('/api/widgets')));
  });
});

describe('strict field helpers', () => {
  const ok = (schema: z.ZodType, v: unknown) => schema.safeParse(v).success;

  it('calendarDate follows the real calendar and never throws', () => {
    const d = calendarDate();
    for (const good of ['2028-02-29', '2026-12-31', '1999-01-01']) assert.ok(ok(d, good), good);
    for (const bad of [
      '2026-02-30',
      '2027-02-29',
      '2026-13-01',
      '0000-01-01',
      '',
      '2026-1-1',
      20260101,
      null,
    ])
      assert.ok(!ok(d, bad), String(bad));
  });

  it('wallTime is HH:mm from 00:00 to 23:59', () => {
    assert.ok(ok(wallTime(), '00:00') && ok(wallTime(), '23:59'));
    for (const bad of ['24:00', '9:00', '12:60', 900, '']) assert.ok(!ok(wallTime(), bad), String(bad));
  });

  it('page and limit: digits within range, nothing coerced, nothing capped', () => {
    const q = z.object({ page: pageParam(), limit: limitParam(100) });
    assert.deepEqual(q.parse({}), { page: 1, limit: 25 });
    assert.deepEqual(q.parse({ page: '', limit: '' }), { page: 1, limit: 25 });
    assert.deepEqual(q.parse({ page: '3', limit: '100' }), { page: 3, limit: 100 });
    for (const bad of [
      { page: '9999999999999999999999' },
      { page: '-1' },
      { page: '0' },
      { limit: '-1' },
      { limit: '1e9' },
      { limit: 'abc' },
      { limit: '101' },
      { limit: ['1', '2'] },
      { limit: ' 5' },
      { limit: '2.5' },
    ]) {
      const r = q.safeParse(bad);
      assert.ok(!r.success, JSON.stringify(bad));
      assert.deepEqual(r.error.issues[0]?.path, Object.keys(bad));
    }
  });

  it('queryInteger, queryBoolean and queryDate read strings strictly', () => {
    assert.equal(queryInteger('year', 1900, 2200).parse(undefined), undefined);
    assert.equal(queryInteger('year', 1900, 2200).parse('2026'), 2026);
    assert.ok(!ok(queryInteger('year', 1900, 2200), '1e3'));
    assert.equal(queryBoolean('x').parse('true'), true);
    assert.equal(queryBoolean('x').parse('0'), false);
    assert.ok(!ok(queryBoolean('x'), 'yes'));
    assert.equal(queryDate('from').parse('2026-02-28'), '2026-02-28');
    assert.ok(!ok(queryDate('from'), '2026-02-30'));
  });

  it('textField refuses other types, NUL, surrogates and length', () => {
    const f = textField(5, 'Note');
    assert.ok(ok(f, 'hello'));
    for (const bad of ['toolong', 'a\u0000', '\uD800', 12, true, [], {}, null])
      assert.ok(!ok(f, bad), JSON.stringify(bad));
    assert.equal(
      f.safeParse('toolong').error?.issues[0]?.message,
      'Note is too long (at most 5 characters).',
    );
  });

  it('the walker reports the first problems in field order', () => {
    const faults = findTextFaults({ a: 'ok', b: ['\u0000'], c: { d: '\uDBFF' } });
    assert.deepEqual(
      faults.map((f) => f.path),
      ['b.0', 'c.d'],
    );
  });
});
