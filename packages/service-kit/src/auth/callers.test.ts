import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import {
  CUSTOMER_HEADER,
  CUSTOMER_SIGNATURE_HEADER,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  VISITOR_HEADER,
  VISITOR_SIGNATURE_HEADER,
} from '@venue/contracts';
import {
  assertCustomerPolicy,
  customerHeaders,
  startTestService,
  testKeys,
  visitorHeaders,
  type TestKeys,
  type TestService,
} from '../testing/index.ts';
import { doorApp } from '../test-fixtures/door-app.ts';
import { OWNER_A, OWNER_B, principals } from '../test-fixtures/widgets-app.ts';
import { call } from '../test-fixtures/http.ts';
import { customerRowPolicy } from '../db/customer-policy.ts';
import {
  decodeCustomer,
  decodeVisitor,
  encodeCustomer,
  encodeVisitor,
  signCustomerToken,
  verifyCustomerToken,
} from './callers.ts';
import { encodePrincipal, InvalidTokenError, verifyAccessToken } from './tokens.ts';
import { publicKey } from './keys.ts';

const now = () => Math.floor(Date.now() / 1000);

describe('visitors and customers (decision 56)', () => {
  let t: TestService;
  let keys: TestKeys;
  const directory = principals();
  let ownerToken: string;
  const ann = 'ann@example.test';
  const bob = 'bob@example.test';

  const labelsOf = (body: unknown) => (body as { labels: string[] }).labels;

  before(async () => {
    keys = await testKeys();
    t = await startTestService(doorApp(directory));
    ownerToken = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
    // Ann at venue A (typed with capitals once), Bob at venue A, and Ann again at venue B.
    await t.kit.db.systemTx(async (tx) => {
      for (const [tenant, email, label] of [
        [OWNER_A, 'Ann@Example.test', 'a-ann-1'],
        [OWNER_A, ann, 'a-ann-2'],
        [OWNER_A, bob, 'a-bob-1'],
        [OWNER_B, ann, 'b-ann-1'],
      ] as const) {
        await tx.query('INSERT INTO orders (tenant_id, customer_email, label) VALUES ($1, $2, $3)', [
          tenant,
          email,
          label,
        ]);
      }
    });
  });
  after(() => t.close());

  describe('requireVisitor', () => {
    it('a signed visitor reaches the public route, scoped to its venue', async () => {
      const r = await call(t.url, 'GET', '/api/public/venues/hall-a/orders/count', {
        headers: visitorHeaders(OWNER_A, 'hall-a', '2001:db8::1'),
      });
      assert.equal(r.status, 200);
      const body = r.body as { n: number; visitor: { tenantId: string; slug: string; address: string } };
      assert.equal(body.n, 3);
      assert.deepEqual(
        { tenantId: body.visitor.tenantId, slug: body.visitor.slug, address: body.visitor.address },
        { tenantId: OWNER_A, slug: 'hall-a', address: '2001:db8::1' },
      );
      const b = await call(t.url, 'GET', '/api/public/venues/hall-b/orders/count', {
        headers: visitorHeaders(OWNER_B, 'hall-b'),
      });
      assert.equal((b.body as { n: number }).n, 1);
    });

    it('refuses no header, a forged or tampered one, a stale one and another slug’s', async () => {
      const path = '/api/public/venues/hall-a/orders/count';
      const good = visitorHeaders(OWNER_A, 'hall-a');
      const forged = {
        ...good,
        [VISITOR_SIGNATURE_HEADER]: good[VISITOR_SIGNATURE_HEADER]!.replace(/^./, (c) =>
          c === 'A' ? 'B' : 'A',
        ),
      };
      const tampered = {
        ...good,
        [VISITOR_HEADER]: Buffer.from(
          JSON.stringify({ tenantId: OWNER_B, slug: 'hall-a', address: '1.2.3.4', exp: now() + 60 }),
        ).toString('base64url'),
      };
      const stale = encodeVisitor(
        { tenantId: OWNER_A, slug: 'hall-a', address: '1.2.3.4' },
        keys.internalSecret,
        now() - 120,
      );
      const cases: Array<[string, Record<string, string>]> = [
        ['no header', {}],
        ['forged signature', forged],
        ['tampered payload', tampered],
        ['stale', { [VISITOR_HEADER]: stale.value, [VISITOR_SIGNATURE_HEADER]: stale.signature }],
        ['signed for another slug', visitorHeaders(OWNER_B, 'hall-b')],
      ];
      for (const [what, headers] of cases) {
        const r = await call(t.url, 'GET', path, { headers });
        assert.equal(r.status, 401, what);
        assert.deepEqual(r.body, { message: "Open this through the venue's booking page." }, what);
      }
    });

    it('a staff principal, a staff token or a customer is never taken for a visitor', async () => {
      const path = '/api/public/venues/hall-a/orders/count';
      const p = encodePrincipal(
        { ...directory.get(OWNER_A)!, sessionId: 's', exp: now() + 600 },
        keys.internalSecret,
      );
      const staffHeader = await call(t.url, 'GET', path, {
        headers: { [PRINCIPAL_HEADER]: p.value, [PRINCIPAL_SIGNATURE_HEADER]: p.signature },
      });
      assert.equal(staffHeader.status, 401);
      const staffToken = await call(t.url, 'GET', path, { token: ownerToken });
      assert.equal(staffToken.status, 401);
      // A customer's signed header moved into the visitor's: another domain, so unsigned here.
      const c = customerHeaders({ tenantId: OWNER_A, email: ann });
      const moved = await call(t.url, 'GET', path, {
        headers: {
          [VISITOR_HEADER]: c[CUSTOMER_HEADER]!,
          [VISITOR_SIGNATURE_HEADER]: c[CUSTOMER_SIGNATURE_HEADER]!,
        },
      });
      assert.equal(moved.status, 401);
    });

    it('a visitor’s POST writes for its venue and honours Idempotency-Key', async () => {
      const headers = { ...visitorHeaders(OWNER_B, 'hall-b'), 'idempotency-key': `k-${randomUUID()}` };
      const body = { email: 'new@example.test', label: 'b-new' };
      const first = await call(t.url, 'POST', '/api/public/venues/hall-b/orders', { headers, body });
      assert.equal(first.status, 201);
      const again = await call(t.url, 'POST', '/api/public/venues/hall-b/orders', { headers, body });
      assert.equal(again.status, 201);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(again.body, first.body);
      const { rows } = await t.kit.db.systemTx((tx) =>
        tx.query<{ tenant_id: string }>("SELECT tenant_id FROM orders WHERE label = 'b-new'"),
      );
      assert.deepEqual(
        rows.map((r) => r.tenant_id),
        [OWNER_B],
      );
    });
  });

  describe('requireCustomer and the customer transaction', () => {
    it('a customer sees only their own rows of their own venue, though the query names neither', async () => {
      for (const path of ['/api/portal/orders', '/api/portal/orders-read']) {
        const annA = await call(t.url, 'GET', path, {
          headers: customerHeaders({ tenantId: OWNER_A, email: 'ANN@example.test' }),
        });
        assert.equal(annA.status, 200, path);
        assert.deepEqual(labelsOf(annA.body), ['a-ann-1', 'a-ann-2'], path);
        const bobA = await call(t.url, 'GET', path, {
          headers: customerHeaders({ tenantId: OWNER_A, email: bob }),
        });
        assert.deepEqual(labelsOf(bobA.body), ['a-bob-1'], path);
        // The same address at another venue is another customer with nothing in common.
        const annB = await call(t.url, 'GET', path, {
          headers: customerHeaders({ tenantId: OWNER_B, email: ann }),
        });
        assert.deepEqual(labelsOf(annB.body), ['b-ann-1'], path);
      }
      // Staff of the venue still see every customer's rows.
      const staff = await call(t.url, 'GET', '/api/staff/orders', { token: ownerToken });
      assert.deepEqual(labelsOf(staff.body), ['a-ann-1', 'a-ann-2', 'a-bob-1']);
    });

    it('another customer’s row cannot be changed by its id, nor a row filed under another address', async () => {
      const { rows } = await t.kit.db.systemTx((tx) =>
        tx.query<{ id: string }>("SELECT id FROM orders WHERE label = 'a-bob-1'"),
      );
      const bobsId = rows[0]!.id;
      const annA = customerHeaders({ tenantId: OWNER_A, email: ann });
      const rename = await call(t.url, 'POST', `/api/portal/orders/${bobsId}/rename`, {
        headers: annA,
        body: { label: 'taken by ann' },
      });
      assert.equal(rename.status, 404);
      const file = await call(t.url, 'POST', '/api/portal/orders', {
        headers: annA,
        body: { email: bob, label: 'filed for bob' },
      });
      assert.notEqual(file.status, 201);
      const after = await t.kit.db.systemTx((tx) =>
        tx.query<{ label: string }>('SELECT label FROM orders WHERE customer_email = $1 AND tenant_id = $2', [
          bob,
          OWNER_A,
        ]),
      );
      assert.deepEqual(
        after.rows.map((r) => r.label),
        ['a-bob-1'],
      );
      // Their own, by id, works.
      const own = await call(t.url, 'POST', '/api/portal/orders', {
        headers: annA,
        body: { email: ann, label: 'a-ann-3' },
      });
      assert.equal(own.status, 201);
    });

    it('refuses no header, a forged one, an expired one and a visitor’s in its place', async () => {
      const good = customerHeaders({ tenantId: OWNER_A, email: ann });
      const forgedValue = Buffer.from(
        JSON.stringify({ customerId: 'x', tenantId: OWNER_A, email: bob, sessionId: 's', exp: now() + 600 }),
      ).toString('base64url');
      const v = visitorHeaders(OWNER_A, 'hall-a');
      const cases: Array<[string, Record<string, string>]> = [
        ['no header', {}],
        ['tampered payload', { ...good, [CUSTOMER_HEADER]: forgedValue }],
        ['expired', customerHeaders({ tenantId: OWNER_A, email: ann, exp: now() - 1 })],
        [
          'a visitor header moved over',
          {
            [CUSTOMER_HEADER]: v[VISITOR_HEADER]!,
            [CUSTOMER_SIGNATURE_HEADER]: v[VISITOR_SIGNATURE_HEADER]!,
          },
        ],
      ];
      for (const [what, headers] of cases) {
        const r = await call(t.url, 'GET', '/api/portal/orders', { headers });
        assert.equal(r.status, 401, what);
        assert.deepEqual(
          r.body,
          { message: 'Please sign in to your bookings again.', code: 'portal_session_ended' },
          what,
        );
      }
    });

    it('a staff principal or token is refused on portal routes, and a customer on staff routes', async () => {
      const p = encodePrincipal(
        { ...directory.get(OWNER_A)!, sessionId: 's', exp: now() + 600 },
        keys.internalSecret,
      );
      const staffHeader = { [PRINCIPAL_HEADER]: p.value, [PRINCIPAL_SIGNATURE_HEADER]: p.signature };
      assert.equal((await call(t.url, 'GET', '/api/portal/orders', { headers: staffHeader })).status, 401);
      assert.equal((await call(t.url, 'GET', '/api/portal/orders', { token: ownerToken })).status, 401);

      const customerToken = await keys.customerToken({
        sub: randomUUID(),
        tid: OWNER_A,
        em: ann,
        sid: randomUUID(),
      });
      // Services take a customer only as the gateway signed it, never a bearer token.
      assert.equal((await call(t.url, 'GET', '/api/portal/orders', { token: customerToken })).status, 401);
      // Staff routes: the customer's header, its token, and its header moved into the principal's.
      const c = customerHeaders({ tenantId: OWNER_A, email: ann });
      assert.equal((await call(t.url, 'GET', '/api/staff/orders', { headers: c })).status, 401);
      assert.equal((await call(t.url, 'GET', '/api/staff/orders', { token: customerToken })).status, 401);
      const moved = {
        [PRINCIPAL_HEADER]: c[CUSTOMER_HEADER]!,
        [PRINCIPAL_SIGNATURE_HEADER]: c[CUSTOMER_SIGNATURE_HEADER]!,
      };
      assert.equal((await call(t.url, 'GET', '/api/staff/orders', { headers: moved })).status, 401);
    });

    it('Idempotency-Key is the customer’s own: a replay for them, a refusal for another customer', async () => {
      const key = `k-${randomUUID()}`;
      const ann1 = {
        ...customerHeaders({ tenantId: OWNER_A, email: ann, customerId: randomUUID() }),
        'idempotency-key': key,
      };
      const body = { email: ann, label: 'a-ann-idem' };
      const first = await call(t.url, 'POST', '/api/portal/orders', { headers: ann1, body });
      assert.equal(first.status, 201);
      const again = await call(t.url, 'POST', '/api/portal/orders', { headers: ann1, body });
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(again.body, first.body);
      const other = {
        ...customerHeaders({ tenantId: OWNER_A, email: bob, customerId: randomUUID() }),
        'idempotency-key': key,
      };
      const theirs = await call(t.url, 'POST', '/api/portal/orders', { headers: other, body });
      assert.equal(theirs.status, 422);
      assert.equal(theirs.headers.get('idempotent-replayed'), null);
    });

    it('customerTx needs an address, and leaves nothing set for the next transaction', async () => {
      await assert.rejects(
        t.kit.db.customerTx(OWNER_A, '  ', async () => 1),
        /customer e-mail/,
      );
      const seen = await t.kit.db.customerTx(OWNER_A, bob, (tx) =>
        tx.query<{ label: string }>('SELECT label FROM orders ORDER BY label'),
      );
      assert.deepEqual(
        seen.rows.map((r) => r.label),
        ['a-bob-1'],
      );
      const after = await t.kit.db.tenantTx(OWNER_A, (tx) => tx.query('SELECT label FROM orders'));
      assert.ok(after.rowCount >= 4, 'a staff transaction after a customer one sees every customer');
    });
  });

  it('the policy form in the kit is what the fixture migration carries, and the check finds it', async () => {
    const migration = readFileSync(
      new URL('../test-fixtures/door-migrations/001_orders.sql', import.meta.url),
      'utf8',
    );
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    assert.ok(squash(migration).includes(squash(customerRowPolicy('orders'))));
    await assertCustomerPolicy(t.kit, 'orders');
    await assert.rejects(assertCustomerPolicy(t.kit, 'outbox'), /no restrictive policy/);
    assert.throws(() => customerRowPolicy('orders; DROP TABLE x'), /plain table name/);
  });
});

describe('the signed headers and the customer token', () => {
  let keys: TestKeys;
  before(async () => {
    keys = await testKeys();
  });

  it('round-trip, lower-case the e-mail, and expire', () => {
    const c = encodeCustomer(
      { customerId: 'c1', tenantId: OWNER_A, email: 'Ann@Example.TEST', sessionId: 's1', exp: now() + 60 },
      keys.internalSecret,
    );
    assert.equal(decodeCustomer(c.value, c.signature, keys.internalSecret)?.email, 'ann@example.test');
    assert.equal(decodeCustomer(c.value, c.signature, keys.internalSecret, now() + 61), null);
    assert.equal(decodeCustomer(c.value, c.signature, 'another-secret-of-16+'), null);
    const v = encodeVisitor({ tenantId: OWNER_A, slug: 's', address: 'a' }, keys.internalSecret);
    assert.equal(decodeVisitor(v.value, v.signature, keys.internalSecret)?.slug, 's');
    assert.equal(decodeVisitor(v.value, v.signature, keys.internalSecret, now() + 61), null);
    // A visitor for a tenant that is not a uuid is refused even when signed.
    const bad = encodeVisitor({ tenantId: 'not-a-uuid', slug: 's', address: 'a' }, keys.internalSecret);
    assert.equal(decodeVisitor(bad.value, bad.signature, keys.internalSecret), null);
  });

  it('a customer token is not a staff token, and a staff token is not a customer token', async () => {
    const key = await importPKCS8(keys.privateKeyPem, 'EdDSA');
    const pub = await publicKey();
    const customer = await signCustomerToken({ sub: 'c1', tid: OWNER_A, em: 'Ann@x.test', sid: 's1' }, key);
    assert.deepEqual(
      (({ sub, tid, em, sid }) => ({ sub, tid, em, sid }))(await verifyCustomerToken(customer, pub)),
      { sub: 'c1', tid: OWNER_A, em: 'ann@x.test', sid: 's1' },
    );
    await assert.rejects(verifyAccessToken(customer, pub), InvalidTokenError);
    const staff = await keys.token({ sub: OWNER_A, role: 'hall_owner', tid: OWNER_A, pv: 1 });
    await assert.rejects(verifyCustomerToken(staff, pub), InvalidTokenError);
    // One token for both audiences is neither kind's.
    const both = await new SignJWT({ tid: OWNER_A, em: 'a@x.test', sid: 's', role: 'hall_owner', pv: 1 })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('c1')
      .setIssuer('venue-admin')
      .setAudience(['venue-portal', 'venue-api'])
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    await assert.rejects(verifyCustomerToken(both, pub), InvalidTokenError);
    const expired = await signCustomerToken({ sub: 'c1', tid: OWNER_A, em: 'a@x.test', sid: 's' }, key, -10);
    await assert.rejects(verifyCustomerToken(expired, pub), InvalidTokenError);
  });
});
