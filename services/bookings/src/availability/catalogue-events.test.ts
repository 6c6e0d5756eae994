/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { futureDate, HALL, OWNER, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

describe('catalogue events', () => {
  useHarness(h);

  describe('block-outs from the catalogue', () => {
    it('a block-out blocks bookings; one over an existing booking is kept as an alert and claims the slot when freed', async () => {
      const date = futureDate(55);
      const startsAt = new Date(`${date}T00:00:00+11:00`).toISOString();
      const endsAt = new Date(`${date}T23:59:00+11:00`).toISOString();
      const other = futureDate(56);
      const existing = (await h.create({ bookingDate: other })).body.booking;
      await h.event('blockout.created', {
        id: randomUUID(),
        tenantId: OWNER,
        resourceIds: [HALL],
        startsAt,
        endsAt,
        reason: 'Maintenance',
      });
      const res = await h.create({ bookingDate: date });
      assert.equal(res.status, 409);
      assert.equal(res.body.blockouts[0].reason, 'Maintenance');
      // the same instant, written in venue time (Australia/Sydney) so the form shows the venue's clock
      assert.match(res.body.blockouts[0].startsAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+1[01]:00$/);
      assert.equal(new Date(res.body.blockouts[0].startsAt).toISOString(), startsAt);
      const overId = randomUUID();
      await h.event('blockout.created', {
        id: overId,
        tenantId: OWNER,
        resourceIds: [HALL],
        startsAt: existing.startsAt,
        endsAt: existing.endsAt,
        reason: 'Deep Cleaning',
      });
      const cal = await h.call('GET', `/api/calendar?from=${other}&to=${other}`, h.tokens.owner);
      assert.equal(cal.body.blockouts.find((b: any) => b.id === overId).overlapsBooking, true);
      assert.equal(
        (await h.call('GET', `/api/bookings/${existing.id}`, h.tokens.owner)).body.status,
        'pending',
      );
      await h.call('PUT', `/api/bookings/${existing.id}/status`, h.tokens.owner, { status: 'cancelled' });
      const cal2 = await h.call('GET', `/api/calendar?from=${other}&to=${other}`, h.tokens.owner);
      assert.equal(cal2.body.blockouts.find((b: any) => b.id === overId).overlapsBooking, false);
      await h.event('blockout.deleted', {
        id: overId,
        tenantId: OWNER,
        resourceIds: [HALL],
        startsAt: existing.startsAt,
        endsAt: existing.endsAt,
      });
      assert.equal((await h.create({ bookingDate: other })).status, 201);
    });
  });

  describe('resources from the catalogue', () => {
    it('uses replicated resource events: capacity, buffers and archiving', async () => {
      const id = randomUUID();
      const garden = {
        id,
        tenantId: OWNER,
        name: 'Garden',
        capacity: 20,
        status: 'active',
        setupBufferMinutes: 60,
        packdownBufferMinutes: 0,
        applyBuffers: true,
      };
      await h.event('resource.created', garden);
      const date = futureDate(90);
      const book = (guestCount: number, startTime: string, endTime: string) =>
        h.create({ selectedHall: id, guestCount, bookingDate: date, startTime, endTime });
      const a = await book(20, '10:00', '11:00');
      assert.equal(a.body.booking.resourceName, 'Garden');
      assert.equal(a.body.booking.setupBufferMinutes, 60);
      assert.equal((await book(21, '15:00', '16:00')).status, 400);
      // the next booking's 60-minute setup would start inside the first
      assert.equal((await book(5, '11:30', '12:00')).status, 409);
      await h.event('resource.updated', { ...garden, status: 'archived' });
      const archived = await book(5, '18:00', '19:00');
      assert.equal(archived.body.message, 'The selected hall is archived and cannot be booked.');
      assert.equal(
        (await h.create({ selectedHall: randomUUID() })).body.message,
        'The selected hall was not found.',
      );
    });
  });
});
