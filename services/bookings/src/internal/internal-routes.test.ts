import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKING_SLOT_EVENTS, bookingSlotEventSchema } from '@venue/contracts';
import { futureDate, OTHER, OWNER, useHarness } from '../testing/harness.ts';

describe('internal routes and the events other services copy', () => {
  const h = useHarness();
  it('answers the tenant export to internal callers only', async () => {
    assert.equal((await h.create({ bookingDate: futureDate(90) })).status, 201);
    assert.equal((await h.call('GET', `/internal/tenant-export/${OWNER}`)).status, 401);
    const exp = await fetch(`${h.t.url}/internal/tenant-export/${OWNER}`, {
      headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    });
    const data = (await exp.json()) as { bookings: Array<{ tenant_id: string }> };
    assert.ok(data.bookings.length > 0 && data.bookings.every((b) => b.tenant_id === OWNER));
    // the catalogue's feeds no longer ask for busy times: they keep a copy from events
    const busy = await fetch(`${h.t.url}/internal/resources/x/busy?tenantId=${OWNER}`, {
      headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    });
    assert.equal(busy.status, 404);
  });

  it('answers one booking as its events carry it, to internal callers, for its own venue only', async () => {
    const made = (await h.create({ bookingDate: futureDate(94) })).body.booking;
    const ask = (tenant: string, id: string, secret = true) =>
      fetch(`${h.t.url}/internal/bookings/${tenant}/${id}`, {
        headers: secret ? { 'x-venue-internal': process.env.INTERNAL_SECRET! } : {},
      });
    const r = await ask(OWNER, made.id);
    assert.equal(r.status, 200);
    const { booking } = (await r.json()) as { booking: Record<string, unknown> };
    const { rows } = await h.t.kit.db.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM outbox WHERE type = 'booking.created' AND data->>'id' = $1`,
      [made.id],
    );
    assert.deepEqual(booking, rows[0]!.data, 'the same shape and figures as its booking.created event');
    assert.equal((await ask(OWNER, made.id, false)).status, 401);
    assert.equal((await ask(OTHER, made.id)).status, 404, 'not through another venue');
    assert.equal((await ask(OWNER, '00000000-0000-4000-8000-000000000000')).status, 404);
    assert.equal((await ask(OWNER, 'not-a-uuid')).status, 404);
  });

  it('every booking event carries the slot the catalogue copies for the iCalendar feed', async () => {
    // created, moved, accepted, expired by the sweep (a system transaction), another confirmed
    // and cancelled: each kind of publication once
    const held = (await h.create({ bookingDate: futureDate(91) })).body.booking;
    const moved = await h.call('PATCH', `/api/bookings/${held.id}/move`, h.tokens.owner, {
      bookingDate: futureDate(92),
      startTime: '15:00',
      endTime: '18:00',
    });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(
      (await h.call('POST', `/api/bookings/${held.id}/accept`, h.tokens.owner, { holdHours: 24 })).status,
      200,
    );
    h.clock.now = new Date(Date.now() + 25 * 3_600_000);
    try {
      await h.t.kit.runJob('expire-holds');
    } finally {
      h.clock.now = new Date();
    }
    const kept = (await h.create({ bookingDate: futureDate(93), status: 'confirmed' })).body.booking;
    const cancel = await h.call('PUT', `/api/bookings/${kept.id}/status`, h.tokens.owner, {
      status: 'cancelled',
    });
    assert.equal(cancel.status, 200, cancel.text);

    const { rows } = await h.t.kit.db.query<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM outbox WHERE type = ANY($1::text[]) AND data->>'id' = ANY($2::text[]) ORDER BY seq`,
      [[...BOOKING_SLOT_EVENTS], [held.id, kept.id]],
    );
    const seen = rows.map((r) => `${r.type}:${String(r.data.status)}`);
    for (const expected of [
      'booking.created:pending',
      'booking.updated:pending',
      'booking.status_changed:tentative',
      'booking.status_changed:expired',
      'booking.created:confirmed',
      'booking.status_changed:cancelled',
    ])
      assert.ok(seen.includes(expected), `${expected} in ${seen.join(', ')}`);
    for (const r of rows) {
      const parsed = bookingSlotEventSchema.safeParse(r.data);
      assert.ok(parsed.success, `${r.type}: ${JSON.stringify(parsed.error?.issues)}`);
      assert.equal(parsed.data.hallOwnerId, OWNER);
    }
    // the move is in the slot: the updated event starts at the new time
    const afterMove = rows.find((r) => r.type === 'booking.updated')!;
    assert.match(String(afterMove.data.startsAt), /T15:00:00/);
  });

  it('the export gives the furthest stage each row proves (insights rebuilds its funnel from it)', async () => {
    const internal = { headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! } };
    const request = (await h.create({ bookingDate: futureDate(100) })).body.booking;
    const held = (await h.create({ bookingDate: futureDate(101) })).body.booking;
    assert.equal(
      (await h.call('POST', `/api/bookings/${held.id}/accept`, h.tokens.owner, { holdHours: 24 })).status,
      200,
    );
    const confirmed = (await h.create({ bookingDate: futureDate(102), status: 'confirmed' })).body.booking;
    const cancelled = await h.call('PUT', `/api/bookings/${confirmed.id}/status`, h.tokens.owner, {
      status: 'cancelled',
    });
    assert.equal(cancelled.status, 200, cancelled.text);
    const exp = await fetch(`${h.t.url}/internal/tenant-export/${OWNER}`, internal);
    const data = (await exp.json()) as {
      bookings: Array<{ id: string; status: string; furthest_stage: number }>;
    };
    const stage = (id: string) => data.bookings.find((b) => b.id === id)?.furthest_stage;
    assert.equal(stage(request.id), 0);
    assert.equal(stage(held.id), 1);
    // cancelled after its confirmation: still counts as confirmed
    assert.equal(data.bookings.find((b) => b.id === confirmed.id)?.status, 'cancelled');
    assert.equal(stage(confirmed.id), 2);
  });
});
