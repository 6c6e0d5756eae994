/**
 * Bookings' copy of a booking's money (decision 32): the deposit flag comes from money, by its
 * `booking_money.changed` events or its answer when bookings hands over the spec's
 * `PUT /api/bookings/{id}` {payment_details: {deposit_paid}}. Bookings never decides it itself.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { futureDate, OWNER, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

async function confirmed(days: number) {
  const b = (await h.create({ bookingDate: futureDate(days), startTime: '10:00', endTime: '14:00' })).body
    .booking; // $400
  const res = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
    status: 'confirmed',
    payment_details: { deposit_type: 'Fixed', deposit_value: 100 },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.booking as { id: string };
}

const moneyEvent = (bookingId: string, depositPaid: boolean, at: string) =>
  h.t.kit.handleEvent({
    id: randomUUID(),
    type: 'booking_money.changed',
    source: 'money',
    tenantId: OWNER,
    occurredAt: at,
    data: {
      bookingId,
      depositCents: 10_000,
      depositPaid,
      depositPaidAt: depositPaid ? at : null,
      paidCents: depositPaid ? 10_000 : 0,
      balanceDueCents: depositPaid ? 30_000 : 40_000,
      at,
    },
  });

describe('money read copy', () => {
  useHarness(h);
  it('money’s events set deposit paid and the balance; an older event never undoes a newer one', async () => {
    const b = await confirmed(91);
    await moneyEvent(b.id, true, '2026-05-01T10:00:00.000Z');
    let got = (await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body;
    const booking = got.booking ?? got;
    assert.equal(booking.payment_details.deposit_paid, true);
    assert.equal(booking.payment_details.paid_at, '2026-05-01T10:00:00.000Z');
    assert.equal(booking.balanceDueCents, 30_000);
    await moneyEvent(b.id, false, '2026-04-30T10:00:00.000Z'); // late, older
    got = (await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body;
    assert.equal((got.booking ?? got).payment_details.deposit_paid, true);
    await moneyEvent(b.id, false, '2026-05-02T10:00:00.000Z');
    got = (await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body;
    assert.equal((got.booking ?? got).payment_details.deposit_paid, false);
    assert.equal((got.booking ?? got).balanceDueCents, 40_000);
  });

  it('PUT payment_details.deposit_paid is handed to money; with money down nothing changes (503)', async () => {
    const b = await confirmed(92);
    const put = await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, {
      payment_details: { deposit_paid: true },
    });
    assert.equal(put.status, 200, put.text);
    let got = (await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body;
    assert.equal((got.booking ?? got).payment_details.deposit_paid, true);
    h.state.moneyDown = true;
    try {
      const down = await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, {
        payment_details: { deposit_paid: false },
      });
      assert.equal(down.status, 503);
      assert.match(down.body.message, /deposit was not changed/);
    } finally {
      h.state.moneyDown = false;
    }
    got = (await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body;
    assert.equal((got.booking ?? got).payment_details.deposit_paid, true);
  });
});
