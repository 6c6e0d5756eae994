import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { futureDate, ROOM, useHarness } from '../testing/harness.ts';

describe('the catalogue is asked with no transaction open', () => {
  const h = useHarness();
  it('create, check, edit and move call it between their transactions', async () => {
    const calls: string[] = [];
    const inside: string[] = [];
    // A statement outside a transaction while one is open is refused by the kit on PGlite (one
    // connection): the probe's query fails exactly when the call happens inside a transaction.
    h.state.probe = async (call) => {
      calls.push(call);
      try {
        await h.t.kit.db.query('SELECT 1');
      } catch (err) {
        inside.push(`${call}: ${(err as Error).message}`);
      }
    };
    try {
      const date = futureDate(70);
      // ROOM is not in bookings' copy yet: the catalogue's list is asked too
      const created = await h.create({ selectedHall: ROOM, guestCount: 5, bookingDate: date });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.booking.id;
      const check = await h.call('POST', '/api/bookings/check', h.tokens.owner, {
        resourceId: ROOM,
        bookingDate: date,
        startTime: '15:00',
        endTime: '16:00',
      });
      assert.equal(check.status, 200);
      const edited = await h.call('PUT', `/api/bookings/${id}`, h.tokens.owner, { endTime: '15:00' });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      const moved = await h.call('PATCH', `/api/bookings/${id}/move`, h.tokens.owner, {
        bookingDate: futureDate(71),
        startTime: '09:00',
        endTime: '11:00',
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.deepEqual(calls, ['resources', 'quote', 'quote', 'quote', 'quote']);
      assert.deepEqual(inside, []);
    } finally {
      h.state.probe = undefined;
    }
  });
});
