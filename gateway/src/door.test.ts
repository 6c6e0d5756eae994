/**
 * The customer's door at the gateway (decision 56): visitors by slug, customers by their own
 * token and session, each routed to the owning service by the route tables, signed, limited.
 */
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  CUSTOMER_HEADER,
  CUSTOMER_SIGNATURE_HEADER,
  ONLINE_BOOKINGS_DEFAULTS,
  VENUE_NOT_ONLINE_MESSAGE,
  VISITOR_HEADER,
  VISITOR_SIGNATURE_HEADER,
  type VenueBySlug,
} from '@venue/contracts';
import type { RouteTable } from '@venue/contracts/api';
import { decodeCustomer, decodeVisitor, signCustomerToken } from '@venue/service-kit';
import { settingsChangedEvent } from '@venue/service-kit/testing';
import {
  DEFAULT_DOOR_LIMITS,
  doorLimitsFromEnv,
  doorRoutes,
  matchDoorRoute,
  type DoorLimits,
} from './door.ts';
import {
  fakeService,
  startGateway,
  TEST_SECRET,
  testKeys,
  type FakeService,
  type RunningGateway,
  type TestKeys,
} from './test-helpers.ts';

const HARBOUR = { tenantId: randomUUID(), slug: 'harbourside-hall', enabled: true };
const HILLTOP = { tenantId: randomUUID(), slug: 'hilltop-community-centre', enabled: true };
const CLOSED = { tenantId: randomUUID(), slug: 'closed-hall', enabled: false };

const r = (
  service: 'catalogue' | 'bookings' | 'money' | 'admin',
  method: 'get' | 'post',
  path: string,
  access: string,
) => ({
  service,
  method,
  path,
  access,
  tag: path.startsWith('/api/portal') ? 'Portal' : 'Public',
  summary: path,
  responses: { 200: { description: 'OK', schema: z.unknown() } },
});

/** The door's calls as the owning services' tables will declare them. */
const TABLES: RouteTable[] = [
  [
    r('catalogue', 'get', '/api/public/venues/{slug}', 'public'),
    r('bookings', 'get', '/api/public/venues/{slug}/availability', 'public'),
    r('bookings', 'post', '/api/public/venues/{slug}/quote', 'public'),
    r('bookings', 'post', '/api/public/venues/{slug}/requests', 'public'),
    r('admin', 'get', '/api/public/venues/{slug}/logo', 'public'),
    r('admin', 'post', '/api/portal/session', 'public'),
    r('admin', 'get', '/api/portal/me', 'customer'),
    r('bookings', 'get', '/api/portal/bookings', 'customer'),
    r('bookings', 'get', '/api/portal/bookings/{id}', 'customer'),
    r('money', 'get', '/api/portal/invoices', 'customer'),
    // A staff call in the same table is none of the door's business.
    r('bookings', 'get', '/api/bookings', 'bookings'),
  ],
];

interface AdminState {
  venues: Map<string, VenueBySlug>;
  sessions: Map<
    string,
    { status: 'live'; customerId: string; tenantId: string; email: string } | { status: 'ended' }
  >;
  slugLookups: string[];
  sessionLookups: string[];
  down: boolean;
}

let keys: TestKeys;
let admin: FakeService;
let catalogue: FakeService;
let bookings: FakeService;
let money: FakeService;
const state: AdminState = {
  venues: new Map(),
  sessions: new Map(),
  slugLookups: [],
  sessionLookups: [],
  down: false,
};

describe('the customer door', () => {
  before(async () => {
    keys = await testKeys();
    for (const v of [HARBOUR, HILLTOP, CLOSED]) state.venues.set(v.slug, v);
    admin = await fakeService('admin', (req, res) => {
      const url = new URL(req.url ?? '/', 'http://admin');
      const json = (status: number, body?: unknown) =>
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(body === undefined ? '' : JSON.stringify(body));
      const slug = /^\/internal\/venues\/by-slug\/([^/]+)$/.exec(url.pathname);
      const session = /^\/internal\/customer-sessions\/([^/]+)$/.exec(url.pathname);
      if (!slug && !session) return false;
      if (state.down) {
        res.destroy();
        return true;
      }
      if (req.headers['x-venue-internal'] !== TEST_SECRET) {
        json(401, { message: 'no' });
        return true;
      }
      if (slug) {
        state.slugLookups.push(decodeURIComponent(slug[1]!));
        const v = state.venues.get(decodeURIComponent(slug[1]!));
        if (v) json(200, v);
        else json(404, { message: 'No venue has this address.' });
      } else {
        state.sessionLookups.push(session![1]!);
        json(200, state.sessions.get(session![1]!) ?? { status: 'ended' });
      }
      return true;
    });
    catalogue = await fakeService('catalogue');
    bookings = await fakeService('bookings');
    money = await fakeService('money');
  });
  after(async () => {
    await Promise.all([admin, catalogue, bookings, money].map((s) => s.close()));
  });

  let gateway: RunningGateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
    state.down = false;
    state.slugLookups.length = 0;
    state.sessionLookups.length = 0;
    for (const s of [admin, catalogue, bookings, money]) s.requests.length = 0;
  });

  const WIDE: DoorLimits = {
    addressReads: { max: 10_000, windowMs: 60_000 },
    addressSends: { max: 10_000, windowMs: 60_000 },
    venueReads: { max: 10_000, windowMs: 60_000 },
    venueSends: { max: 10_000, windowMs: 60_000 },
  };

  async function start(options: Parameters<typeof startGateway>[1] = {}): Promise<RunningGateway> {
    gateway = await startGateway(
      { admin: admin.url, catalogue: catalogue.url, bookings: bookings.url, money: money.url },
      { doorTables: TABLES, doorLimits: WIDE, ...options },
    );
    return gateway;
  }

  async function get(path: string, headers: Record<string, string> = {}, method = 'GET', body?: unknown) {
    const res = await fetch(gateway!.url + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, headers: res.headers, body: json as any };
  }

  function postEvent(type: string, data: unknown) {
    return fetch(`${gateway!.url}/internal/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-venue-internal': TEST_SECRET },
      body: JSON.stringify({
        id: randomUUID(),
        type,
        source: 'admin',
        tenantId: null,
        occurredAt: new Date().toISOString(),
        data,
      }),
    });
  }

  async function customerToken(c: {
    customerId: string;
    tenantId: string;
    email: string;
    sessionId: string;
  }) {
    return signCustomerToken(
      { sub: c.customerId, tid: c.tenantId, em: c.email, sid: c.sessionId },
      keys.privateKey,
    );
  }

  function liveCustomer(tenantId = HARBOUR.tenantId) {
    const c = {
      customerId: randomUUID(),
      tenantId,
      email: `c${randomUUID().slice(0, 6)}@example.test`,
      sessionId: randomUUID(),
    };
    state.sessions.set(c.sessionId, {
      status: 'live',
      customerId: c.customerId,
      tenantId: c.tenantId,
      email: c.email,
    });
    return c;
  }

  describe('route tables decide the owner of each door call', () => {
    test('literal paths before parameters; HEAD as GET; staff calls are not the door’s', () => {
      const routes = doorRoutes(TABLES);
      assert.equal(matchDoorRoute(routes, 'GET', '/api/public/venues/x/availability')?.service, 'bookings');
      assert.equal(matchDoorRoute(routes, 'HEAD', '/api/public/venues/x')?.service, 'catalogue');
      assert.equal(matchDoorRoute(routes, 'GET', '/api/public/venues/x/logo')?.service, 'admin');
      assert.equal(matchDoorRoute(routes, 'GET', '/api/portal/bookings/abc')?.access, 'customer');
      assert.equal(matchDoorRoute(routes, 'GET', '/api/portal/bookings/abc/extra'), undefined);
      assert.equal(matchDoorRoute(routes, 'DELETE', '/api/public/venues/x'), undefined);
      assert.ok(!routes.some((x) => x.path === '/api/bookings'));
      // The product's own tables: admin's door calls are there.
      const real = doorRoutes();
      assert.equal(matchDoorRoute(real, 'POST', '/api/public/venues/x/portal-link')?.service, 'admin');
      assert.equal(matchDoorRoute(real, 'GET', '/api/portal/me')?.access, 'customer');
    });

    test('PUBLIC_RATE_LIMIT_SCALE scales the limits', () => {
      assert.deepEqual(doorLimitsFromEnv({}), DEFAULT_DOOR_LIMITS);
      assert.equal(
        doorLimitsFromEnv({ PUBLIC_RATE_LIMIT_SCALE: '10' }).addressSends.max,
        DEFAULT_DOOR_LIMITS.addressSends.max * 10,
      );
      assert.deepEqual(doorLimitsFromEnv({ PUBLIC_RATE_LIMIT_SCALE: 'lots' }), DEFAULT_DOOR_LIMITS);
    });
  });

  describe('visitors of a venue’s public page', () => {
    test('the owning service gets the signed visitor (venue, slug, address) and nothing of the visitor’s own', async () => {
      await start();
      const forged = { [VISITOR_HEADER]: 'x', [VISITOR_SIGNATURE_HEADER]: 'y' };
      const a = await get('/api/public/venues/harbourside-hall', {
        ...forged,
        cookie: 'venue_refresh=secret',
        authorization: 'Bearer staff-token',
      });
      assert.equal(a.status, 200);
      assert.equal(a.body.service, 'catalogue');
      const seen = catalogue.requests[0]!.headers;
      const visitor = decodeVisitor(
        seen[VISITOR_HEADER] as string,
        seen[VISITOR_SIGNATURE_HEADER] as string,
        TEST_SECRET,
      );
      assert.deepEqual(
        visitor && { tenantId: visitor.tenantId, slug: visitor.slug, address: visitor.address },
        { tenantId: HARBOUR.tenantId, slug: 'harbourside-hall', address: '127.0.0.1' },
      );
      assert.ok(visitor!.exp - Date.now() / 1000 <= 60, 'signed for a minute');
      assert.equal(seen.cookie, undefined);
      assert.equal(seen.authorization, undefined);
      assert.equal(seen['x-venue-principal'], undefined);

      assert.equal(
        (await get('/api/public/venues/hilltop-community-centre/availability?resourceId=r1')).body.service,
        'bookings',
      );
      const hv = bookings.requests[0]!.headers;
      assert.equal(
        decodeVisitor(hv[VISITOR_HEADER] as string, hv[VISITOR_SIGNATURE_HEADER] as string, TEST_SECRET)
          ?.tenantId,
        HILLTOP.tenantId,
      );
      assert.equal(
        bookings.requests[0]!.url,
        '/api/public/venues/hilltop-community-centre/availability?resourceId=r1',
      );
      assert.equal((await get('/api/public/venues/harbourside-hall/logo')).body.service, 'admin');
    });

    test('an unknown slug, a venue that is off, or a slug that cannot be one: 404 before any service', async () => {
      await start();
      for (const path of [
        '/api/public/venues/no-such-venue',
        '/api/public/venues/closed-hall',
        '/api/public/venues/closed-hall/availability',
        '/api/public/venues/Harbourside-Hall',
        '/api/public/venues/%E2%9C%93',
        '/api/public/venues/',
      ]) {
        const a = await get(path);
        assert.equal(a.status, 404, path);
        assert.equal(a.body.message, VENUE_NOT_ONLINE_MESSAGE, path);
      }
      assert.equal(catalogue.requests.length + bookings.requests.length, 0);
      // A venue that is open, but a call no table names: an ordinary 404.
      const unknown = await get('/api/public/venues/harbourside-hall/secrets');
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.message, 'Not found');
      assert.equal((await get('/api/public/other')).status, 404);
    });

    test('slugs are asked of admin once per 30 s, and again at once after the venue’s settings change', async () => {
      await start();
      for (let i = 0; i < 5; i++) await get('/api/public/venues/harbourside-hall');
      await Promise.all(Array.from({ length: 5 }, () => get('/api/public/venues/hilltop-community-centre')));
      assert.deepEqual(state.slugLookups.sort(), ['harbourside-hall', 'hilltop-community-centre']);
      // The owner turns the page off: the event reaches the gateway and the next visitor gets the 404.
      state.venues.set('harbourside-hall', { ...HARBOUR, enabled: false });
      try {
        const event = await postEvent(
          'tenant.settings_changed',
          settingsSnapshot(HARBOUR.tenantId, 'harbourside-hall'),
        );
        assert.equal(event.status, 200);
        assert.deepEqual(await event.json(), { status: 'processed' });
        assert.equal((await get('/api/public/venues/harbourside-hall')).status, 404);
      } finally {
        state.venues.set('harbourside-hall', HARBOUR);
      }
      // A slug that named nobody is asked again once a venue takes it.
      assert.equal((await get('/api/public/venues/new-hall')).status, 404);
      const taker = { tenantId: randomUUID(), slug: 'new-hall', enabled: true };
      state.venues.set('new-hall', taker);
      try {
        await postEvent('tenant.settings_changed', settingsSnapshot(taker.tenantId, 'new-hall'));
        assert.equal((await get('/api/public/venues/new-hall')).status, 200);
      } finally {
        state.venues.delete('new-hall');
      }
    });

    test('admin down: a known venue still serves from the cache, an unknown one is a 503', async () => {
      await start({ doorCacheTtlMs: 1 });
      assert.equal((await get('/api/public/venues/harbourside-hall')).status, 200);
      state.down = true;
      await new Promise((ok) => setTimeout(ok, 5));
      assert.equal((await get('/api/public/venues/harbourside-hall')).status, 200);
      const unknown = await get('/api/public/venues/hilltop-community-centre');
      assert.equal(unknown.status, 503);
      assert.match(unknown.body.message, /unavailable/);
    });

    test('limited per address (an IPv6 /64 is one) and per venue; sending far tighter than reading; 429 with Retry-After', async () => {
      await start({
        trustProxy: true,
        doorLimits: {
          addressReads: { max: 4, windowMs: 60_000 },
          addressSends: { max: 2, windowMs: 60_000 },
          venueReads: { max: 1000, windowMs: 60_000 },
          venueSends: { max: 3, windowMs: 60_000 },
        },
      });
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const send = (ip: string, slug = 'harbourside-hall') =>
        get(`/api/public/venues/${slug}/requests`, from(ip), 'POST', { name: 'x' });
      // Two requests from one address, then refused; a quote is a read, not a send.
      assert.equal((await send('2001:db8:1:1::1')).status, 200);
      assert.equal((await send('2001:db8:1:1::2')).status, 200, 'the same /64');
      const third = await send('2001:db8:1:1::ffff');
      assert.equal(third.status, 429);
      assert.ok(Number(third.headers.get('retry-after')) >= 1);
      assert.equal(third.body.code, 'too-many-requests');
      assert.equal(
        (await get('/api/public/venues/harbourside-hall/quote', from('2001:db8:1:1::3'), 'POST', {})).status,
        200,
      );
      // Another /64 has its own allowance, until the venue's is spent: 3 sends in all.
      assert.equal((await send('2001:db8:1:2::1')).status, 200);
      assert.equal((await send('2001:db8:1:3::1')).status, 429, 'the venue has had its 3');
      assert.equal(
        (await send('2001:db8:1:3::1', 'hilltop-community-centre')).status,
        200,
        'another venue is not',
      );
      // Reads per address: 4 (the quote above was one).
      for (let i = 0; i < 3; i++)
        assert.equal((await get('/api/public/venues/harbourside-hall', from('2001:db8:1:1::9'))).status, 200);
      assert.equal((await get('/api/public/venues/harbourside-hall', from('2001:db8:1:1::9'))).status, 429);
      const sent = bookings.requests.filter((q) => q.url.endsWith('/requests')).length;
      assert.equal(sent, 4, 'refused requests never reached bookings');
    });

    test('a visitor’s body is a form: over 64 KB is a 413', async () => {
      await start();
      const big = await get('/api/public/venues/harbourside-hall/requests', {}, 'POST', {
        notes: 'x'.repeat(70_000),
      });
      assert.equal(big.status, 413);
      assert.equal(bookings.requests.length, 0);
    });
  });

  describe('customers in the portal', () => {
    test('a live customer token reaches the owning service as the signed customer; the session is asked once', async () => {
      await start();
      const c = liveCustomer();
      const token = await customerToken(c);
      const forged = { [CUSTOMER_HEADER]: 'x', [CUSTOMER_SIGNATURE_HEADER]: 'y' };
      for (let i = 0; i < 3; i++) {
        const a = await get('/api/portal/bookings', { authorization: `Bearer ${token}`, ...forged });
        assert.equal(a.status, 200);
      }
      assert.equal(
        (await get('/api/portal/invoices', { authorization: `Bearer ${token}` })).body.service,
        'money',
      );
      assert.deepEqual(state.sessionLookups, [c.sessionId]);
      const seen = bookings.requests[0]!.headers;
      const signed = decodeCustomer(
        seen[CUSTOMER_HEADER] as string,
        seen[CUSTOMER_SIGNATURE_HEADER] as string,
        TEST_SECRET,
      );
      assert.ok(signed);
      assert.deepEqual(
        {
          customerId: signed.customerId,
          tenantId: signed.tenantId,
          email: signed.email,
          sessionId: signed.sessionId,
        },
        c,
      );
      assert.equal(seen.authorization, undefined);
    });

    test('no token, a staff token, a forged or ended session: 401 to sign in again, and no service reached', async () => {
      await start();
      const staff = await keys.token({ sub: randomUUID(), pv: 1 });
      const ended = liveCustomer();
      state.sessions.set(ended.sessionId, { status: 'ended' });
      const other = liveCustomer();
      // A token naming a session that is someone else's.
      const mismatched = await customerToken({ ...other, customerId: randomUUID() });
      for (const [what, headers] of [
        ['no token', {}],
        ['a staff token', { authorization: `Bearer ${staff}` }],
        ['garbage', { authorization: 'Bearer not.a.token' }],
        ['an ended session', { authorization: `Bearer ${await customerToken(ended)}` }],
        ['another customer’s session', { authorization: `Bearer ${mismatched}` }],
      ] as const) {
        const a = await get('/api/portal/bookings/b1', headers as Record<string, string>);
        assert.equal(a.status, 401, what);
        assert.equal(a.body.code, 'portal_session_ended', what);
      }
      assert.equal(bookings.requests.length, 0);
    });

    test('a customer token is refused on every staff call', async () => {
      await start();
      const token = await customerToken(liveCustomer());
      for (const path of ['/api/bookings', '/api/users/profile', '/api/invoices']) {
        const a = await get(path, { authorization: `Bearer ${token}` });
        assert.equal(a.status, 401, path);
      }
      assert.equal(bookings.requests.length + money.requests.length + admin.requests.length, 0);
    });

    test('customer.session_ended refuses the session at once, without asking admin', async () => {
      await start();
      const c = liveCustomer();
      const token = await customerToken(c);
      assert.equal((await get('/api/portal/bookings', { authorization: `Bearer ${token}` })).status, 200);
      const event = await postEvent('customer.session_ended', {
        tenantId: c.tenantId,
        customerId: c.customerId,
        sessionIds: [c.sessionId],
        reason: 'signed_out',
      });
      assert.deepEqual(await event.json(), { status: 'processed' });
      assert.equal((await get('/api/portal/bookings', { authorization: `Bearer ${token}` })).status, 401);
      assert.deepEqual(state.sessionLookups, [c.sessionId]);
    });

    test('admin down: the signed token serves for its ten minutes', async () => {
      await start();
      state.down = true;
      const token = await customerToken(liveCustomer());
      assert.equal((await get('/api/portal/bookings', { authorization: `Bearer ${token}` })).status, 200);
    });

    test('the session calls pass without a token, with the refresh cookie; unknown portal calls are 404', async () => {
      await start();
      const a = await get(
        '/api/portal/session',
        { cookie: 'venue_portal_refresh=abc', authorization: 'Bearer stale' },
        'POST',
        {
          token: 'x',
        },
      );
      assert.equal(a.status, 200);
      assert.equal(a.body.service, 'admin');
      const seen = admin.requests.at(-1)!.headers;
      assert.equal(seen.cookie, 'venue_portal_refresh=abc');
      assert.equal(seen.authorization, undefined);
      assert.equal((await get('/api/portal/nothing-here')).status, 404);
    });
  });

  describe('the light app at /book and /my', () => {
    let root: string;
    before(async () => {
      root = await mkdtemp(join(tmpdir(), 'portal-dist-'));
      await mkdir(join(root, 'portal', 'dist'), { recursive: true });
      const dist = join(root, 'portal', 'dist');
      await writeFile(
        join(dist, 'index.html'),
        `<!doctype html><title>Book online</title><script src="/book/main.abcdef12.js"></script>${' '.repeat(2000)}`,
      );
      await writeFile(join(dist, 'main.abcdef12.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
      await writeFile(join(dist, 'embed.js'), '(() => {})();');
    });
    after(() => rm(root, { recursive: true, force: true }));

    test('/book/<slug>: the page, framable by any site; its hashed files cached for a year, embed.js loadable cross-site', async () => {
      await start({ staticRoot: root });
      const page = await get('/book/harbourside-hall', { accept: 'text/html' });
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /text\/html/);
      assert.match(String(page.body), /Book online/);
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.match(csp, /frame-ancestors \*/);
      assert.match(csp, /script-src 'self'/);
      assert.doesNotMatch(csp, /script-src[^;]*unsafe/);
      assert.equal(page.headers.get('x-frame-options'), null);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
      for (const path of ['/book/harbourside-hall/verify?token=abc', '/book', '/book/']) {
        assert.match(String((await get(path, { accept: 'text/html' })).body), /Book online/, path);
      }
      const js = await fetch(`${gateway!.url}/book/main.abcdef12.js`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      assert.equal(js.status, 200);
      assert.match(js.headers.get('cache-control') ?? '', /max-age=31536000, immutable/);
      assert.equal(js.headers.get('content-encoding'), 'gzip');
      // fetch undoes the gzip itself
      assert.ok((await js.text()).startsWith('console.log'));
      const embed = await get('/book/embed.js');
      assert.equal(embed.headers.get('cache-control'), 'no-cache');
      assert.equal(embed.headers.get('cross-origin-resource-policy'), 'cross-origin');
      assert.equal((await get('/book/main.00000000.js')).status, 404, 'a missing file is no page');
      assert.equal((await get('/book/harbourside-hall', {}, 'POST', {})).status, 405);
    });

    test('/my: the same page, never in a frame', async () => {
      await start({ staticRoot: root });
      for (const path of ['/my', '/my/sign-in?token=abc', '/my/bookings/123']) {
        const page = await get(path, { accept: 'text/html' });
        assert.equal(page.status, 200, path);
        assert.match(String(page.body), /Book online/);
        assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
        assert.equal(page.headers.get('x-frame-options'), 'DENY');
      }
      // The shell's paths are not the portal's.
      assert.notEqual(
        (await get('/mystery', { accept: 'text/html' })).headers.get('x-frame-options'),
        'DENY',
      );
    });

    test('no build: a 503 that says so', async () => {
      await start();
      const page = await get('/book/harbourside-hall', { accept: 'text/html' });
      assert.equal(page.status, 503);
      assert.match(page.body.message, /booking page is not available/);
    });
  });

  /** Admin's settings snapshot of a venue whose booking page is on at `slug` (otherwise the contract's defaults). */
  function settingsSnapshot(tenantId: string, slug: string) {
    return settingsChangedEvent(tenantId, 2, {
      onlineBookings: {
        ...ONLINE_BOOKINGS_DEFAULTS,
        enabled: true,
        slug,
        agreement: { ...ONLINE_BOOKINGS_DEFAULTS.agreement, updatedAt: new Date().toISOString() },
      },
    }).data;
  }
});
