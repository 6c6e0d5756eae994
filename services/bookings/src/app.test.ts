/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertTenantTablesHaveRls } from '@venue/service-kit/testing';
import { form, futureDate, HALL, OTHER, OWNER, unstartedHarness, useHarness } from './testing/harness.ts';

const h = unstartedHarness();

describe('bookings service', () => {
  useHarness(h);

  describe('service', () => {
    it('is healthy and keeps every tenant table behind row-level security', async () => {
      const health = (await h.call('GET', '/health')).body;
      assert.deepEqual(
        { status: health.status, service: health.service, db: health.db },
        { status: 'ok', service: 'bookings', db: 'ok' },
      );
      await assertTenantTablesHaveRls(h.t.kit, ['bookings', 'resource_slots', 'customers']);
    });
  });

  describe('tenancy and permissions on every endpoint', () => {
    let id: string;
    let customerId: string;
    before(async () => {
      const b = (await h.create({ bookingDate: futureDate(70), customerEmail: 'private@example.com' })).body
        .booking;
      id = b.id;
      customerId = b.customerId;
    });
    const endpoints = (): Array<[string, string, unknown?]> => [
      ['GET', `/api/bookings/hall-owner/${OWNER}`],
      ['GET', '/api/bookings'],
      ['GET', '/api/bookings/stats'],
      ['GET', '/api/bookings/search?q=pr'],
      ['GET', `/api/bookings/${id}`],
      ['POST', '/api/bookings/admin', form()],
      ['PUT', `/api/bookings/${id}`, { notes: 'x' }],
      [
        'POST',
        '/api/bookings/check',
        { resourceId: HALL, bookingDate: futureDate(70), startTime: '10:00', endTime: '11:00' },
      ],
      ['PUT', `/api/bookings/${id}/status`, { status: 'cancelled' }],
      ['POST', `/api/bookings/${id}/accept`, {}],
      ['POST', `/api/bookings/${id}/decline`, { reason: 'other' }],
      ['POST', `/api/bookings/${id}/request-changes`, { message: 'x' }],
      ['POST', '/api/bookings/bulk/accept', { ids: [id] }],
      ['POST', '/api/bookings/bulk/decline', { ids: [id], reason: 'other' }],
      [
        'PATCH',
        `/api/bookings/${id}/move`,
        { bookingDate: futureDate(70), startTime: '10:00', endTime: '11:00' },
      ],
      ['GET', `/api/calendar?from=${futureDate(70)}&to=${futureDate(70)}`],
      ['GET', '/api/bookings/holds-expiring'],
      ['GET', '/api/bookings/export.csv'],
      ['GET', '/api/customers'],
      ['GET', `/api/customers/${customerId}`],
      ['GET', `/api/customers/${customerId}/export.csv`],
      ['GET', `/api/customers/${customerId}/export.pdf`],
      ['POST', `/api/customers/${customerId}/anonymise`],
    ];

    it('401 without a token, 403 for a sub-user without the page key', async () => {
      for (const [method, path, body] of endpoints()) {
        assert.equal((await h.call(method, path, undefined, body)).status, 401, `${method} ${path}`);
        assert.equal((await h.call(method, path, h.tokens.sub, body)).status, 403, `${method} ${path}`);
      }
    });

    it("another owner never sees or changes this owner's bookings or customers", async () => {
      assert.equal((await h.call('GET', `/api/bookings/hall-owner/${OWNER}`, h.tokens.other)).status, 403);
      for (const [method, path, body] of endpoints()) {
        const res = await h.call(method, path, h.tokens.other, body);
        if (path.includes(id) || path.includes(customerId))
          assert.equal(res.status, 404, `${method} ${path}`);
        assert.ok(!res.text.includes('private@example.com'), `${method} ${path} leaked`);
        if (path.includes('bulk')) assert.deepEqual(res.body.succeeded, []);
      }
      const mine = await h.call('GET', `/api/bookings/${id}`, h.tokens.owner);
      assert.equal(mine.body.status, 'pending');
      assert.equal(mine.body.notes, '');
      // a booking for OTHER's own hall on that date is unaffected by OWNER's
      assert.equal((await h.call('GET', `/api/bookings/hall-owner/${OTHER}`, h.tokens.other)).status, 200);
    });

    it('a sub-user with the bookings and customers keys works for the parent', async () => {
      assert.equal((await h.call('GET', `/api/bookings/${id}`, h.tokens.subOk)).status, 200);
      assert.equal((await h.call('GET', `/api/customers/${customerId}`, h.tokens.subOk)).status, 200);
      assert.equal((await h.call('GET', `/api/bookings/hall-owner/${OWNER}`, h.tokens.subOk)).status, 200);
    });

    it("a super admin reads a named owner's bookings through the hall-owner path", async () => {
      const res = await h.call('GET', `/api/bookings/hall-owner/${OWNER}`, h.tokens.super);
      assert.equal(res.status, 200);
      assert.ok(res.body.some((b: any) => b.id === id));
    });
  });
});
