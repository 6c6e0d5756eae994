import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { futureDate, useHarness } from '../testing/harness.ts';

describe('transitions', () => {
  const h = useHarness();
  it('confirms with a 25 % deposit computed on the server (inclusive GST at the tenant rate)', async () => {
    const b = (await h.create({ bookingDate: futureDate(50), startTime: '10:00', endTime: '21:00' })).body
      .booking; // $1100
    const res = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
      status: 'confirmed',
      payment_details: {
        tax_type: 'inclusive',
        deposit_type: 'Percentage',
        deposit_value: 25,
        total_amount: 1,
      },
    });
    assert.equal(res.status, 200);
    const pd = res.body.booking.payment_details;
    assert.deepEqual([pd.total_amount, pd.tax.gst, pd.deposit_amount, pd.final_due], [1100, 100, 275, 825]);
    assert.equal(res.body.booking.depositType, 'Percentage');
    const paid = await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, {
      payment_details: { deposit_paid: true },
    });
    assert.equal(paid.body.booking.payment_details.deposit_paid, true);
    const done = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'completed' });
    assert.equal(done.body.booking.status, 'completed');
    const refused = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
      status: 'cancelled',
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'Cannot change a completed booking to cancelled.');
  });

  it('cancels with a reason and frees the slot', async () => {
    const date = futureDate(51);
    const b = (await h.create({ bookingDate: date })).body.booking;
    const res = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
      status: 'cancelled',
      reason: 'Client changed plans',
    });
    assert.equal(res.body.booking.cancellationReason, 'Client changed plans');
    assert.ok(res.body.booking.cancelledAt);
    assert.equal((await h.create({ bookingDate: date })).status, 201);
    assert.equal(
      (await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'pending' })).status,
      409,
    );
  });

  it('refuses pending → completed and tentative → pending', async () => {
    const b = (await h.create({ bookingDate: futureDate(52) })).body.booking;
    assert.equal(
      (await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'completed' })).body
        .message,
      'Cannot change a pending booking to completed.',
    );
    await h.call('POST', `/api/bookings/${b.id}/accept`, h.tokens.owner, { holdHours: 24 });
    assert.equal(
      (await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'pending' })).status,
      409,
    );
  });
});
