import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { computePayment, type PaymentInput } from './payment.ts';

const base: PaymentInput = {
  priceCents: 110000,
  taxType: 'inclusive',
  taxRatePercent: 10,
  depositType: 'None',
  depositValue: '',
};

describe('confirm payment arithmetic (cents)', () => {
  const cases: Array<
    [string, Partial<PaymentInput>, { total: number; gst: number; deposit: number; due: number }]
  > = [
    [
      '25 % of an inclusive total',
      { depositType: 'Percentage', depositValue: '25' },
      { total: 110000, gst: 10000, deposit: 27500, due: 82500 },
    ],
    [
      'percentage clamped to 100',
      { depositType: 'Percentage', depositValue: '150' },
      { total: 110000, gst: 10000, deposit: 110000, due: 0 },
    ],
    [
      'fixed, rounded to cents',
      { depositType: 'Fixed', depositValue: '200.456' },
      { total: 110000, gst: 10000, deposit: 20046, due: 89954 },
    ],
    [
      'fixed above the total is capped',
      { depositType: 'Fixed', depositValue: '5000' },
      { total: 110000, gst: 10000, deposit: 110000, due: 0 },
    ],
    [
      'none',
      { depositType: 'None', depositValue: '50' },
      { total: 110000, gst: 10000, deposit: 0, due: 110000 },
    ],
    [
      'fixed 1.005 rounds half up to 1.01',
      { depositType: 'Fixed', depositValue: '1.005' },
      { total: 110000, gst: 10000, deposit: 101, due: 109899 },
    ],
    [
      'non-numeric value means no deposit',
      { depositType: 'Fixed', depositValue: '12a' },
      { total: 110000, gst: 10000, deposit: 0, due: 110000 },
    ],
    [
      'zero value means no deposit',
      { depositType: 'Percentage', depositValue: '0' },
      { total: 110000, gst: 10000, deposit: 0, due: 110000 },
    ],
    [
      'exclusive: GST on top of the base',
      { taxType: 'exclusive', priceCents: 100000, depositType: 'Percentage', depositValue: 25 },
      { total: 110000, gst: 10000, deposit: 27500, due: 82500 },
    ],
    [
      'inclusive GST rounded once',
      { priceCents: 33333 },
      { total: 33333, gst: 3030, deposit: 0, due: 33333 },
    ],
    [
      'tenant rate 15 %, exclusive',
      { taxType: 'exclusive', taxRatePercent: 15, priceCents: 33333 },
      { total: 38333, gst: 5000, deposit: 0, due: 38333 },
    ],
  ];
  for (const [name, input, want] of cases) {
    it(name, () => {
      const got = computePayment({ ...base, ...input });
      assert.deepEqual(
        { total: got.totalCents, gst: got.gstCents, deposit: got.depositCents, due: got.finalDueCents },
        want,
      );
    });
  }
});
