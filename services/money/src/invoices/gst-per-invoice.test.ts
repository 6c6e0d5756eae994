/**
 * Decision 44: GST is rounded per tax invoice. A $1,000.05 booking (GST $90.91) with a $500.03
 * deposit: the DEPOSIT invoice carries $45.46, the FINAL invoice ($500.02) its own $45.46 (not
 * $90.91 − $45.46 = $45.45), each 1/11 of its own total. PGlite and PostgreSQL.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unstarted, useStarted } from '@venue/service-kit/testing';
import { OWNER, startMoney, type Harness } from '../testing/harness.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('invoices/gst-per-invoice.test.ts', () => {
  useStarted(startMoney, h);

  test('the deposit and the final invoice each carry the GST of their own amount', async () => {
    const bookingId = await h.booking('booking.status_changed', {
      totalCents: 100_005,
      depositCents: 50_003,
    });
    const final = await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL' });
    assert.equal(final.status, 201, final.text);
    const list = (await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${bookingId}`, OWNER))
      .body as {
      type: string;
      totalCents: number;
      gstCents: number;
      subtotalCents: number;
    }[];
    const deposit = list.find((i) => i.type === 'DEPOSIT')!;
    const fin = list.find((i) => i.type === 'FINAL')!;
    assert.deepEqual([deposit.totalCents, deposit.gstCents], [50_003, 4546]);
    assert.deepEqual([fin.totalCents, fin.gstCents], [50_002, 4546]);
    assert.equal(fin.subtotalCents + fin.gstCents, fin.totalCents);
    // One cent more than the booking's GST (round(100005 / 11) = 9091): legitimate, per decision 44.
    assert.equal(deposit.gstCents + fin.gstCents, 9092);
  });
});
