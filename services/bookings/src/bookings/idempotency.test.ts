/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies */
/**
 * The kit's Idempotency-Key on a real route: creating a booking (POST /api/bookings/admin),
 * which asks the catalogue before it writes and answers 201 with the booking.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@venue/service-kit';
import { OWNER, OTHER, OTHER_HALL, futureDate, form, useHarness } from '../testing/harness.ts';

describe('booking create with Idempotency-Key', () => {
  const h = useHarness();

  const create = async (body: unknown, key: string | undefined, token = h.tokens.owner) => {
    const res = await fetch(`${h.t.url}/api/bookings/admin`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as any,
      type: res.headers.get('content-type'),
      replayed: res.headers.get('idempotent-replayed'),
    };
  };
  const bookingsNamed = async (customerName: string) =>
    (
      await h.t.kit.db.systemTx((tx) =>
        tx.query<{ tenant_id: string }>(
          'SELECT tenant_id FROM bookings WHERE customer_name = $1 ORDER BY tenant_id',
          [customerName],
        ),
      )
    ).rows.map((r) => r.tenant_id);
  let day = 40;
  const aForm = (customerName: string) => form({ customerName, bookingDate: futureDate(day++) });

  it('creates one booking for the same key sent twice, and replays the answer', async () => {
    const body = aForm('Idem Twice');
    const key = randomUUID();
    const first = await create(body, key);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await create(body, key);
    assert.deepEqual({ ...second, replayed: null }, { ...first, replayed: null });
    assert.equal(second.replayed, 'true');
    assert.deepEqual(await bookingsNamed('Idem Twice'), [OWNER]);
  });

  it('creates one booking when ten identical requests arrive at once', async () => {
    const body = aForm('Idem Burst');
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 10 }, () => create(body, key)));
    assert.deepEqual(await bookingsNamed('Idem Burst'), [OWNER]);
    const created = replies.filter((r) => r.status === 201);
    assert.ok(created.length >= 1);
    for (const r of created) assert.deepEqual(r.body, created[0]!.body);
    for (const r of replies) assert.ok([201, 409].includes(r.status), JSON.stringify(r.body));
    assert.equal(replies.filter((r) => r.replayed === null).length, 1);
  });

  it('refuses the key for a different booking (422), and lets another tenant use it', async () => {
    const key = randomUUID();
    assert.equal((await create(aForm('Idem First'), key)).status, 201);
    const other = await create(aForm('Idem Second'), key);
    assert.equal(other.status, 422);
    assert.deepEqual(other.body, { message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    assert.deepEqual(await bookingsNamed('Idem Second'), []);

    // Another tenant's request under the same key is its own: it does its own work.
    const elsewhere = await create(
      { ...aForm('Idem First'), selectedHall: OTHER_HALL, guestCount: 20 },
      key,
      h.tokens.other,
    );
    assert.equal(elsewhere.status, 201, JSON.stringify(elsewhere.body));
    assert.equal(elsewhere.replayed, null);
    assert.deepEqual(await bookingsNamed('Idem First'), [OWNER, OTHER].sort());
  });

  it('without a key, a second identical request is a second attempt (here: the slot is taken)', async () => {
    const body = aForm('Idem None');
    assert.equal((await create(body, undefined)).status, 201);
    const again = await create(body, undefined);
    assert.equal(again.status, 409);
    assert.equal(again.replayed, null);
    assert.deepEqual(await bookingsNamed('Idem None'), [OWNER]);
  });
});
