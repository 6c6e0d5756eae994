/**
 * The probes of the customer's door (issue 25 item 6, decision 56), generated from a service's
 * own router and route table like the hostile-input suite, so a public or portal route is
 * probed the day it is added (`door-probes.test.ts` next to each service's app):
 *
 * - every route takes its own kind of caller only: a public route (`/api/public/venues/:slug/…`)
 *   refuses no caller, a staff token and a customer; a portal route (`/api/portal/…`, `customer`
 *   in the table) refuses no caller, a staff token, a visitor and a customer token sent straight
 *   to the service; every staff route refuses a customer and a visitor (header or token);
 * - another customer (of the same venue, or the same address at another venue) gets 404 for
 *   every portal route naming this customer's records, and a list answers none of their ids;
 * - another venue's visitor gets 404 for every public route naming this venue's records (in the
 *   path or the query), and an answer without ids names none of them;
 * - and none of the refused requests stored anything.
 *
 * The table's calls under /api/public and /api/portal must also be as the door says
 * (`doorRouteProblems`: tags Public and Portal, access public and customer).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { doorRouteProblems, findRoute, type RouteTable } from '@venue/contracts/api';
import { signCustomerToken } from '../auth/callers.ts';
import { loadPrivateKey } from '../auth/tokens.ts';
import { callerKindOf, customerHeaders, visitorHeaders, type CustomerHeadersOptions } from './callers.ts';
import { digestService, routesOf } from './hostile.ts';
import type { TestService } from './index.ts';

export interface DoorProbeSetup {
  t: TestService;
  /** The service's route table (its `public` calls under /api take no caller: sign-in, refresh). */
  table: RouteTable;
  /** A staff bearer token of `venue` (its hall owner). */
  token: string;
  /** The venue whose records the parameters name, at its slug. */
  venue: { tenantId: string; slug: string };
  /** Another venue: its visitors and customers must never reach `venue`'s records. */
  otherVenue: { tenantId: string; slug: string };
  /** The customer of `venue` whose records the parameters name. */
  customer: CustomerHeadersOptions;
  /** Path parameter values: ids of `customer`'s records at `venue` (`id` → a booking of theirs). */
  params?: Record<string, string>;
  /** Per-route overrides of `params`, keyed `METHOD /path/:pattern`. */
  paramsByRoute?: Record<string, Record<string, string>>;
  /** A query string per route key, `{name}` filled from the parameters (`resourceId={resourceId}`). */
  queries?: Record<string, string>;
  /** A valid body for each POST/PUT/PATCH door route (as in the hostile table). */
  bodies?: Record<string, Record<string, unknown>>;
  /** Routes left out, each with the reason. */
  skip?: Record<string, string>;
  /** Tables that change without a write request (session bookkeeping, say). */
  volatileTables?: string[];
}

interface Route {
  method: string;
  path: string;
  key: string;
  params: string[];
}

interface Answer {
  status: number;
  text: string;
}

const WRITE = new Set(['POST', 'PUT', 'PATCH']);

function fill(route: Route, s: DoorProbeSetup, slug?: string): string | null {
  const values: Record<string, string> = {
    ...s.params,
    ...(slug ? { slug } : {}),
    ...s.paramsByRoute?.[route.key],
  };
  let missing = false;
  let path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) missing = true;
    return encodeURIComponent(v ?? '');
  });
  const query = s.queries?.[route.key];
  if (query) {
    path += `?${query.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = values[name];
      if (v === undefined) missing = true;
      return encodeURIComponent(v ?? '');
    })}`;
  }
  return missing ? null : path;
}

async function send(
  s: DoorProbeSetup,
  route: Route,
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const body = WRITE.has(route.method) ? (s.bodies?.[route.key] ?? {}) : undefined;
  const res = await fetch(s.t.url + path, {
    method: route.method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

const short = (a: Answer) => `${a.status} ${a.text.slice(0, 160)}`;

/** Registers the probes as node:test tests of the calling service. */
export function describeDoorProbes(name: string, setup: () => Promise<DoorProbeSetup>): void {
  describe(`${name}: the customer's door is kept`, () => {
    let s: DoorProbeSetup;
    let routes: Route[];
    let before_: Map<string, string>;
    let customerToken: string;
    const counts = { visitor: 0, customer: 0, staff: 0 };

    const accessOf = (route: Route) =>
      findRoute(s.table, route.method, route.path.replace(/:(\w+)/g, '{$1}'))?.access;
    const isCustomerRoute = (r: Route) => callerKindOf(r.path) === 'customer' && accessOf(r) === 'customer';
    const isVisitorRoute = (r: Route) => callerKindOf(r.path) === 'visitor';
    const isStaffRoute = (r: Route) => callerKindOf(r.path) === 'staff' && accessOf(r) !== 'public';
    /** The ids the parameters name (never to appear in another caller's answer). */
    const ids = () => Object.values(s.params ?? {}).filter((v) => v.length >= 8);

    before(async () => {
      s = await setup();
      routes = routesOf(s.t).filter((r) => !s.skip?.[r.key]);
      customerToken = await signCustomerToken(
        {
          sub: s.customer.customerId ?? 'probe-customer',
          tid: s.customer.tenantId,
          em: s.customer.email,
          sid: 'probe',
        },
        await loadPrivateKey(),
      );
      before_ = await digestService(s.t, s.venue.tenantId, s.volatileTables);
    });
    after(() => s.t.close());

    it('the route table keeps the door apart (Public / Portal, public / customer)', () => {
      const served = new Set(routes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`));
      const table = s.table.filter((r) => served.has(`${r.method.toUpperCase()} ${r.path}`));
      assert.deepEqual(doorRouteProblems(table), []);
    });

    it('every route refuses the other kinds of caller', async () => {
      const visitor = visitorHeaders(s.venue.tenantId, s.venue.slug);
      const customer = customerHeaders(s.customer);
      const staff = { authorization: `Bearer ${s.token}` };
      const failures: string[] = [];
      for (const route of routes) {
        const kind = isVisitorRoute(route)
          ? 'visitor'
          : isCustomerRoute(route)
            ? 'customer'
            : isStaffRoute(route)
              ? 'staff'
              : null;
        if (!kind) continue;
        const path = fill(route, s, kind === 'visitor' ? s.venue.slug : undefined);
        if (path === null) {
          failures.push(`${route.key}: no value for a path parameter (${route.params.join(', ')})`);
          continue;
        }
        const wrong: Array<[string, Record<string, string>]> =
          kind === 'visitor'
            ? [
                ['no caller', {}],
                ['a staff token', staff],
                ['a customer', customer],
              ]
            : kind === 'customer'
              ? [
                  ['no caller', {}],
                  ['a staff token', staff],
                  ['a visitor', visitor],
                  ['a customer token sent past the gateway', { authorization: `Bearer ${customerToken}` }],
                ]
              : [
                  ['a customer', customer],
                  ['a visitor', visitor],
                  ['a customer token', { authorization: `Bearer ${customerToken}` }],
                ];
        counts[kind]++;
        for (const [who, headers] of wrong) {
          const a = await send(s, route, path, headers);
          if (a.status !== 401) failures.push(`${route.key} as ${who}: expected 401, got ${short(a)}`);
        }
      }
      assert.deepEqual(failures, []);
    });

    it("another customer reaches none of this customer's records", async () => {
      const others: Array<[string, CustomerHeadersOptions]> = [
        ['another customer of the venue', { tenantId: s.venue.tenantId, email: `other.${s.customer.email}` }],
        ['the same address at another venue', { tenantId: s.otherVenue.tenantId, email: s.customer.email }],
      ];
      const failures: string[] = [];
      for (const route of routes.filter(isCustomerRoute)) {
        const path = fill(route, s);
        if (path === null) continue;
        // A write naming no record is the other customer's own: nothing to probe.
        if (WRITE.has(route.method) && route.params.length === 0) continue;
        if (route.method === 'GET') {
          const own = await send(s, route, path, customerHeaders(s.customer));
          if (own.status >= 400) failures.push(`${route.key}: the customer's own call answers ${short(own)}`);
        }
        for (const [who, other] of others) {
          const a = await send(s, route, path, customerHeaders(other));
          if (route.params.length > 0 && a.status !== 404)
            failures.push(`${route.key} as ${who}: expected 404, got ${short(a)}`);
          if (a.status >= 500) failures.push(`${route.key} as ${who}: ${short(a)}`);
          for (const id of ids())
            if (a.text.includes(id)) failures.push(`${route.key} as ${who}: the answer names ${id}`);
        }
      }
      assert.deepEqual(failures, []);
    });

    it("another venue's visitor reaches none of this venue's records", async () => {
      const failures: string[] = [];
      const stranger = visitorHeaders(s.otherVenue.tenantId, s.otherVenue.slug);
      for (const route of routes.filter(isVisitorRoute)) {
        const path = fill(route, s, s.otherVenue.slug);
        if (path === null) continue;
        const names =
          route.params.some((p) => p !== 'slug') || Boolean(s.queries?.[route.key]?.includes('{'));
        // A write naming no record is simply a request to the other venue: nothing to probe.
        if (WRITE.has(route.method) && !names) continue;
        const a = await send(s, route, path, stranger);
        if (names && a.status !== 404) failures.push(`${route.key}: expected 404, got ${short(a)}`);
        if (a.status >= 500) failures.push(`${route.key}: ${short(a)}`);
        for (const id of ids())
          if (a.text.includes(id)) failures.push(`${route.key}: the answer names ${id}`);
      }
      assert.deepEqual(failures, []);
    });

    it('nothing the refused callers sent was stored', async (t) => {
      const afterwards = await digestService(s.t, s.venue.tenantId, s.volatileTables);
      const changed = [...before_.keys()].filter((k) => before_.get(k) !== afterwards.get(k));
      assert.deepEqual(changed, [], 'tables changed by refused requests');
      t.diagnostic(
        `${name}: ${counts.visitor} public, ${counts.customer} portal and ${counts.staff} staff routes probed`,
      );
    });
  });
}
