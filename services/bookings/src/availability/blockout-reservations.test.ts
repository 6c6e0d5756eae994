/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * The catalogue's block-outs reserve their time in bookings before the catalogue stores them
 * (decision 55): POST /internal/blockouts/reserve and /release, as the catalogue calls them.
 * Runs on PGlite and, with TEST_DATABASE_URL, on the PostgreSQL server, where the race is real.
 * scripts/blockout-race.test.ts races the two real services end to end.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { zonedInstant } from '@venue/service-kit';
import { futureDate, HALL, OWNER, ROOM, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();
const ZONE = 'Australia/Sydney';

async function internal(path: string, body: unknown) {
  const res = await fetch(h.t.url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET ?? '',
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

const at = (day: string, time: string) => zonedInstant(day, time, ZONE).toISOString();

/** A reserve as the catalogue sends it: one block-out per period, on `resourceIds`. */
function reserve(
  periods: Array<{ id?: string; day: string; from: string; to: string }>,
  over: Record<string, unknown> = {},
) {
  const blockouts = periods.map((p) => ({
    id: p.id ?? randomUUID(),
    startsAt: at(p.day, p.from),
    endsAt: at(p.day, p.to),
  }));
  return {
    blockouts,
    send: () =>
      internal('/internal/blockouts/reserve', {
        tenantId: OWNER,
        revision: 1,
        resourceIds: [HALL],
        blockouts,
        reason: 'Maintenance',
        ...over,
      }),
  };
}

const release = (ids: string[]) => internal('/internal/blockouts/release', { tenantId: OWNER, ids });

/** The calendar's block-outs around `day` (of `ids` only: the calendar's range reaches past the day). */
async function calendarBlockouts(day: string, ids?: string[]) {
  const cal = await h.call('GET', `/api/calendar?from=${day}&to=${day}`, h.tokens.owner);
  assert.equal(cal.status, 200, cal.text);
  return (cal.body.blockouts as any[]).filter((b) => !ids || ids.includes(b.id));
}

describe('block-outs reserved by the catalogue (decision 55)', () => {
  useHarness(h);
  it('a reserved block-out refuses the booking made after it, on every resource it names', async () => {
    const day = futureDate(70);
    const r = reserve([{ day, from: '08:00', to: '12:00' }], { resourceIds: [HALL, ROOM] });
    const done = await r.send();
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(done.body, { revision: 1, waiting: [] });
    for (const selectedHall of [HALL, ROOM]) {
      const b = await h.create({
        bookingDate: day,
        startTime: '11:00',
        endTime: '13:00',
        selectedHall,
        guestCount: 5,
      });
      assert.equal(b.status, 409, b.text);
      assert.equal(b.body.blockouts[0].id, r.blockouts[0]!.id);
    }
    assert.equal((await h.create({ bookingDate: day, startTime: '13:00', endTime: '15:00' })).status, 201);
    // repeating the call (a retry) repeats its answer and changes nothing
    assert.deepEqual((await r.send()).body, { revision: 1, waiting: [] });
    assert.equal((await calendarBlockouts(day)).filter((b) => b.id === r.blockouts[0]!.id).length, 2);
  });

  it('a block-out over a booking is refused, naming it in the venue’s formats; nothing is stored', async () => {
    const day = futureDate(71);
    const held = await h.create({
      bookingDate: day,
      startTime: '10:00',
      endTime: '14:00',
      customerName: 'Smith',
    });
    assert.equal(held.status, 201, held.text);
    const r = reserve([{ day, from: '13:00', to: '18:00' }]);
    const refused = await r.send();
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.code, 'blockout_over_bookings');
    const dmy = day.split('-').reverse().join('/');
    assert.equal(
      refused.body.message,
      `This block-out overlaps a booking: ${held.body.booking.bookingCode} Smith (Wedding), Main Hall, ${dmy} 10:00 AM–2:00 PM. Move or cancel it first, or block out over it.`,
    );
    assert.deepEqual(
      refused.body.clashes.map((c: any) => [c.bookingId, c.resourceId, c.explanation]),
      [[held.body.booking.id, HALL, 'Overlaps Smith Wedding (10:00 AM–2:00 PM)']],
    );
    assert.deepEqual(await calendarBlockouts(day, [r.blockouts[0]!.id]), [], 'nothing stored');
    // the time after the booking is still free
    assert.equal((await h.create({ bookingDate: day, startTime: '16:00', endTime: '17:00' })).status, 201);
  });

  it('asked to block out over bookings, it is recorded over them and waits for their time (decision 13)', async () => {
    const day = futureDate(72);
    const held = (await h.create({ bookingDate: day, startTime: '10:00', endTime: '12:00' })).body.booking;
    const r = reserve([{ day, from: '09:00', to: '17:00' }], { overBookings: true });
    const done = await r.send();
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(
      done.body.waiting.map((c: any) => c.bookingId),
      [held.id],
    );
    const [b] = (await calendarBlockouts(day)).filter((x) => x.id === r.blockouts[0]!.id);
    assert.equal(b.overlapsBooking, true);
    const { rows } = await h.t.kit.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE type = 'booking.blockout_overlap' AND data->>'blockoutId' = $1`,
      [r.blockouts[0]!.id],
    );
    assert.equal(rows[0]!.n, 1);
    // the booking lets go: the block-out takes its slot, and the time is closed
    await h.call('PUT', `/api/bookings/${held.id}/status`, h.tokens.owner, { status: 'cancelled' });
    const [after] = (await calendarBlockouts(day)).filter((x) => x.id === r.blockouts[0]!.id);
    assert.equal(after.overlapsBooking, false);
    assert.equal((await h.create({ bookingDate: day, startTime: '10:00', endTime: '11:00' })).status, 409);
  });

  it('writes of one block-out apply in revision order; a release is final', async () => {
    const day = futureDate(73);
    const id = randomUUID();
    assert.equal((await reserve([{ id, day, from: '08:00', to: '10:00' }]).send()).status, 200);
    // revision 2 moves it to the afternoon: the morning is free again
    const moved = await reserve([{ id, day, from: '14:00', to: '16:00' }], { revision: 2 }).send();
    assert.equal(moved.status, 200, moved.text);
    assert.equal((await h.create({ bookingDate: day, startTime: '08:30', endTime: '09:30' })).status, 201);
    // revision 1 again (a retry that arrived late) changes nothing
    const late = await reserve([{ id, day, from: '08:00', to: '10:00' }]).send();
    assert.deepEqual([late.status, late.body.code], [409, 'blockout_stale']);
    assert.equal((await h.create({ bookingDate: day, startTime: '14:30', endTime: '15:00' })).status, 409);
    // released: its time is free, and no write of it applies any more
    assert.deepEqual((await release([id])).body, { released: 1 });
    assert.deepEqual((await release([id])).body, { released: 0 });
    assert.equal((await h.create({ bookingDate: day, startTime: '14:30', endTime: '15:00' })).status, 201);
    const again = await reserve([{ id, day, from: '18:00', to: '19:00' }], { revision: 3 }).send();
    assert.deepEqual([again.status, again.body.code], [409, 'blockout_stale']);
    assert.equal((await calendarBlockouts(day)).filter((b) => b.id === id).length, 0);
  });

  it('a block-out over another block-out waits for it; the catalogue’s events only confirm', async () => {
    const day = futureDate(74);
    const first = reserve([{ day, from: '08:00', to: '12:00' }]);
    const second = reserve([{ day, from: '10:00', to: '14:00' }]);
    assert.equal((await first.send()).status, 200);
    const s = await second.send();
    assert.deepEqual([s.status, s.body.waiting], [200, []], 'no booking clash: accepted');
    // a late blockout.created of the first, with other times, changes nothing
    const firstId = first.blockouts[0]!.id;
    await h.event('blockout.created', {
      id: firstId,
      tenantId: OWNER,
      resourceIds: [HALL],
      startsAt: at(day, '00:00'),
      endsAt: at(day, '01:00'),
      reason: 'Maintenance',
    });
    assert.equal((await h.create({ bookingDate: day, startTime: '00:00', endTime: '01:00' })).status, 201);
    // the first goes (its deleted event): the second takes its time, 10:00–14:00 stays closed
    await h.event('blockout.deleted', {
      id: firstId,
      tenantId: OWNER,
      resourceIds: [HALL],
      startsAt: at(day, '08:00'),
      endsAt: at(day, '12:00'),
      reason: 'Maintenance',
    });
    assert.equal((await h.create({ bookingDate: day, startTime: '08:00', endTime: '09:00' })).status, 201);
    assert.equal((await h.create({ bookingDate: day, startTime: '12:30', endTime: '13:00' })).status, 409);
    const [waiting] = (await calendarBlockouts(day)).filter((b) => b.id === second.blockouts[0]!.id);
    assert.equal(waiting.overlapsBooking, false);
  });

  it('a daily block-out over several days and resources is refused whole when one day holds a booking', async () => {
    const days = [80, 81, 82, 83, 84].map((d) => futureDate(d));
    const held = await h.create({
      bookingDate: days[3],
      startTime: '09:00',
      endTime: '10:00',
      selectedHall: ROOM,
      guestCount: 5,
    });
    assert.equal(held.status, 201, held.text);
    const r = reserve(
      days.map((day) => ({ day, from: '08:00', to: '12:00' })),
      { resourceIds: [HALL, ROOM] },
    );
    const refused = await r.send();
    assert.equal(refused.status, 409, refused.text);
    assert.deepEqual(
      refused.body.clashes.map((c: any) => [c.blockoutId, c.resourceId]),
      [[r.blockouts[3]!.id, ROOM]],
    );
    const ids = r.blockouts.map((b) => b.id);
    for (const day of days) assert.deepEqual(await calendarBlockouts(day, ids), [], `${day}: nothing stored`);
    // without the booking's day, every day and resource is taken at once
    const rest = reserve(
      days.filter((_, i) => i !== 3).map((day) => ({ day, from: '08:00', to: '12:00' })),
      { resourceIds: [HALL, ROOM] },
    );
    assert.equal((await rest.send()).status, 200);
    const taken = rest.blockouts.map((b) => b.id);
    for (const [i, day] of days.entries()) {
      const on = (await calendarBlockouts(day, taken)).filter((b) => b.start.startsWith(day));
      assert.equal(on.length, i === 3 ? 0 : 2, day);
    }
  });

  it('refuses what is not a reserve: a 400 naming the field, nothing stored', async () => {
    const day = futureDate(75);
    const bad = await internal('/internal/blockouts/reserve', {
      tenantId: OWNER,
      revision: 1,
      resourceIds: [HALL],
      blockouts: [{ id: randomUUID(), startsAt: at(day, '12:00'), endsAt: at(day, '10:00') }],
    });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.text, /endsAt/);
    const noSecret = await fetch(h.t.url + '/internal/blockouts/release', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: OWNER, ids: [randomUUID()] }),
    });
    assert.equal(noSecret.status, 401);
  });

  // Transactions take turns on PGlite (it passes trivially there); on the server the race is real.
  it('a block-out and a booking for the same slot at once: one of them, never both (30 rounds)', async () => {
    let blockoutsWon = 0;
    for (let round = 0; round < 30; round++) {
      const day = futureDate(200 + round);
      const r = reserve([{ day, from: '10:00', to: '12:00' }]);
      const [b, k] = await Promise.all([
        r.send(),
        h.create({
          bookingDate: day,
          startTime: '11:00',
          endTime: '13:00',
          customerEmail: `race${round}@example.com`,
        }),
      ]);
      assert.equal(
        [b.status, k.status].filter((s) => s === 409).length,
        1,
        `round ${round}: ${b.text} ${k.text}`,
      );
      if (b.status === 200) blockoutsWon++;
      const { rows } = await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM blockouts o JOIN resource_slots s ON s.tenant_id = o.tenant_id
             AND s.resource_id = o.resource_id AND s.kind = 'booking' AND s.slot && tstzrange(o.starts_at, o.ends_at)
            WHERE o.id = $1`,
          [r.blockouts[0]!.id],
        ),
      );
      assert.equal(rows[0]!.n, 0, `round ${round}: a booking inside the block-out`);
    }
    assert.ok(blockoutsWon >= 0);
  });
});
