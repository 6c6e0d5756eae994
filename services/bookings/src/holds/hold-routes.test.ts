/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bookingMailPartSchema } from '@venue/contracts';
import { futureDate, hours, useHarness } from '../testing/harness.ts';

describe('holds and requests', () => {
  const h = useHarness();
  it('holds: accept blocks the slot, the sweep expires it and frees the slot', async () => {
    const date = futureDate(53);
    const b = (await h.create({ bookingDate: date })).body.booking;
    const acc = await h.call('POST', `/api/bookings/${b.id}/accept`, h.tokens.owner, { holdHours: 24 });
    assert.equal(acc.body.booking.status, 'tentative');
    assert.equal(hours(new Date().toISOString(), acc.body.booking.holdExpiresAt) > 23.9, true);
    assert.equal((await h.create({ bookingDate: date })).status, 409);
    const expiring = await h.call('GET', '/api/bookings/holds-expiring', h.tokens.owner);
    assert.ok(expiring.body.holds.some((x: any) => x.bookingId === b.id));
    assert.equal(await h.t.kit.runJob('expire-holds'), true);
    assert.equal((await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body.status, 'tentative');
    h.clock.now = new Date(Date.now() + 25 * 3_600_000);
    try {
      await h.t.kit.runJob('expire-holds');
    } finally {
      h.clock.now = new Date();
    }
    assert.equal((await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body.status, 'expired');
    assert.equal((await h.create({ bookingDate: date })).status, 201);
  });

  it('decline and request changes change state and publish what comms e-mails the customer; bulk reports each id', async () => {
    const date = futureDate(54);
    const a = (
      await h.create({
        bookingDate: date,
        startTime: '08:00',
        endTime: '09:00',
        customerEmail: 'dee@example.com',
      })
    ).body.booking;
    const b = (await h.create({ bookingDate: date, startTime: '11:00', endTime: '12:00' })).body.booking;
    assert.equal(
      (await h.call('POST', `/api/bookings/${a.id}/request-changes`, h.tokens.owner, { message: '  ' }))
        .status,
      400,
    );
    const rc = await h.call('POST', `/api/bookings/${a.id}/request-changes`, h.tokens.owner, {
      message: 'Please confirm numbers',
    });
    assert.equal(rc.body.booking.status, 'pending');
    assert.equal(rc.body.booking.changeRequest.message, 'Please confirm numbers');
    assert.equal((await h.call('POST', `/api/bookings/${a.id}/decline`, h.tokens.owner, {})).status, 400);
    const d = await h.call('POST', `/api/bookings/${a.id}/decline`, h.tokens.owner, { reason: 'capacity' });
    assert.equal(d.body.booking.status, 'cancelled');
    // The e-mails are comms' (issue 12): the events carry the words and the customer's address.
    const { rows: events } = await h.t.kit.db.query<{ type: string; data: any }>(
      `SELECT type, data FROM outbox WHERE data->>'id' = $1 AND (data ? 'declineReason' OR data ? 'changesRequested') ORDER BY seq`,
      [a.id],
    );
    assert.deepEqual(
      events.map((e) => [
        e.type,
        e.data.customerEmail,
        e.data.changesRequested?.message ?? e.data.declineReason,
      ]),
      [
        ['booking.updated', 'dee@example.com', 'Please confirm numbers'],
        ['booking.status_changed', 'dee@example.com', 'The guest count exceeds the venue capacity'],
      ],
    );
    // what comms reads of them (its e-mail's words, recipient, date, hall) is really there
    for (const e of events) bookingMailPartSchema.parse(e.data);
    assert.equal((await h.call('GET', '/api/bookings/emails', h.tokens.owner)).status, 404);
    const bulk = await h.call('POST', '/api/bookings/bulk/accept', h.tokens.owner, {
      ids: [a.id, b.id],
      holdHours: 48,
    });
    assert.deepEqual(bulk.body.succeeded, [b.id]);
    assert.equal(bulk.body.failed[0].id, a.id);
  });
});
