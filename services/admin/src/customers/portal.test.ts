import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  CUSTOMER_TOKEN_AUDIENCE,
  INTERNAL_AUTH_HEADER,
  PORTAL_REFRESH_COOKIE,
  customerPortalLinkRequestedEventSchema,
  customerSessionEndedEventSchema,
} from '@venue/contracts';
import { PORTAL_LINK_INVALID_MESSAGE, PORTAL_LINK_SENT_MESSAGE } from '@venue/contracts/admin';
import { loadPublicKey, verifyCustomerToken } from '@venue/service-kit';
import { customerHeaders, visitorHeaders } from '@venue/service-kit/testing';
import { startWithDemoSessions } from '../testing/demo-sessions.ts';
import { call, type Harness, type Reply, type Session } from '../testing/harness.ts';
import { pruneSessions } from '../auth/housekeeping.ts';
import { LINKS_PER_ADDRESS } from './portal-store.ts';

let h: Harness;
let owner: Session;
let owner2: Session;
describe('customer portal', () => {
  before(async () => {
    ({ h, owner, owner2 } = await startWithDemoSessions());
  });
  after(async () => {
    await h?.close();
  });

  const HARBOUR = 'harbourside-hall';
  const HILLTOP = 'hilltop-community-centre';
  let n = 0;
  /** A fresh address per test, so the per-address limit of one test never meets another's. */
  const fresh = (name: string) => `${name}.${++n}.${Date.now()}@example.test`;

  function venue(slug: string) {
    return slug === HARBOUR ? owner.userId : owner2.userId;
  }

  function askLink(slug: string, email: string): Promise<Reply> {
    return call(h, 'POST', `/api/public/venues/${slug}/portal-link`, {
      headers: visitorHeaders(venue(slug), slug, '198.51.100.20'),
      body: { email },
    });
  }

  /** The links published for `email` (their plaintext tokens, as comms receives them). */
  async function linksFor(email: string) {
    const { rows } = await h.kit.db.query<{ data: unknown; tenant_id: string }>(
      `SELECT data, tenant_id FROM outbox WHERE type = 'customer.portal_link_requested' AND data->>'email' = $1 ORDER BY seq`,
      [email.toLowerCase()],
    );
    return rows.map((r) => ({
      tenant: r.tenant_id,
      ...customerPortalLinkRequestedEventSchema.parse(
        typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
      ),
    }));
  }

  async function linkToken(slug: string, email: string): Promise<string> {
    const r = await askLink(slug, email);
    assert.equal(r.status, 202);
    const links = await linksFor(email);
    return links.at(-1)!.token;
  }

  function cookieOf(reply: Reply): string {
    const raw = reply.cookies.find((c) => c.startsWith(`${PORTAL_REFRESH_COOKIE}=`));
    assert.ok(raw, `a ${PORTAL_REFRESH_COOKIE} cookie in ${JSON.stringify(reply.cookies)}`);
    return raw.split(';')[0]!;
  }

  async function signIn(slug: string, email: string) {
    const r = await call(h, 'POST', '/api/portal/session', { body: { token: await linkToken(slug, email) } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const claims = await verifyCustomerToken(r.body.token, await loadPublicKey());
    return { reply: r, claims, cookie: cookieOf(r) };
  }

  async function sessionLookup(sessionId: string) {
    return (
      await call(h, 'GET', `/internal/customer-sessions/${sessionId}`, {
        headers: { [INTERNAL_AUTH_HEADER]: h.keys.internalSecret },
      })
    ).body;
  }

  async function sessionEndedEvents(sessionId: string) {
    const { rows } = await h.kit.db.query<{ data: unknown }>(
      `SELECT data FROM outbox WHERE type = 'customer.session_ended' AND data->'sessionIds' ? $1`,
      [sessionId],
    );
    return rows.map((r) =>
      customerSessionEndedEventSchema.parse(typeof r.data === 'string' ? JSON.parse(r.data) : r.data),
    );
  }

  describe('portal sign-in link', () => {
    test('always 202 with the same words; the link is published for comms and only its hash is stored', async () => {
      const email = fresh('Ann');
      const known = await askLink(HARBOUR, email.toUpperCase());
      const unknown = await askLink(HARBOUR, fresh('nobody'));
      for (const r of [known, unknown]) {
        assert.equal(r.status, 202);
        assert.deepEqual(r.body, { message: PORTAL_LINK_SENT_MESSAGE });
      }
      const [link] = await linksFor(email);
      assert.ok(link);
      assert.equal(link.tenant, owner.userId);
      assert.equal(link.tenantId, owner.userId);
      assert.equal(link.slug, HARBOUR);
      assert.equal(link.email, email.toLowerCase());
      const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
      assert.ok(minutes > 29 && minutes <= 30, `expires in 30 minutes (${minutes})`);
      const { rows } = await h.kit.db.systemTx((tx) =>
        tx.query<{ token_hash: string; ip: string }>(
          'SELECT token_hash, ip FROM portal_links WHERE email = $1',
          [email.toLowerCase()],
        ),
      );
      assert.deepEqual(rows, [
        { token_hash: createHash('sha256').update(link.token).digest('hex'), ip: '198.51.100.20' },
      ]);
    });

    test(`an address asking more than ${LINKS_PER_ADDRESS} times in 15 minutes gets the same 202 and no more links`, async () => {
      const email = fresh('flood');
      for (let i = 0; i < LINKS_PER_ADDRESS + 2; i++) {
        const r = await askLink(HARBOUR, email);
        assert.equal(r.status, 202);
        assert.deepEqual(r.body, { message: PORTAL_LINK_SENT_MESSAGE });
      }
      assert.equal((await linksFor(email)).length, LINKS_PER_ADDRESS);
      // The same address at the other venue is another customer with its own allowance.
      assert.equal((await askLink(HILLTOP, email)).status, 202);
      assert.equal((await linksFor(email)).length, LINKS_PER_ADDRESS + 1);
    });

    test('a bad address is a 400 naming it; no visitor (or a staff token) is a 401; nothing is sent', async () => {
      for (const email of ['not-an-address', '', 'a@b.c\nBcc: x@y.z', 42]) {
        const r = await call(h, 'POST', `/api/public/venues/${HARBOUR}/portal-link`, {
          headers: visitorHeaders(owner.userId, HARBOUR),
          body: { email },
        });
        assert.equal(r.status, 400, JSON.stringify(email));
        assert.equal(r.body.errors[0].path, 'email');
      }
      const email = fresh('nosig');
      assert.equal(
        (await call(h, 'POST', `/api/public/venues/${HARBOUR}/portal-link`, { body: { email } })).status,
        401,
      );
      assert.equal(
        (
          await call(h, 'POST', `/api/public/venues/${HARBOUR}/portal-link`, {
            token: owner.token,
            body: { email },
          })
        ).status,
        401,
      );
      assert.equal((await linksFor(email)).length, 0);
    });
  });

  describe('portal session', () => {
    test('the link starts a 30-day session once: a customer token for the portal audience and a cookie for the session routes', async () => {
      const email = fresh('Bea');
      const token = await linkToken(HARBOUR, email);
      const r = await call(h, 'POST', '/api/portal/session', { body: { token } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.expiresIn, 600);
      const claims = await verifyCustomerToken(r.body.token, await loadPublicKey());
      assert.equal(claims.tid, owner.userId);
      assert.equal(claims.em, email.toLowerCase());
      assert.ok(claims.exp - claims.iat === 600);
      const payload = JSON.parse(Buffer.from(r.body.token.split('.')[1], 'base64url').toString());
      assert.equal(payload.aud, CUSTOMER_TOKEN_AUDIENCE);
      const cookie = r.cookies.find((c) => c.startsWith(`${PORTAL_REFRESH_COOKIE}=`))!;
      assert.match(cookie, /path=\/api\/portal\/session/i);
      assert.match(cookie, /httponly/i);
      assert.match(cookie, /samesite=strict/i);
      const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!);
      const days = (expires - Date.now()) / 86_400_000;
      assert.ok(days > 29.9 && days <= 30, `the cookie lasts 30 days (${days})`);

      const again = await call(h, 'POST', '/api/portal/session', { body: { token } });
      assert.equal(again.status, 401);
      assert.equal(again.body.message, PORTAL_LINK_INVALID_MESSAGE);
      assert.equal(again.cookies.length, 0);

      assert.deepEqual(await sessionLookup(claims.sid), {
        status: 'live',
        customerId: claims.sub,
        tenantId: owner.userId,
        email: email.toLowerCase(),
      });
      // The token is no staff token: a staff route refuses it.
      assert.equal((await call(h, 'GET', '/api/users/profile', { token: r.body.token })).status, 401);
    });

    test('one customer per venue and address: the same address again is the same customer, at another venue another', async () => {
      const email = fresh('cat');
      const first = await signIn(HARBOUR, email);
      const second = await signIn(HARBOUR, email.toUpperCase());
      const elsewhere = await signIn(HILLTOP, email);
      assert.equal(second.claims.sub, first.claims.sub);
      assert.notEqual(second.claims.sid, first.claims.sid);
      assert.notEqual(elsewhere.claims.sub, first.claims.sub);
      assert.equal(elsewhere.claims.tid, owner2.userId);
      const { rows } = await h.kit.db.systemTx((tx) =>
        tx.query<{ tenant_id: string }>(
          'SELECT tenant_id FROM customers WHERE email = $1 ORDER BY tenant_id',
          [email.toLowerCase()],
        ),
      );
      assert.deepEqual(rows.map((r) => r.tenant_id).sort(), [owner.userId, owner2.userId].sort());
    });

    test('a link past its 30 minutes, or unknown, starts nothing', async () => {
      const email = fresh('late');
      const token = await linkToken(HARBOUR, email);
      await h.kit.db.systemTx((tx) =>
        tx.query(`UPDATE portal_links SET expires_at = now() - interval '1 second' WHERE email = $1`, [
          email,
        ]),
      );
      assert.equal((await call(h, 'POST', '/api/portal/session', { body: { token } })).status, 401);
      assert.equal(
        (await call(h, 'POST', '/api/portal/session', { body: { token: 'b'.repeat(43) } })).status,
        401,
      );
      const malformed = await call(h, 'POST', '/api/portal/session', { body: { token: 'short' } });
      assert.equal(malformed.status, 400);
      assert.equal(malformed.body.errors[0].path, 'token');
      const { rows } = await h.kit.db.systemTx((tx) =>
        tx.query('SELECT 1 FROM customers WHERE email = $1', [email]),
      );
      assert.equal(rows.length, 0);
    });

    test('the same link spent twice at once gives one session', async () => {
      const email = fresh('race');
      const token = await linkToken(HARBOUR, email);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => call(h, 'POST', '/api/portal/session', { body: { token } })),
      );
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 401, 401, 401, 401, 401]);
      const { rows } = await h.kit.db.systemTx((tx) =>
        tx.query(
          `SELECT s.id FROM customer_sessions s JOIN customers c ON c.tenant_id = s.tenant_id AND c.id = s.customer_id
          WHERE c.email = $1`,
          [email],
        ),
      );
      assert.equal(rows.length, 1);
    });

    test('refresh rotates the cookie; an old cookie after the grace ends the session for both, and says so to the gateway', async () => {
      const { cookie, claims } = await signIn(HARBOUR, fresh('dan'));
      const r1 = await call(h, 'POST', '/api/portal/session/refresh', { cookie });
      assert.equal(r1.status, 200);
      const rotated = cookieOf(r1);
      assert.notEqual(rotated, cookie);
      const c2 = await verifyCustomerToken(r1.body.token, await loadPublicKey());
      assert.equal(c2.sid, claims.sid);
      assert.equal(c2.sub, claims.sub);
      // Within the grace, the old cookie continues (two tabs at once) …
      const sibling = await call(h, 'POST', '/api/portal/session/refresh', { cookie });
      assert.equal(sibling.status, 200);
      // … after it, the old cookie is a copy: the session ends for everyone.
      await h.kit.db.systemTx((tx) =>
        tx.query(
          `UPDATE customer_refresh_tokens SET revoked_at = now() - interval '1 minute' WHERE session_id = $1 AND replaced_by IS NOT NULL`,
          [claims.sid],
        ),
      );
      const replay = await call(h, 'POST', '/api/portal/session/refresh', { cookie });
      assert.equal(replay.status, 401);
      assert.equal(replay.body.code, 'portal_session_ended');
      assert.match(replay.cookies[0] ?? '', /expires=Thu, 01 Jan 1970/i);
      assert.equal((await call(h, 'POST', '/api/portal/session/refresh', { cookie: rotated })).status, 401);
      assert.deepEqual(await sessionLookup(claims.sid), { status: 'ended' });
      const [ended] = await sessionEndedEvents(claims.sid);
      assert.deepEqual(ended, {
        tenantId: owner.userId,
        customerId: claims.sub,
        sessionIds: [claims.sid],
        reason: 'replayed',
      });
    });

    test('no cookie is no session; sign-out ends the session, its refresh and its tokens at the gateway', async () => {
      assert.equal((await call(h, 'POST', '/api/portal/session/refresh')).status, 401);
      const { cookie, claims } = await signIn(HILLTOP, fresh('eve'));
      const out = await call(h, 'DELETE', '/api/portal/session', { cookie });
      assert.equal(out.status, 200);
      assert.match(out.cookies[0] ?? '', /expires=Thu, 01 Jan 1970/i);
      assert.equal((await call(h, 'POST', '/api/portal/session/refresh', { cookie })).status, 401);
      assert.deepEqual(await sessionLookup(claims.sid), { status: 'ended' });
      assert.equal((await sessionEndedEvents(claims.sid))[0]?.reason, 'signed_out');
      // Signing out again, or without a cookie, is still a sign-out.
      assert.equal((await call(h, 'DELETE', '/api/portal/session', { cookie })).status, 200);
      assert.equal((await call(h, 'DELETE', '/api/portal/session')).status, 200);
      assert.equal((await sessionEndedEvents(claims.sid)).length, 1);
    });

    test('a session past its 30 days is over', async () => {
      const { cookie, claims } = await signIn(HARBOUR, fresh('old'));
      await h.kit.db.systemTx((tx) =>
        tx.query(`UPDATE customer_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
          claims.sid,
        ]),
      );
      assert.deepEqual(await sessionLookup(claims.sid), { status: 'ended' });
      assert.equal((await call(h, 'POST', '/api/portal/session/refresh', { cookie })).status, 401);
      assert.deepEqual(await sessionLookup('00000000-0000-4000-8000-000000000000'), { status: 'ended' });
      assert.deepEqual(await sessionLookup('not-a-session'), { status: 'ended' });
    });

    test('housekeeping forgets links and sessions a day past their end, with their refresh tokens', async () => {
      const email = fresh('gone');
      const { claims } = await signIn(HARBOUR, email);
      const kept = await signIn(HARBOUR, fresh('kept'));
      await h.kit.db.systemTx(async (tx) => {
        await tx.query(`UPDATE customer_sessions SET expires_at = now() - interval '2 days' WHERE id = $1`, [
          claims.sid,
        ]);
        await tx.query(`UPDATE portal_links SET expires_at = now() - interval '2 days' WHERE email = $1`, [
          email,
        ]);
      });
      await pruneSessions(h.kit);
      const left = await h.kit.db.systemTx(async (tx) => ({
        sessions: (
          await tx.query('SELECT id FROM customer_sessions WHERE id = ANY($1::uuid[])', [
            [claims.sid, kept.claims.sid],
          ])
        ).rows,
        tokens: (await tx.query('SELECT 1 FROM customer_refresh_tokens WHERE session_id = $1', [claims.sid]))
          .rowCount,
        links: (await tx.query('SELECT 1 FROM portal_links WHERE email = $1', [email])).rowCount,
      }));
      assert.deepEqual(left, { sessions: [{ id: kept.claims.sid }], tokens: 0, links: 0 });
    });

    test('a deactivated venue signs nobody in', async () => {
      const email = fresh('closed');
      const token = await linkToken(HILLTOP, email);
      await h.kit.db.systemTx((tx) =>
        tx.query(`UPDATE users SET status = 'inactive' WHERE id = $1`, [owner2.userId]),
      );
      try {
        assert.equal((await call(h, 'POST', '/api/portal/session', { body: { token } })).status, 401);
      } finally {
        await h.kit.db.systemTx((tx) =>
          tx.query(`UPDATE users SET status = 'active' WHERE id = $1`, [owner2.userId]),
        );
      }
    });
  });

  describe('GET /api/portal/me', () => {
    test('who is signed in, at which venue; staff and visitors are refused', async () => {
      const email = fresh('fay');
      const { claims } = await signIn(HARBOUR, email);
      const me = await call(h, 'GET', '/api/portal/me', {
        headers: customerHeaders({
          tenantId: claims.tid,
          email: claims.em,
          customerId: claims.sub,
          sessionId: claims.sid,
        }),
      });
      assert.equal(me.status, 200);
      assert.deepEqual(me.body, {
        customerId: claims.sub,
        email: email.toLowerCase(),
        // named as its booking page and its e-mails name it: the business name of its settings
        venue: { slug: HARBOUR, name: 'Harbourside Hall Pty Ltd' },
      });
      // A venue without a business name is named by its hall.
      const business = '/api/tenant-settings/business';
      const set = (businessName: string) =>
        call(h, 'PUT', business, { token: owner.token, body: { businessName } });
      assert.equal((await set('')).status, 200);
      try {
        const named = await call(h, 'GET', '/api/portal/me', {
          headers: customerHeaders({
            tenantId: claims.tid,
            email: claims.em,
            customerId: claims.sub,
            sessionId: claims.sid,
          }),
        });
        assert.deepEqual(named.body.venue, { slug: HARBOUR, name: 'Harbourside Hall' });
      } finally {
        assert.equal((await set('Harbourside Hall Pty Ltd')).status, 200);
      }
      assert.equal((await call(h, 'GET', '/api/portal/me', { token: owner.token })).status, 401);
      assert.equal(
        (await call(h, 'GET', '/api/portal/me', { headers: visitorHeaders(owner.userId, HARBOUR) })).status,
        401,
      );
      assert.equal((await call(h, 'GET', '/api/portal/me')).status, 401);
    });
  });
});
