import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { futureDate, HALL, OWNER, useHarness } from '../test-support.ts';

const h = useHarness();

describe('internal routes', () => {
  it('answers the busy times of a resource to internal callers only', async () => {
    // a booking on the hall to be busy with (the suite used to share one from earlier tests)
    assert.equal((await h.create({ bookingDate: futureDate(90) })).status, 201);
    const path = `/internal/resources/${HALL}/busy?tenantId=${OWNER}`;
    assert.equal((await h.call('GET', path)).status, 401);
    const res = await fetch(h.t.url + path, {
      headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    });
    const body = (await res.json()) as { busy: Array<{ start: string; summary: string }> };
    assert.ok(body.busy.length > 0);
    assert.ok(!JSON.stringify(body).includes('@'));
    assert.equal((await h.call('GET', `/internal/tenant-export/${OWNER}`)).status, 401);
    const exp = await fetch(`${h.t.url}/internal/tenant-export/${OWNER}`, {
      headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    });
    const data = (await exp.json()) as { bookings: Array<{ tenant_id: string }> };
    assert.ok(data.bookings.length > 0 && data.bookings.every((b) => b.tenant_id === OWNER));
  });
});
