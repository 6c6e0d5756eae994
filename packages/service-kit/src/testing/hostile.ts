/**
 * The generated hostile-input suite every service runs (`hostile.test.ts` next to its app).
 * Routes come from the service's own router, so a new route is covered the day it is added:
 * a write route without an example body (or a place on the body-less list) fails the suite.
 *
 * Each write route gets its example body with one field at a time replaced by something
 * invalid by definition (NUL, a lone surrogate, text over the kit's ceiling, a megabyte, the
 * wrong JSON type, an impossible date or time, an absurd number): the answer must be a 400
 * whose `errors` name that field, and the database must be unchanged afterwards. Values that
 * may be valid for some fields (null, '', negative numbers, an unknown field) only have to
 * stay below 500. GET routes get the hostile query table the same way, path parameters a NUL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { callerKindOf, customerHeaders, visitorHeaders, type CustomerHeadersOptions } from './callers.ts';
import { MAX_TEXT_LENGTH } from '../http/hostile-input.ts';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/types.ts';
import type { ServiceOptions } from '../kit.ts';
import { makePrincipal, startTestService, testKeys, type TestService } from './index.ts';

export interface HostileRouteTable {
  /** Path parameter values by name (`id` → a real row's id), so requests reach validation. */
  params: Record<string, string>;
  /** Per-route overrides of `params`, keyed `METHOD /path/:pattern`. */
  paramsByRoute?: Record<string, Record<string, string>>;
  /** A valid body for each POST/PUT/PATCH route that reads one, keyed `METHOD /path/:pattern`. */
  bodies: Record<string, Record<string, unknown>>;
  /** POST/PUT/PATCH routes that read no JSON body (DELETE bodies are never parsed). */
  noBody: string[];
  /** Query parameters a GET route parses; the hostile query table must get a 400 naming them. */
  queries?: Record<string, string[]>;
  /** Body fields that take more than one JSON type on purpose (a field path or its parent). */
  lenient?: Record<string, string[]>;
  /** Routes left out, each with the reason. */
  skip?: Record<string, string>;
  /** Tables that change without a write request (session bookkeeping, say). */
  volatileTables?: string[];
  /** Another caller's token for routes the owner may not use (super admin only, say). */
  tokenByRoute?: Record<string, string>;
}

export interface HostileSetup {
  t: TestService;
  /** A hall owner's bearer token with every page. */
  token: string;
  /** The owner's tenant: its rows are compared before and after the invalid requests. */
  tenantId: string;
  table: HostileRouteTable;
  /**
   * The visitor of the public routes (`/api/public/venues/:slug/…`, decision 56), called as the
   * gateway signs one: default the owner's tenant at `params.slug` (or `hostile-venue`).
   */
  visitor?: { tenantId: string; slug: string };
  /** The customer of the portal routes (`/api/portal/…`): default a customer of the owner's tenant. */
  customer?: CustomerHeadersOptions;
}

interface Route {
  method: string;
  path: string;
  key: string;
  params: string[];
}

interface Case {
  label: string;
  /** Where the problem is: a body field path, a query key or a path parameter. */
  field: string;
  path: string;
  body?: unknown;
  /** A 400 naming `field` is required; otherwise only "below 500". */
  strict: boolean;
}

interface Answer {
  status: number;
  body: { message?: string; errors?: Array<{ path?: string; message?: string }> } | null;
  text: string;
}

const WRITE = new Set(['POST', 'PUT', 'PATCH']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const CONCURRENCY = 4;
const MEGABYTE = 'm'.repeat(1_000_000);
const OVER_CEILING = 'x'.repeat(MAX_TEXT_LENGTH + 1);

/** The query values the suite sends to every GET route; `strict` ones need a declared parameter. */
export const HOSTILE_QUERIES: ReadonlyArray<{
  key: string;
  raw: string;
  strict: 'always' | 'declared' | 'never';
}> = [
  { key: 'page', raw: 'page=9999999999999999999999', strict: 'declared' },
  { key: 'page', raw: 'page=-1', strict: 'declared' },
  { key: 'page', raw: 'page=0', strict: 'declared' },
  { key: 'limit', raw: 'limit=-1', strict: 'declared' },
  { key: 'limit', raw: 'limit=1e9', strict: 'declared' },
  { key: 'limit', raw: 'limit=abc', strict: 'declared' },
  { key: 'limit', raw: 'limit=1&limit=2', strict: 'declared' },
  { key: 'limit[]', raw: 'limit[]=1', strict: 'always' },
  { key: 'x[]', raw: 'x[]=1', strict: 'always' },
  { key: 'search', raw: 'search=%00', strict: 'always' },
  { key: 'q', raw: 'q=%00', strict: 'always' },
  { key: 'from', raw: 'from=2026-02-30', strict: 'declared' },
  { key: 'to', raw: 'to=2026-02-30', strict: 'declared' },
  { key: 'startDate', raw: 'startDate=2026-02-30', strict: 'declared' },
  { key: 'endDate', raw: 'endDate=2026-02-30', strict: 'declared' },
  { key: 'date', raw: 'date=2026-02-30', strict: 'declared' },
  { key: 'date', raw: 'date=', strict: 'never' },
  { key: 'search', raw: `search=${'%F0%9F%8E%89'.repeat(10)}`, strict: 'never' },
  { key: 'sort', raw: 'sort=%27%3B%20DROP%20TABLE%20x%3B--', strict: 'never' },
];

/** A valid body for the kit's `POST /internal/events` (an event nobody consumes). */
export function probeEvent(tenantId: string) {
  return {
    id: randomUUID(),
    type: 'hostile.probe',
    source: 'hostile-test',
    tenantId,
    occurredAt: new Date().toISOString(),
    data: { note: 'nothing to do' },
  };
}

/** The kit's own routes, in every table: the event endpoints and their open `data`. */
export function kitRoutes(tenantId: string): Pick<HostileRouteTable, 'bodies' | 'lenient'> {
  return {
    bodies: {
      'POST /internal/events': probeEvent(tenantId),
      'POST /internal/events/batch': { events: [probeEvent(tenantId)] },
    },
    // An event's data is any JSON; its consumer's schema checks it.
    lenient: { 'POST /internal/events': ['data'], 'POST /internal/events/batch': ['events.0.data'] },
  };
}

const STUB_OWNER = '0a000000-0000-4000-8000-00000000beef';

/**
 * Setup for a service whose routes need nothing but a hall owner (the 501 stubs): started on a
 * fresh database with that owner as the only principal; `params` fills the path parameters
 * (`{owner}` stands for the owner's id).
 */
export async function ownerOnlySetup(
  options: ServiceOptions,
  params: Record<string, string> = {},
): Promise<HostileSetup> {
  const keys = await testKeys();
  const owner = makePrincipal({ userId: STUB_OWNER });
  const t = await startTestService({
    ...options,
    resolvePrincipal: async (id) => (id === STUB_OWNER ? owner : null),
  });
  const token = await keys.token({ sub: STUB_OWNER, role: 'hall_owner', tid: STUB_OWNER, pv: 1 });
  const filled = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, v.replace('{owner}', STUB_OWNER)]),
  );
  return { t, token, tenantId: STUB_OWNER, table: { params: filled, noBody: [], ...kitRoutes(STUB_OWNER) } };
}

/** Every method × path of the router, HEAD aside. */
export function routesOf(t: TestService): Route[] {
  const routes: Route[] = [];
  for (const layer of t.service.router.stack) {
    // Every route of the services is a string path; a RegExp one could not be filled in.
    const path = String(layer.path);
    for (const method of layer.methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        path,
        key: `${method} ${path}`,
        params: layer.paramNames.map((p) => String(p.name)),
      });
    }
  }
  return routes;
}

function setAt(root: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const obj = (root ?? {}) as Record<string, unknown>;
  return { ...obj, [head!]: setAt(obj[head as string], rest, value) };
}

/** The replacements for one value: invalid-by-definition ones are strict, the rest lenient. */
function replacements(v: unknown): Array<[string, unknown, boolean]> {
  if (typeof v === 'string') {
    const out: Array<[string, unknown, boolean]> = [
      ['NUL', `${v}\u0000`, true],
      ['lone surrogate', `\uD800${v}`, true],
      ['text over the ceiling', OVER_CEILING, true],
      ['a number', 12345, true],
      ['true', true, true],
      ['an array', [v], true],
      ['an object', { value: v }, true],
      ['null', null, false],
      ['empty text', '', false],
      ['5,000 characters', 'y'.repeat(5000), false],
    ];
    if (DATE.test(v)) out.push(['an impossible date', '2026-02-30', true], ['month 13', '2026-13-01', true]);
    if (TIME.test(v)) out.push(['an impossible time', '24:61', true]);
    return out;
  }
  if (typeof v === 'number')
    return [
      ['digits as text', String(v), true],
      ['true', true, true],
      ['an array', [], true],
      ['an object', { value: v }, true],
      ['a huge number', 1e20, true],
      ['a negative number', -1, false],
      ['past 32 bits', 2_147_483_648, false],
      ['a fraction', 0.5, false],
      ['null', null, false],
    ];
  if (typeof v === 'boolean')
    return [
      ['"true" as text', String(v), true],
      ['1', 1, true],
      ['an array', [v], true],
      ['an object', {}, true],
      ['null', null, false],
    ];
  if (Array.isArray(v))
    return [
      ['text', 'x', true],
      ['true', true, true],
      ['a number', 1, true],
      ['an object', {}, true],
      ['an empty array', [], false],
      ['null', null, false],
    ];
  if (v && typeof v === 'object')
    return [
      ['text', 'x', true],
      ['true', true, true],
      ['a number', 1, true],
      ['an array', [], true],
      ['an empty object', {}, false],
      ['null', null, false],
    ];
  // null in the example: the type is open, so nothing is invalid by definition.
  return [
    ['text', 'x', false],
    ['a number', 1, false],
    ['an object', {}, false],
    ['an array', [], false],
  ];
}

/** Kit-level problems: refused whatever the field's schema says. */
const KIT_LEVEL = new Set(['NUL', 'lone surrogate', 'text over the ceiling', 'a megabyte']);

function bodyCases(route: Route, example: Record<string, unknown>, lenient: string[]): Case[] {
  const cases: Case[] = [];
  const isLenient = (field: string) => lenient.some((l) => field === l || field.startsWith(`${l}.`));
  let megabyteSent = false;
  const walk = (value: unknown, at: Array<string | number>, depth: number) => {
    const field = at.join('.');
    for (const [label, replacement, strict] of replacements(value)) {
      cases.push({
        label: `${field} = ${label}`,
        field,
        path: route.path,
        body: setAt(example, at, replacement),
        strict: strict && (KIT_LEVEL.has(label) || !isLenient(field)),
      });
    }
    if (typeof value === 'string' && !megabyteSent) {
      megabyteSent = true;
      cases.push({
        label: `${field} = a megabyte`,
        field,
        path: route.path,
        body: setAt(example, at, MEGABYTE),
        strict: true,
      });
    }
    if (depth >= 3) return;
    if (Array.isArray(value) && value.length > 0) walk(value[0], [...at, 0], depth + 1);
    else if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [k, inner] of Object.entries(value)) walk(inner, [...at, k], depth + 1);
  };
  for (const [k, v] of Object.entries(example)) walk(v, [k], 1);
  cases.push(
    {
      label: 'an unknown field holding NUL',
      field: 'zzUnknown',
      path: route.path,
      body: { ...example, zzUnknown: '\u0000' },
      strict: true,
    },
    {
      label: 'an unknown field',
      field: '',
      path: route.path,
      body: { ...example, zzUnknown: 1 },
      strict: false,
    },
    { label: 'an empty object', field: '', path: route.path, body: {}, strict: false },
    { label: 'an array body', field: '', path: route.path, body: [example], strict: false },
  );
  return cases;
}

/** The visitor the public routes are called as. */
function visitorOf(setup: HostileSetup): { tenantId: string; slug: string } {
  return {
    tenantId: setup.visitor?.tenantId ?? setup.tenantId,
    slug: setup.visitor?.slug ?? setup.table.params.slug ?? 'hostile-venue',
  };
}

function fill(route: Route, table: HostileRouteTable, slug?: string): string | null {
  const values: Record<string, string> = {
    ...table.params,
    ...(slug ? { slug } : {}),
    ...table.paramsByRoute?.[route.key],
  };
  let missing = false;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) missing = true;
    return encodeURIComponent(v ?? '');
  });
  return missing ? null : path;
}

async function pool<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

function send(setup: HostileSetup, route: Route, path: string, body?: unknown): Promise<Answer> {
  const { method } = route;
  const token = setup.table.tokenByRoute?.[route.key] ?? setup.token;
  // Each route as its own kind of caller (decision 56): staff by token, a venue's visitor and a
  // customer as the gateway signs them (the header is signed per request: it lives a minute).
  const kind = callerKindOf(route.path);
  const headers: Record<string, string> =
    kind === 'visitor' && !setup.table.tokenByRoute?.[route.key]
      ? visitorHeaders(visitorOf(setup).tenantId, visitorOf(setup).slug)
      : kind === 'customer' && !setup.table.tokenByRoute?.[route.key]
        ? customerHeaders(
            setup.customer ?? { tenantId: setup.tenantId, email: 'hostile-customer@example.test' },
          )
        : { authorization: `Bearer ${token}` };
  if (path.startsWith('/internal/')) headers[INTERNAL_AUTH_HEADER] = process.env.INTERNAL_SECRET ?? '';
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(setup.t.url + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (res) => {
    const text = await res.text();
    let parsed: Answer['body'];
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, text };
  });
}

/** Whether the 400 names `field` (or a part of it) among its errors. */
function names(answer: Answer, field: string): boolean {
  return (answer.body?.errors ?? []).some(
    (e) => typeof e.path === 'string' && (e.path === field || e.path.startsWith(`${field}.`)),
  );
}

const short = (a: Answer) => `${a.status} ${a.text.slice(0, 200)}`;

/**
 * A digest of every table, outbox and inbox aside (the relay works on them), as the owner's
 * tenant sees it and as the system scope does (where a service's policies honour it).
 */
async function snapshot(setup: HostileSetup): Promise<Map<string, string>> {
  return digestService(setup.t, setup.tenantId, setup.table.volatileTables);
}

/**
 * A digest of every table of the service, outbox, inbox and `volatile` aside, as `tenantId`
 * sees it and as the system scope does: equal digests before and after, nothing was stored.
 */
export async function digestService(
  t: TestService,
  tenantId: string,
  volatile: readonly string[] = [],
): Promise<Map<string, string>> {
  const { kit } = t;
  await kit.relay.flush();
  const skip = new Set(['outbox', 'inbox', ...volatile]);
  const digest = (tx: Tx, scope: string) => digestTables(tx, kit.db.schema, skip, scope);
  const tenant = await kit.db.tenantTx(tenantId, (tx) => digest(tx, 'tenant'));
  const system = await kit.db.systemTx((tx) => digest(tx, 'system'));
  return new Map([...tenant, ...system]);
}

async function digestTables(tx: Tx, schema: string, skip: Set<string>, scope: string) {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
    [schema],
  );
  const digest = new Map<string, string>();
  for (const { name } of rows) {
    if (skip.has(name)) continue;
    const r = await tx.query<{ n: number | string; h: string | null }>(
      `SELECT count(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM "${name}" t`,
    );
    digest.set(`${scope}:${name}`, `${r.rows[0]?.n}:${r.rows[0]?.h ?? ''}`);
  }
  return digest;
}

/**
 * The suite. `setup` starts the service (with whatever fakes its other tests use), creates the
 * rows the path parameters name, and returns the route table.
 */
export function describeHostileInput(name: string, setup: () => Promise<HostileSetup>): void {
  describe(`${name}: hostile input gets a 400, never a 500`, () => {
    let s: HostileSetup;
    let routes: Route[];
    const counts = { routes: 0, write: 0, strict: 0, lenient: 0 };
    /** A GET the owner's token opened in the warm-up: asked again at the end to prove it still does. */
    let probe: { route: Route; path: string } | undefined;

    before(async () => {
      s = await setup();
      routes = routesOf(s.t).filter((r) => !s.table.skip?.[r.key]);
      counts.routes = routes.length;
    });
    after(() => s.t.close());

    const reply = (answer: Answer, c: Case): string | null => {
      if (answer.status >= 500 && answer.status !== 501) return `${c.label}: ${short(answer)}`;
      if (!c.strict) return null;
      if (answer.status !== 400) return `${c.label}: expected 400, got ${short(answer)}`;
      if (c.field && !names(answer, c.field))
        return `${c.label}: the 400 does not name "${c.field}": ${short(answer)}`;
      return null;
    };

    /** The cases of one route; `strict` picks the invalid-by-definition ones or the rest. */
    function casesOf(route: Route, strict: boolean): Case[] | string {
      const visitorRoute = callerKindOf(route.path) === 'visitor';
      const slug = visitorRoute ? visitorOf(s).slug : undefined;
      const path = fill(route, s.table, slug);
      if (path === null) return `no value for a path parameter of ${route.key} (${route.params.join(', ')})`;
      const cases: Case[] = [];
      for (const param of route.params) {
        // A visitor's slug is the gateway's to resolve: a service is never reached with a slug
        // it was not signed for (the kit refuses that with a 401, tested in the kit).
        if (visitorRoute && param === 'slug') continue;
        const bad = route.path.replace(`:${param}`, '%00');
        cases.push({
          label: `:${param} = %00`,
          field: param,
          path: fill({ ...route, path: bad }, s.table, slug)!,
          strict: true,
        });
        const junk = route.path.replace(`:${param}`, 'not-a-real-id');
        cases.push({
          label: `:${param} = junk`,
          field: param,
          path: fill({ ...route, path: junk }, s.table, slug)!,
          strict: false,
        });
      }
      cases.push({
        label: 'search=%00 on any route',
        field: 'search',
        path: `${path}?search=%00`,
        strict: true,
      });
      if (route.method === 'GET') {
        const declared = s.table.queries?.[route.key] ?? [];
        for (const q of HOSTILE_QUERIES) {
          const isStrict = q.strict === 'always' || (q.strict === 'declared' && declared.includes(q.key));
          cases.push({ label: q.raw, field: q.key, path: `${path}?${q.raw}`, strict: isStrict });
        }
        for (const key of declared) {
          cases.push(
            { label: `${key}=%00`, field: key, path: `${path}?${key}=%00`, strict: true },
            { label: `${key} twice`, field: key, path: `${path}?${key}=a&${key}=b`, strict: true },
          );
        }
      }
      const example = s.table.bodies[route.key];
      if (WRITE.has(route.method)) {
        if (example)
          cases.push(...bodyCases({ ...route, path }, example, s.table.lenient?.[route.key] ?? []));
        else
          cases.push({
            label: 'a body holding NUL',
            field: 'zzUnknown',
            path,
            body: { zzUnknown: '\u0000' },
            strict: true,
          });
      }
      return cases.filter((c) => c.strict === strict);
    }

    async function run(route: Route, strict: boolean): Promise<void> {
      const cases = casesOf(route, strict);
      if (typeof cases === 'string') assert.fail(cases);
      const failures: string[] = [];
      await pool(cases, async (c) => {
        const problem = reply(await send(s, route, c.path, c.body), c);
        if (problem) failures.push(problem);
      });
      counts[strict ? 'strict' : 'lenient'] += cases.length;
      assert.deepEqual(failures, [], `${route.key}:\n  ${failures.join('\n  ')}`);
    }

    it('every write route has an example body or is known to read none, and the table names real routes', () => {
      const keys = new Set(routesOf(s.t).map((r) => r.key));
      const writes = routes.filter((r) => WRITE.has(r.method));
      counts.write = writes.length + routes.filter((r) => r.method === 'DELETE').length;
      const uncovered = writes.filter((r) => !s.table.bodies[r.key] && !s.table.noBody.includes(r.key));
      assert.deepEqual(
        uncovered.map((r) => r.key),
        [],
        'add an example body (or list the route in noBody) in hostile.test.ts',
      );
      const named = [
        ...Object.keys(s.table.bodies),
        ...s.table.noBody,
        ...Object.keys(s.table.queries ?? {}),
        ...Object.keys(s.table.lenient ?? {}),
        ...Object.keys(s.table.skip ?? {}),
        ...Object.keys(s.table.paramsByRoute ?? {}),
      ];
      assert.deepEqual(
        named.filter((k) => !keys.has(k)),
        [],
        'the hostile table names routes the router does not have',
      );
    });

    it('warm-up: every GET route answers below 500 before the comparison starts', async () => {
      const failures: string[] = [];
      await pool(
        routes.filter((r) => r.method === 'GET'),
        async (r) => {
          const path = fill(r, s.table, callerKindOf(r.path) === 'visitor' ? visitorOf(s).slug : undefined);
          if (path === null) return;
          const a = await send(s, r, path);
          if (a.status >= 500 && a.status !== 501) failures.push(`${r.key}: ${short(a)}`);
          if (a.status === 200 && callerKindOf(r.path) === 'staff') probe ??= { route: r, path };
        },
      );
      assert.deepEqual(failures, []);
    });

    it('invalid by definition: a 400 naming the field, and nothing stored', async (t) => {
      const before = await snapshot(s);
      for (const route of routes) await t.test(route.key, () => run(route, true));
      const afterwards = await snapshot(s);
      const changed = [...before.keys()].filter((k) => before.get(k) !== afterwards.get(k));
      assert.deepEqual(changed, [], 'tables changed by refused requests');
    });

    it('everything else: below 500', async (t) => {
      // Reads first, then writes, deletes last: a deleted row would only turn later cases into 404s.
      const order = (r: Route) => (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1);
      for (const route of [...routes].sort((a, b) => order(a) - order(b)))
        await t.test(route.key, () => run(route, false));
      // Otherwise a case that ended the owner's session would have turned the rest into 401s.
      if (probe) {
        const still = await send(s, probe.route, probe.path);
        assert.equal(
          still.status,
          200,
          `the owner's token no longer opens ${probe.route.key}: ${short(still)}`,
        );
      }
      t.diagnostic(
        `${name}: ${counts.routes} routes (${counts.write} writes), ${counts.strict} refused cases, ${counts.lenient} other cases`,
      );
    });
  });
}
