/**
 * GST and deposits on invoices against hand-computed cents (issue 13): a booking priced by the
 * money module (inclusive or exclusive, Fixed or Percentage deposit) is invoiced as a DEPOSIT
 * and a FINAL invoice; each carries the GST contained in its own amount, rounded half up once,
 * and the two add up to the booking's total and GST.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unstarted, useStarted } from '@venue/service-kit/testing';
import { depositFromInput, moneyFigures, type DepositType, type TaxType } from '@venue/contracts';
import { OWNER, startMoney, type Harness } from '../testing/harness.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('invoices/figures.test.ts', () => {
  useStarted(startMoney, h);

  interface Case {
    why: string;
    price: number;
    taxType: TaxType;
    bp: number;
    deposit: [DepositType, number | string];
    // hand-computed: booking total and GST, then deposit invoice [total, GST], final invoice [total, GST]
    total: number;
    gst: number;
    dep: [number, number];
    fin: [number, number];
  }

  const cases: Case[] = [
    {
      why: 'inclusive $661.00 at 10 %, 25 % deposit: 165.25 (GST 15.02), final 495.75 (GST 45.07)',
      price: 66100,
      taxType: 'inclusive',
      bp: 1000,
      deposit: ['Percentage', 25],
      total: 66100,
      gst: 6009, // 661.00/11 = 60.0909 → 60.09
      dep: [16525, 1502], // 165.25/11 = 15.0227 → 15.02
      fin: [49575, 4507], // 495.75/11 = 45.0681 → 45.07 (15.02 + 45.07 = 60.09)
    },
    {
      why: 'exclusive $450.00 + 10 %, fixed $100.005 deposit (→ 100.01): final 394.99',
      price: 45000,
      taxType: 'exclusive',
      bp: 1000,
      deposit: ['Fixed', '100.005'],
      total: 49500, // 450.00 + 45.00
      gst: 4500,
      dep: [10001, 909], // 100.01/11 = 9.0918 → 9.09
      fin: [39499, 3591], // 394.99/11 = 35.9081 → 35.91 (9.09 + 35.91 = 45.00)
    },
    {
      why: 'inclusive $100.00 at 15 %, 33 % deposit: GST 4.30 + 8.74 = 13.04',
      price: 10000,
      taxType: 'inclusive',
      bp: 1500,
      deposit: ['Percentage', 33],
      total: 10000,
      gst: 1304, // 100 × 15/115 = 13.0434 → 13.04
      dep: [3300, 430], // 33 × 15/115 = 4.3043 → 4.30
      fin: [6700, 874], // 67 × 15/115 = 8.7391 → 8.74
    },
    {
      why: 'half a cent: $123.45 at 0 % GST, 50 % deposit → 61.73 (61.725 half up), final 61.72',
      price: 12345,
      taxType: 'inclusive',
      bp: 0,
      deposit: ['Percentage', 50],
      total: 12345,
      gst: 0,
      dep: [6173, 0],
      fin: [6172, 0],
    },
    {
      why: 'exclusive $0.05 + 10 % (0.005 → 0.01): 6 cents, fixed deposit above it capped at 6 (nothing left)',
      price: 5,
      taxType: 'exclusive',
      bp: 1000,
      deposit: ['Fixed', '1'],
      total: 6,
      gst: 1,
      dep: [6, 1], // 6/11 = 0.545 → 1
      fin: [0, 0],
    },
  ];

  describe('invoice figures', () => {
    for (const c of cases) {
      test(c.why, async () => {
        const choice = depositFromInput(c.deposit[0], c.deposit[1]);
        assert.ok(choice.ok);
        const f = moneyFigures({
          priceCents: c.price,
          taxType: c.taxType,
          rateBp: c.bp,
          deposit: choice.deposit,
        });
        assert.deepEqual([f.totalCents, f.gstCents, f.depositCents], [c.total, c.gst, c.dep[0]]);
        const bookingId = await h.booking('booking.created', {
          totalCents: f.totalCents,
          depositCents: f.depositCents,
          taxType: c.taxType,
          taxRateBp: c.bp,
        });
        const dep = await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'DEPOSIT' });
        assert.equal(dep.status, 201, dep.text);
        assert.deepEqual([dep.body.totalCents, dep.body.gstCents], c.dep);
        assert.equal(dep.body.subtotalCents, c.dep[0] - c.dep[1]);
        const fin = await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL' });
        if (c.fin[0] === 0) {
          assert.equal(fin.status, 409, 'nothing left to invoice');
          return;
        }
        assert.equal(fin.status, 201, fin.text);
        assert.deepEqual([fin.body.totalCents, fin.body.gstCents], c.fin);
        assert.equal(fin.body.depositAppliedCents, c.dep[0]);
        assert.equal(fin.body.fullAmountCents, c.total);
        assert.equal(c.dep[0] + c.fin[0], c.total);
        assert.equal(c.dep[1] + c.fin[1], c.gst);
      });
    }
  });
});
