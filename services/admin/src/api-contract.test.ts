/**
 * Contract test: real answers of every admin call, checked against the route table in
 * contracts (the zod schema accepts each answer, and each field it carries is documented), so
 * the published OpenAPI document is what the service sends. Ends by naming any call of the
 * table no answer was checked for.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { contractRecorder, routesMissingFromTable } from '@venue/contracts/api';
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import { customerHeaders, visitorHeaders } from '@venue/service-kit/testing';
import { startWithDemoSessions } from './testing/demo-sessions.ts';
import {
  call,
  download,
  flushAudit,
  login,
  pointPeersAt,
  upload,
  type Harness,
  type Reply,
  type Session,
} from './testing/harness.ts';

const OTHER_SERVICES = ['catalogue', 'bookings', 'money', 'comms', 'insights'];
const contract = contractRecorder(ADMIN_ROUTES);
let h: Harness;
let owner: Session;
let admin: Session;
let restorePeers: (() => void) | undefined;

function checked(method: string, path: string, status: number, reply: Reply): Reply {
  assert.equal(reply.status, status, `${method} ${path}: ${JSON.stringify(reply.body)?.slice(0, 300)}`);
  const json = typeof reply.body === 'object' && reply.body !== null ? reply.body : undefined;
  const problems = contract.check(method, path, status, json);
  assert.deepEqual(problems, [], problems.join('\n'));
  return reply;
}

/** Calls as `who`, expects `status`, and checks the answer against the table. */
async function ok(
  method: string,
  path: string,
  status: number,
  who: Session,
  body?: unknown,
  cookie?: string,
) {
  return checked(method, path, status, await call(h, method, path, { token: who.token, body, cookie }));
}

describe('admin answers match the API contract', () => {
  before(async () => {
    ({ h, owner, admin } = await startWithDemoSessions());
    // The data export asks the other services; here none answers (nothing listens on port 1).
    restorePeers = pointPeersAt(
      Object.fromEntries(OTHER_SERVICES.map((name) => [name, 'http://127.0.0.1:1'])),
    );
  });
  after(async () => {
    restorePeers?.();
    await h?.close();
  });

  it('sign-in and sessions: login, refresh (with and without a cookie), change password, log out', async () => {
    const fresh = await login(h, 'owner2@demo.local');
    checked(
      'POST',
      '/api/login',
      200,
      await call(h, 'POST', '/api/login', {
        body: { email: 'owner2@demo.local', password: 'demo-pass-2026' },
      }),
    );
    checked(
      'POST',
      '/api/auth/refresh',
      200,
      await call(h, 'POST', '/api/auth/refresh', { cookie: fresh.cookie }),
    );
    checked('POST', '/api/auth/refresh', 200, await call(h, 'POST', '/api/auth/refresh'));
    const changed = await ok('POST', '/api/users/change-password', 200, fresh, {
      currentPassword: 'demo-pass-2026',
      newPassword: 'contract-pass-2026',
      confirmPassword: 'contract-pass-2026',
    });
    const again = await login(h, 'owner2@demo.local', 'contract-pass-2026');
    await ok('POST', '/api/users/change-password', 200, again, {
      currentPassword: 'contract-pass-2026',
      newPassword: 'demo-pass-2026',
      confirmPassword: 'demo-pass-2026',
    });
    assert.ok(changed.body.token);
    checked(
      'POST',
      '/api/auth/logout',
      200,
      await call(h, 'POST', '/api/auth/logout', { cookie: again.cookie }),
    );
    checked('POST', '/api/logout', 200, await call(h, 'POST', '/api/logout'));
    await ok('POST', '/api/users/log-password-change', 204, owner);
  });

  it('profile, parent data, general settings and every settings group', async () => {
    await ok('GET', '/api/users/profile', 200, owner);
    const staff = await login(h, 'staff@demo.local');
    await ok('GET', `/api/users/parent-data/${owner.userId}`, 200, staff);
    await ok('GET', '/api/users/settings', 200, owner);
    await ok('PUT', '/api/users/settings', 200, owner, { dateFormat: 'DD/MM/YYYY' });
    const groups: Array<[string, Record<string, unknown>]> = [
      ['/api/users/stripe-account', { stripeAccountId: 'acct_contract' }],
      ['/api/users/payment-methods', { cash: true }],
      ['/api/users/bank-details', { bankName: 'Contract Bank' }],
      ['/api/tenant-settings/invoice', { defaultDueDays: 14 }],
      ['/api/tenant-settings/business', { businessName: 'Harbourside Hall Pty Ltd' }],
      ['/api/tenant-settings/terms', { paymentTerms: 'Net 14' }],
      ['/api/tenant-settings/availability', { setupBufferMinutes: 30 }],
      ['/api/tenant-settings/policies', { refundRules: 'Full refund up to 30 days before.' }],
      ['/api/tenant-settings/privacy', { retentionMonths: 36 }],
    ];
    for (const [path, change] of groups) {
      const before = await ok('GET', path, 200, owner);
      assert.ok(before.body);
      await ok('PUT', path, 200, owner, change);
    }
  });

  it('accounts and staff: list, create, edit, deactivate, sub-users, passwords, delete', async () => {
    await ok('GET', '/api/users', 200, admin);
    await ok('GET', '/api/users', 200, owner);
    const account = (
      await ok('POST', '/api/users', 201, admin, {
        email: 'contract-hall@demo.local',
        password: 'hall-owner-pass',
        role: 'hall_owner',
        hallName: 'Contract Hall',
        contactNumber: '03 9000 1234',
        address: { line1: '1 Contract Road', line2: '', postcode: '3000', state: 'VIC' },
      })
    ).body;
    await ok('PUT', `/api/users/${account.id}`, 200, admin, {
      email: 'contract-hall@demo.local',
      role: 'hall_owner',
      hallName: 'Contract Hall Two',
      contactNumber: account.contactNumber,
      address: { line1: '1 Contract Road', line2: '', postcode: '3000', state: 'VIC' },
    });
    await ok('PUT', `/api/users/${account.id}`, 200, admin, { status: 'inactive' });
    const sub = (
      await ok('POST', '/api/users', 201, owner, {
        name: 'Contract Helper',
        email: 'contract-helper@demo.local',
        password: 'helper-pass',
        role: 'sub_user',
        permissions: ['calendar'],
      })
    ).body;
    await ok('GET', `/api/users/sub-users/${owner.userId}`, 200, owner);
    await ok('PUT', `/api/users/sub-users/${sub.id}`, 200, owner, {
      name: 'Contract Helper',
      permissions: ['bookings'],
    });
    await ok('PUT', '/api/users/change-sub-user-password', 200, owner, {
      subUserId: sub.id,
      newPassword: 'helper-pass-2',
    });
    await ok('DELETE', `/api/users/${sub.id}`, 200, owner);
    await ok('DELETE', `/api/users/${account.id}`, 200, admin);
  });

  it('profile picture: upload, fetch, delete', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const up = checked(
      'POST',
      '/api/users/upload-profile-picture',
      200,
      await upload(h, '/api/users/upload-profile-picture', {
        token: owner.token,
        data: png,
        filename: 'me.png',
      }),
    );
    const picture = await download(h, up.body.profilePicture, owner.token);
    assert.equal(picture.status, 200);
    assert.deepEqual(contract.check('GET', up.body.profilePicture, 200, undefined), []);
    await ok('DELETE', '/api/users/delete-profile-picture', 200, owner);
  });

  it('audit log: list, page by cursor, stats, actions, target types, CSV, verify', async () => {
    await flushAudit(h);
    const first = (await ok('GET', '/api/audit?limit=2', 200, owner)).body;
    if (first.pagination.nextCursor)
      await ok(
        'GET',
        `/api/audit?limit=2&cursor=${encodeURIComponent(first.pagination.nextCursor)}`,
        200,
        owner,
      );
    await ok('GET', '/api/audit?limit=5', 200, admin);
    await ok('GET', '/api/audit/stats', 200, owner);
    await ok('GET', '/api/audit/actions', 200, owner);
    await ok('GET', '/api/audit/target-types', 200, owner);
    const csv = await ok('GET', '/api/audit/export.csv', 200, owner);
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    await ok('GET', '/api/audit/verify', 200, owner);
  });

  it('API keys, data export and erasure', async () => {
    const key = (
      await ok('POST', '/api/integrations/api-keys', 201, owner, {
        name: 'Contract sync',
        permissions: ['bookings'],
        expiresInDays: 30,
      })
    ).body;
    // A retry with the same Idempotency-Key: the record without the key.
    const retried = { name: 'Contract retry', permissions: ['bookings'], expiresInDays: 7 };
    const headers = { 'idempotency-key': 'contract-api-key-retry' };
    for (const status of [201, 200])
      checked(
        'POST',
        '/api/integrations/api-keys',
        status,
        await call(h, 'POST', '/api/integrations/api-keys', { token: owner.token, body: retried, headers }),
      );
    await ok('GET', '/api/integrations/api-keys', 200, owner);
    await ok('DELETE', `/api/integrations/api-keys/${key.id}`, 200, owner);
    await ok('GET', '/api/tenant-settings/privacy/export', 200, owner);
    await ok('POST', '/api/tenant-settings/privacy/erase-customer', 202, owner, {
      email: 'someone@example.com',
    });
  });

  it('the customer door: online bookings, the logo, the portal link, sessions and who is signed in', async () => {
    const online = (await ok('GET', '/api/settings/online-bookings', 200, owner)).body;
    const { agreement, ...rest } = online;
    const body = {
      ...rest,
      agreement: { text: agreement.text, cancellationTerms: agreement.cancellationTerms },
    };
    await ok('PUT', '/api/settings/online-bookings', 200, owner, body);
    const visitor = visitorHeaders(owner.userId, online.slug);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#224466' } })
      .png()
      .toBuffer();
    await upload(h, '/api/users/upload-profile-picture', {
      token: owner.token,
      data: png,
      filename: 'logo.png',
    });
    const logo = await fetch(`${h.url}/api/public/venues/${online.slug}/logo`, { headers: visitor });
    assert.equal(logo.status, 200);
    assert.deepEqual(contract.check('GET', `/api/public/venues/${online.slug}/logo`, 200, undefined), []);
    const email = 'contract-customer@example.test';
    checked(
      'POST',
      `/api/public/venues/${online.slug}/portal-link`,
      202,
      await call(h, 'POST', `/api/public/venues/${online.slug}/portal-link`, {
        headers: visitor,
        body: { email },
      }),
    );
    const { rows } = await h.kit.db.query<{ token: string }>(
      `SELECT data->>'token' AS token FROM outbox WHERE type = 'customer.portal_link_requested' AND data->>'email' = $1`,
      [email],
    );
    const started = checked(
      'POST',
      '/api/portal/session',
      200,
      await call(h, 'POST', '/api/portal/session', { body: { token: rows[0]!.token } }),
    );
    checked(
      'POST',
      '/api/portal/session',
      401,
      await call(h, 'POST', '/api/portal/session', { body: { token: rows[0]!.token } }),
    );
    const cookie = started.cookies[0]!.split(';')[0]!;
    const refreshed = checked(
      'POST',
      '/api/portal/session/refresh',
      200,
      await call(h, 'POST', '/api/portal/session/refresh', { cookie }),
    );
    checked('POST', '/api/portal/session/refresh', 401, await call(h, 'POST', '/api/portal/session/refresh'));
    const claims = JSON.parse(Buffer.from(String(started.body.token).split('.')[1]!, 'base64url').toString());
    checked(
      'GET',
      '/api/portal/me',
      200,
      await call(h, 'GET', '/api/portal/me', {
        headers: customerHeaders({
          tenantId: owner.userId,
          email,
          customerId: claims.sub,
          sessionId: claims.sid,
        }),
      }),
    );
    checked(
      'DELETE',
      '/api/portal/session',
      200,
      await call(h, 'DELETE', '/api/portal/session', { cookie: refreshed.cookies[0]!.split(';')[0]! }),
    );
  });

  it('webhooks: create (and its replay), list, one, edit, test event, delivery log, send again, rotate, delete', async () => {
    // A public address literal: saved without a DNS look-up; nothing is sent (no job runs here).
    const body = { url: 'https://93.184.216.34/venuedesk', events: ['booking.created', 'invoice.paid'] };
    const headers = { 'idempotency-key': 'contract-webhook-retry' };
    let hook: { id: string } | undefined;
    for (const status of [201, 200])
      hook = checked(
        'POST',
        '/api/integrations/webhooks',
        status,
        await call(h, 'POST', '/api/integrations/webhooks', { token: owner.token, body, headers }),
      ).body;
    const path = `/api/integrations/webhooks/${hook!.id}`;
    await ok('GET', '/api/integrations/webhooks', 200, owner);
    await ok('GET', path, 200, owner);
    await ok('PATCH', path, 200, owner, { description: 'Contract CRM', events: ['*'] });
    const queued = await ok('POST', `${path}/test`, 202, owner);
    await ok('GET', `${path}/deliveries`, 200, owner);
    await ok('POST', `${path}/deliveries/${queued.body.delivery.id}/resend`, 202, owner);
    await ok('POST', `${path}/rotate-secret`, 201, owner);
    await ok('DELETE', path, 200, owner);
  });

  it('every call of the table had an answer checked', () => {
    assert.deepEqual(contract.unchecked(), []);
  });

  it('every /api route the service serves is in the table', () => {
    assert.deepEqual(routesMissingFromTable(ADMIN_ROUTES, h.service.router.stack), []);
  });
});
