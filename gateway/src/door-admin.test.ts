/**
 * The customer's sign-in end to end through the gateway, with the real admin service (its relay
 * posting to this gateway's /internal/events) and a small service on the kit standing in for the
 * owning services' portal and public routes: a visitor asks for a link at the venue's slug, the
 * link starts a session, the customer token reaches the portal route as the signed customer, a
 * staff token does not, and signing out (or the owner turning the page off) bites at once.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { PORTAL_REFRESH_COOKIE, VENUE_NOT_ONLINE_MESSAGE } from '@venue/contracts';
import type { RouteTable } from '@venue/contracts/api';
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import { requireCustomer, requireVisitor, type AppContext, type AppRouter } from '@venue/service-kit';
import { login, type Harness, type Session } from '../../services/admin/src/testing/harness.ts';
import { startAdminBehindGateway, type AdminBehindGateway } from './test-helpers.ts';

let h: Harness;
let owner: Session;

/** What a bookings-like service does with the signed callers. */
function areaRoutes(router: AppRouter): void {
  router.get('/api/public/venues/:slug/availability', requireVisitor, async (ctx: AppContext) => {
    ctx.body = { tenantId: ctx.state.visitor.tenantId, slug: ctx.state.visitor.slug };
  });
  router.get('/api/portal/bookings', requireCustomer, async (ctx: AppContext) => {
    const { customerId, tenantId, email } = ctx.state.customer;
    ctx.body = { customerId, tenantId, email };
  });
}

const route = (method: 'get' | 'post', path: string, access: string) => ({
  service: 'bookings' as const,
  method,
  path,
  access,
  tag: path.startsWith('/api/portal') ? 'Portal' : 'Public',
  summary: path,
  responses: { 200: { description: 'OK', schema: z.unknown() } },
});
const TABLES: RouteTable[] = [
  ADMIN_ROUTES,
  [
    route('get', '/api/public/venues/{slug}/availability', 'public'),
    route('get', '/api/portal/bookings', 'customer'),
  ],
];

describe('the customer door end to end', () => {
  let setup: AdminBehindGateway;
  before(async () => {
    // Admin's relay delivers customer.session_ended and tenant.settings_changed to the gateway.
    setup = await startAdminBehindGateway(
      { name: 'door_area', routes: areaRoutes, serves: ['bookings'] },
      { doorTables: TABLES },
    );
    h = setup.admin;
    owner = await login(h, 'owner@demo.local');
  });
  after(() => setup?.close());

  const via: AdminBehindGateway['via'] = (...args) => setup.via(...args);

  async function within(ms: number, check: () => Promise<boolean>, what: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await check()) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`not within ${ms} ms: ${what}`);
  }

  describe('the customer door through the gateway, with admin', () => {
    // Sign-out reaches the gateway by admin's relay (about a second on an idle machine); the test
    // allows ten, far inside the token's own lifetime, since a loaded two-core machine running
    // the suite's files side by side delayed it past one (a timed assertion is bench's business).
    test('link, session, portal call as the signed customer; sign-out refuses the token long before it expires', async () => {
      const email = `door.${Date.now()}@example.test`;
      const asked = await via('POST', '/api/public/venues/harbourside-hall/portal-link', { body: { email } });
      assert.equal(asked.status, 202);
      const { rows } = await h.kit.db.query<{ token: string }>(
        `SELECT data->>'token' AS token FROM outbox WHERE type = 'customer.portal_link_requested' AND data->>'email' = $1`,
        [email],
      );
      const started = await via('POST', '/api/portal/session', { body: { token: rows[0]!.token } });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const token = started.body.token as string;
      const cookie = started.cookies.find((c) => c.startsWith(`${PORTAL_REFRESH_COOKIE}=`))!.split(';')[0]!;

      const me = await via('GET', '/api/portal/me', { token });
      assert.equal(me.status, 200);
      // named as the booking page and the e-mails name it: the business name of its settings
      assert.deepEqual(me.body.venue, { slug: 'harbourside-hall', name: 'Harbourside Hall Pty Ltd' });
      const mine = await via('GET', '/api/portal/bookings', { token });
      assert.deepEqual(mine.body, { customerId: me.body.customerId, tenantId: owner.userId, email });
      // Each kind at its own door only.
      assert.equal((await via('GET', '/api/portal/bookings', { token: owner.token })).status, 401);
      assert.equal((await via('GET', '/api/users/profile', { token })).status, 401);

      const refreshed = await via('POST', '/api/portal/session/refresh', { cookie });
      assert.equal(refreshed.status, 200);
      const signedOut = await via('DELETE', '/api/portal/session', {
        token,
        cookie: refreshed.cookies[0]!.split(';')[0]!,
      });
      assert.equal(signedOut.status, 200);
      await within(
        10_000,
        async () => (await via('GET', '/api/portal/bookings', { token })).status === 401,
        'the signed-out token refused',
      );
    });

    test('a visitor reaches the venue by its slug; the owner turning the page off closes it at once', async () => {
      const open = await via('GET', '/api/public/venues/harbourside-hall/availability');
      assert.deepEqual(open.body, { tenantId: owner.userId, slug: 'harbourside-hall' });
      const setting = (await via('GET', '/api/settings/online-bookings', { token: owner.token })).body;
      const { agreement, ...rest } = setting;
      const body = {
        ...rest,
        agreement: { text: agreement.text, cancellationTerms: agreement.cancellationTerms },
      };
      assert.equal(
        (
          await via('PUT', '/api/settings/online-bookings', {
            token: owner.token,
            body: { ...body, enabled: false },
          })
        ).status,
        200,
      );
      try {
        await within(
          10_000,
          async () => (await via('GET', '/api/public/venues/harbourside-hall/availability')).status === 404,
          'the closed venue refused',
        );
        const closed = await via('GET', '/api/public/venues/harbourside-hall/availability');
        assert.equal(closed.body.message, VENUE_NOT_ONLINE_MESSAGE);
      } finally {
        await via('PUT', '/api/settings/online-bookings', { token: owner.token, body });
      }
      await within(
        10_000,
        async () => (await via('GET', '/api/public/venues/harbourside-hall/availability')).status === 200,
        'the venue open again',
      );
    });
  });
});
