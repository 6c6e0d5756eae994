/**
 * One-line fields refuse line breaks (issue 24 item 15): a business name, a person's name, an
 * address line, a phone number or an API key's name with CR or LF in it is a 400 naming the
 * field, and nothing is saved. A line break there would start a new header in the e-mails that
 * carry the name (the sender's name is the business name) or split a PDF's or CSV's line.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startWithDemoSessions } from './testing/demo-sessions.ts';
import { call, type Harness, type Session } from './testing/harness.ts';

let h: Harness;
let owner: Session;
let admin: Session;

const BREAKS = ['Acme Hall\r\nBcc: everyone@example.com', 'Acme\nHall', 'Acme\rHall', 'Acme\u2028Hall'];

function refused(
  reply: { status: number; body: { errors?: Array<{ path: string; message: string }> } },
  field: string,
) {
  assert.equal(reply.status, 400, JSON.stringify(reply.body));
  const error = reply.body.errors?.find((e) => e.path === field);
  assert.ok(error, `names ${field}: ${JSON.stringify(reply.body)}`);
  assert.match(error.message, /single line/);
}

describe('one-line fields refuse line breaks, and nothing changes', () => {
  before(async () => {
    ({ h, owner, admin } = await startWithDemoSessions());
  });
  after(async () => {
    await h?.close();
  });

  test('business details: business name and phone', async () => {
    const path = '/api/tenant-settings/business';
    const saved = await call(h, 'PUT', path, {
      token: owner.token,
      body: { businessName: 'Harbourside Hall Pty Ltd', businessPhone: '02 9555 0142' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    for (const value of BREAKS) {
      refused(
        await call(h, 'PUT', path, { token: owner.token, body: { businessName: value } }),
        'businessName',
      );
      refused(
        await call(h, 'PUT', path, { token: owner.token, body: { businessPhone: `02 9555\n0142` } }),
        'businessPhone',
      );
    }
    const after = await call(h, 'GET', path, { token: owner.token });
    assert.equal(after.body.businessName, 'Harbourside Hall Pty Ltd');
    assert.equal(after.body.businessPhone, '02 9555 0142');
    // A pasted value's trailing newline is trimmed away, not refused.
    const pasted = await call(h, 'PUT', path, {
      token: owner.token,
      body: { businessName: 'Harbourside Hall\r\n' },
    });
    assert.equal(pasted.status, 200, JSON.stringify(pasted.body));
    assert.equal(pasted.body.businessName, 'Harbourside Hall');
    // The address is several lines on an invoice, and may be written so.
    const address = await call(h, 'PUT', path, {
      token: owner.token,
      body: { businessAddress: '12 Wharf Road\nSydney NSW 2000' },
    });
    assert.equal(address.status, 200, JSON.stringify(address.body));
  });

  test('bank details: account name and bank name', async () => {
    const path = '/api/users/bank-details';
    for (const field of ['accountName', 'bankName']) {
      refused(
        await call(h, 'PUT', path, { token: owner.token, body: { [field]: 'Harbourside\nHall' } }),
        field,
      );
    }
  });

  test("a sub-user's name, and an account's names, phone and address lines", async () => {
    const before = await call(h, 'GET', '/api/users', { token: owner.token });
    refused(
      await call(h, 'POST', '/api/users', {
        token: owner.token,
        body: {
          name: 'Nina\r\nBcc: x@example.com',
          email: 'nina-lines@demo.local',
          password: 'nina-pass-2026',
        },
      }),
      'name',
    );
    const staff = before.body[0];
    refused(
      await call(h, 'PUT', `/api/users/sub-users/${staff.id}`, {
        token: owner.token,
        body: { name: 'Sam\nStaff' },
      }),
      'name',
    );
    const afterwards = await call(h, 'GET', '/api/users', { token: owner.token });
    assert.deepEqual(afterwards.body, before.body, 'no sub-user made or renamed');

    const account = {
      email: 'lines-owner@demo.local',
      password: 'lines-owner-pass',
      role: 'hall_owner',
      hallName: 'Lines Hall',
      contactNumber: '03 9000 1234',
      address: { line1: '1 Long Road', postcode: '3000', state: 'VIC' },
    };
    for (const [field, body] of [
      ['name', { ...account, name: 'Lee\nLines' }],
      ['hallName', { ...account, hallName: 'Lines\r\nHall' }],
      ['contactNumber', { ...account, contactNumber: '03 9000\n1234' }],
      ['address.line1', { ...account, address: { ...account.address, line1: '1 Long\nRoad' } }],
      ['address.postcode', { ...account, address: { ...account.address, postcode: '30\n00' } }],
    ] as const) {
      refused(await call(h, 'POST', '/api/users', { token: admin.token, body }), field);
    }
    const accounts = await call(h, 'GET', '/api/users', { token: admin.token });
    assert.ok(!accounts.body.some((a: { email: string }) => a.email === account.email), 'no account made');
  });

  test("an API key's name", async () => {
    refused(
      await call(h, 'POST', '/api/integrations/api-keys', {
        token: owner.token,
        body: { name: 'Xero\r\nsync', permissions: ['bookings'], expiresInDays: 30 },
      }),
      'name',
    );
  });
});
